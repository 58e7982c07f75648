"""tournament-merge - reads a result from standard input, as replay - does: it said
"cannot read -: No such file or directory"."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary


def shard(number: int) -> dict:
    plan = Plan(make_rules("classic"), 2, 4, ("random", "emma"), 8, number, 2)
    return summary(run_tournament(plan, jobs=1))


def stdin_holding(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_a_shard_on_standard_input_is_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "shard1.json"
    other.write_text(json.dumps(shard(1)))
    stdin_holding(monkeypatch, json.dumps(shard(0)).encode())
    assert main(["tournament-merge", "-", str(other), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 8 and captured.err == ""


def test_standard_input_is_named_in_what_is_wrong_and_read_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_holding(monkeypatch, b"not json")
    assert main(["tournament-merge", "-"]) == 2
    assert capsys.readouterr().err.startswith(
        "gofish tournament-merge: standard input is not a tournament JSON result: ")
    assert main(["tournament-merge", "-", "-"]) == 2  # the second would read nothing
    assert capsys.readouterr().err == ("gofish tournament-merge: - (standard input) can be "
                                       "given only once\n")

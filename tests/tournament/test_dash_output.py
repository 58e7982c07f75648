"""``--csv -`` and ``--plot -``: gofish reads ``-`` as standard output elsewhere (``export -o
-``), but here it wrote a file named ``-`` in the current folder, saying nothing. Refused
before any game, as any output that cannot be written as asked is (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_a_dash_for_an_output_file_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    option: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1",
                 option, "-"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"gofish tournament: {option} - would write a file named '-', not standard "
                   "output (which has the table, or the JSON): give a file name\n")
    assert not (tmp_path / "-").exists()


def test_merge_refuses_it_too(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1", "--json"]) == 0
    Path("whole.json").write_text(capsys.readouterr().out)
    assert main(["tournament-merge", "whole.json", "--csv", "-"]) == 2
    assert capsys.readouterr().err.startswith("gofish tournament-merge: --csv - would write")
    assert not (tmp_path / "-").exists()
    assert json.loads(Path("whole.json").read_text())["games"] == 2

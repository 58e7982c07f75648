"""--csv and --plot naming the file or pipe the result itself goes to (``/dev/stdout``, or
the file the shell sent standard output to): the CSV was then written whole beside that
file and moved over it, so ``--json --csv /dev/stdout > result.json`` left the CSV and no
result, and on a pipe the chart's bytes followed the one JSON object. Refused before any
game, as ``-`` is; and a shard merged from standard input is not written over either."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from gofish.cli import main

TOURNAMENT = ["tournament", "random", "emma", "--games", "2", "--seed", "1", "--json"]


@pytest.mark.parametrize("option", ["--csv", "--plot"])
@pytest.mark.parametrize("by", ["its name", "/dev/fd"])
def test_an_output_that_is_the_file_standard_output_goes_to_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    option: str, by: str,
) -> None:
    if option == "--plot":
        pytest.importorskip("matplotlib")
    result = tmp_path / "result"  # no extension: a chart would be PNG
    with result.open("w") as stdout:  # gofish tournament … --json > result
        monkeypatch.setattr(sys, "stdout", stdout)
        # /dev/fd/1 (/dev/stdout) in a shell; here the descriptor sys.stdout writes
        path = str(result) if by == "its name" else f"/dev/fd/{stdout.fileno()}"
        assert main([*TOURNAMENT, option, path]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament: {option} {path} is standard output, which has the table "
        "(or the JSON): give another file\n")
    assert result.read_text() == ""  # no game played, nothing written there


def test_an_output_that_is_the_pipe_standard_output_goes_to_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    reading, writing = os.pipe()
    os.close(reading)  # nothing may be written to it: a write would fail
    with os.fdopen(writing, "w") as stdout:  # gofish tournament … --json | reader
        monkeypatch.setattr(sys, "stdout", stdout)
        assert main([*TOURNAMENT, "--csv", f"/dev/fd/{writing}"]) == 2
    assert "is standard output" in capsys.readouterr().err


def test_dev_null_for_both_stays_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    with open(os.devnull, "w") as stdout:  # a cron job's > /dev/null --csv /dev/null
        monkeypatch.setattr(sys, "stdout", stdout)
        assert main([*TOURNAMENT, "--csv", os.devnull]) == 0


def test_a_shard_merged_from_standard_input_is_not_written_over(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    assert main(TOURNAMENT) == 0
    shard = tmp_path / "shard.json"
    shard.write_text(capsys.readouterr().out)
    kept = shard.read_text()
    with shard.open() as stdin:  # gofish tournament-merge - --csv shard.json < shard.json
        monkeypatch.setattr(sys, "stdin", stdin)
        assert main(["tournament-merge", "-", "--csv", str(shard)]) == 2
    assert capsys.readouterr() == (
        "", f"gofish tournament-merge: will not write over {shard}: it is one of the results "
        "being merged\n")
    assert shard.read_text() == kept
    assert json.loads(kept)["games"] == 2

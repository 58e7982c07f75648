"""play and resume started with standard input or output closed (``<&-``, ``>&-``, where
Python sets it to None) say so in one line, exit status 1 (README, "Exit statuses"), and
deal or touch no game: they wrote a traceback, after dealing one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("command", [["play"], ["play", "--plain"], ["resume", "--plain"]],
                         ids=" ".join)
@pytest.mark.parametrize("stream", ["stdin", "stdout"])
def test_a_closed_standard_stream_is_one_line_and_no_game(
        command: list[str], stream: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "games.sqlite3"
    monkeypatch.setattr(sys, stream, None)
    assert main([*command, "--database", str(database)]) == 1
    what = "input" if stream == "stdin" else "output"
    assert capsys.readouterr().err == f"gofish {command[0]}: standard {what} is closed\n"
    assert not database.exists()

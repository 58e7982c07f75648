"""What every command writes: a terminal that is not UTF-8 (a Latin-1 or ASCII console)
gets plain forms of what it cannot show (9♦ as 9D), never a UnicodeEncodeError
traceback; and a bad option is one line naming it, never a usage dump."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def gofish(args: list[str], encoding: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "gofish", *args], input=stdin, env=env,
                          capture_output=True, text=True, encoding="utf-8", errors="replace",
                          timeout=120)


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_plain_play_and_show_write_suits_as_letters(tmp_path: Path, encoding: str) -> None:
    database = str(tmp_path / "games.sqlite3")
    played = gofish(["play", "--plain", "--seed", "3", "--database", database], encoding,
                    stdin="hand\nquit\n")
    assert "Traceback" not in played.stderr and played.returncode == 0, played.stderr
    assert "Your hand: 2D, 3D, 5C 5H, 6D, 7D, 8S." in played.stdout
    shown = gofish(["show", "1", "--database", database], encoding)
    assert "Traceback" not in shown.stderr and shown.returncode == 0, shown.stderr
    assert "You are dealt seven cards: 2D 3D 5C 5H 6D 7D 8S." in shown.stdout


def test_a_utf_8_terminal_still_gets_the_symbols(tmp_path: Path) -> None:
    played = gofish(["play", "--plain", "--seed", "3", "--database",
                     str(tmp_path / "games.sqlite3")], "utf-8", stdin="hand\nquit\n")
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in played.stdout


@pytest.mark.parametrize(("args", "complaint"), [
    (["show", "--step=x", "1"], "gofish show: argument --step: ignored explicit argument 'x'"),
    (["export", "nope"], "gofish export: argument id: invalid int value: 'nope'"),
    (["stats", "--all-seats=3"], "gofish stats: argument --all-seats: ignored explicit"),
    (["replay"], "gofish replay: the following arguments are required"),
    (["tournament-merge"], "gofish tournament-merge: the following arguments are required"),
])
def test_every_command_reports_a_bad_option_in_one_line(
        args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]) -> None:
    from gofish.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith(complaint) and error.count("\n") == 1, error  # no usage dump
    assert f"(see gofish {args[0]} --help)" in error

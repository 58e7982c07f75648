"""A setting written before the program, as in a shell (``cmd:DEPTH=3 node bot.js``), is
refused saying that no shell is run and how to write it: it said only "'DEPTH=3' was not
found", as if the bot's file were missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gofish.cli import main


def test_a_setting_before_the_program_is_refused_with_the_way_to_write_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = f"DEPTH=3 {sys.executable} bot.py"
    assert main(["tournament", "random", f"cmd:{command}", "--games", "2", "--seed", "1"]) == 2
    assert capsys.readouterr() == ("", (
        f"gofish tournament: cannot run bot command {command!r}: no shell is run, so "
        f"'DEPTH=3' is not read as a setting: write cmd:env {command}\n"))


@pytest.mark.parametrize("program", ["~/bots/mine.sh", "$HOME/bots/mine.sh"])
def test_a_path_a_shell_would_expand_is_refused_with_the_full_path(
    program: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The bot is there, but "cmd:~/bots/mine.sh" reaches gofish unexpanded (the shell
    # leaves a ~ inside quotes alone): it said only "'~/bots/mine.sh' was not found".
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.sh").write_text("#!/bin/sh\n")
    (tmp_path / "bots" / "mine.sh").chmod(0o755)
    assert main(["tournament", "random", f"cmd:{program} --fast", "--seed", "1"]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament: cannot run bot command '{program} --fast': '{program}' was not "
        "found: no shell is run, so ~ and $VARIABLES are left as written (write the full "
        f"path, such as {tmp_path}/bots/mine.sh)\n")

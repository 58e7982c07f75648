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


def test_a_script_a_shell_would_expand_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    # "cmd:python ~/bots/mine.py" started python on the path as written: every game
    # forfeited with "can't open file '.../~/bots/mine.py'", up to the last.
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text("")
    command = f"{sys.executable} ~/bots/mine.py"
    assert main(["tournament", "random", f"cmd:{command}", "--seed", "1"]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament: cannot run bot command {command!r}: '~/bots/mine.py' is not "
        "there as written: no shell is run, so ~ and $VARIABLES are left as written (write "
        f"the full path, such as {tmp_path}/bots/mine.py)\n")


def test_an_argument_with_a_tilde_that_names_nothing_is_passed_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    # Only a path that is there once expanded is refused: "~x" may be the bot's own word.
    from gofish.protocol.external import split_command

    monkeypatch.setenv("HOME", str(tmp_path))
    assert split_command(f"{sys.executable} ~/nothing --level=$LEVEL") == [
        sys.executable, "~/nothing", "--level=$LEVEL"]

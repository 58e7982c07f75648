"""A setting written before the program, as in a shell (``cmd:DEPTH=3 node bot.js``), is
refused saying that no shell is run and how to write it: it said only "'DEPTH=3' was not
found", as if the bot's file were missing."""

from __future__ import annotations

import sys

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

"""A bot script saved with Windows line ends (\\r\\n) is refused before any game, saying so.
The system reads the \\r as the last letter of the #! line: a script naming its
interpreter directly forfeited every game with "cannot start bot './bot.py': No such file
or directory", of a file that is plainly there, and one run through env with env's own
"use -[v]S to pass options in shebang lines". The check of the #! line split the \\r off
as blank space and found the interpreter."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.protocol import ExternalBot

pytestmark = pytest.mark.skipif(os.name != "posix", reason="#! lines are POSIX")


def _script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bot.py"
    path.write_bytes(text.encode())
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("first_line", [f"#!{sys.executable}", "#!/usr/bin/env python3"])
def test_a_script_with_windows_line_ends_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, first_line: str,
) -> None:
    script = _script(tmp_path, first_line + "\r\nprint('never run')\r\n")
    assert main(["tournament", "random", f"cmd:{script}", "--games", "2", "--seed", "1"]) == 2
    assert capsys.readouterr() == ("", (
        f"gofish tournament: cannot run bot command {script!r}: {script!r} has Windows line "
        "ends (\\r\\n), and its #! line cannot: save it with Unix line ends (\\n)\n"))


def test_windows_line_ends_after_the_first_line_are_not_refused(tmp_path: Path) -> None:
    script = _script(tmp_path, f"#!{sys.executable}\nprint('never run')\r\n")
    ExternalBot(script).close()  # never started: nothing to refuse

"""Bot programs that start (they answer their hello) and then fail: a tournament refuses
one that does not start before any game, so a test of forfeits needs one that does."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

#: Python that answers the hello, then exits (code 0) before the first game.
HELLO_THEN_EXIT = ('import sys; sys.stdin.readline(); '
                   'print(\'{"type": "hello", "version": 1}\', flush=True)')


def hello_then_exit_command(extra: str = "") -> str:
    """A ``cmd:`` entry for a Python program that says hello and exits; ``extra`` is
    Python run after that (a newline in a command, say)."""
    return f"cmd:{sys.executable} -c {shlex.quote(HELLO_THEN_EXIT + extra)}"


def hello_then_exit_script(path: Path) -> Path:
    """An executable shell script at ``path`` that says hello and exits (code 1)."""
    path.write_text("#!/bin/sh\nread hello\necho '{\"type\": \"hello\", \"version\": 1}'\n"
                    "exit 1\n")
    path.chmod(0o755)
    return path

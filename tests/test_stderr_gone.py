"""A command whose standard error has gone away (its reader closed the pipe) keeps its exit
status: the message it could not print is dropped, not the status that says the same.

Python ignores SIGPIPE, so the message's write raised BrokenPipeError, which main takes for
the reader of standard output leaving (``| head``): a refused command exited 0, a success.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run_with_stderr_gone(*args: str) -> subprocess.CompletedProcess[str]:
    """``gofish ARGS`` with standard error a pipe nobody reads any more."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run([sys.executable, "-m", "gofish", *args], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=writer, text=True, timeout=120,
                              check=False)
    finally:
        os.close(writer)


@pytest.mark.parametrize("args", [
    ["history", "--limit", "0"],  # refused by argparse
    ["tournament", "emma", "random", "--games", "0"],  # refused by the command
    ["tournament", "nobody", "emma"],  # refused by a GoFishError main reports
    ["export", "7"],  # a game that is not there
], ids=lambda args: " ".join(args[:2]))
def test_a_refusal_with_stderr_gone_is_still_status_2(tmp_path: Path, args: list[str]) -> None:
    done = run_with_stderr_gone(*args, *(["--database", str(tmp_path / "none.sqlite3")]
                                         if args[0] in ("history", "export") else []))
    assert done.returncode == 2
    assert done.stdout == ""


def test_an_unreadable_file_with_stderr_gone_is_still_status_1(tmp_path: Path) -> None:
    folder = tmp_path / "games.sqlite3"
    folder.mkdir()
    assert run_with_stderr_gone("history", "--database", str(folder)).returncode == 1

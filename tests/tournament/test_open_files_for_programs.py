"""Each worker keeps one program running per external bot and seat, and holds three of its
files open for each (the ends of its standard input, output and error). Past the limit of
open files (``ulimit -n``: 1024 by default on most Linux systems, so a round robin of about
70 ``cmd:`` bots at five seats) programs could not be started, and each game that needed
one was forfeited by a bot that had done nothing wrong ("cannot start bot …: Too many open
files"). The tournament now raises its limit as far as the system lets it, and refuses,
before any game, a tournament whose programs the system cannot let it hold.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource")

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "examples" / "mybot.py"
#: Six entries at two seats: twelve programs, 36 open files, past a limit of 32 with the rest.
ENTRIES = [f"cmd:{sys.executable} {EXAMPLE_BOT}"] * 6
LOW = 32


def tournament_with_open_files(soft: int, hard: int) -> subprocess.CompletedProcess[str]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    return subprocess.run(
        [sys.executable, "-m", "gofish", "tournament", *ENTRIES, "--games", "2", "--seed", "1",
         "--jobs", "1", "--json"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300, check=False,
        preexec_fn=limited)


@pytest.mark.skipif(resource.getrlimit(resource.RLIMIT_NOFILE)[1] < 1024,
                    reason="needs a hard limit of open files of 1024 or more")
def test_a_low_soft_limit_is_raised_so_that_every_program_starts() -> None:
    done = tournament_with_open_files(LOW, 1024)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["failure_count"] == 0, result["failures"][:1]
    assert result["games"] == 30  # 15 tables of two, one deal from each seat


def test_a_hard_limit_too_low_is_refused_before_any_game() -> None:
    done = tournament_with_open_files(LOW, LOW)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("gofish tournament: ") and done.stderr.count("\n") == 1
    assert "12 bot programs" in done.stderr and f"at most {LOW} open files" in done.stderr

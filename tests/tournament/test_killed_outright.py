"""A tournament or one of its workers killed outright (SIGKILL: kill -9, the OOM killer)
leaves no process behind. The workers held copies of the parent's ends of their pipes,
so they never read end of input and waited for their next task forever, their bots'
programs with them; a killed worker's programs outlived the run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tests.processes import still_running, wait_for_pids

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="/proc and the parent-death signal are Linux's")

# A bot that notes its pid, says hello, never answers a turn and ignores the end of its
# input: only a kill ends it.
STUBBORN_BOT = """
import json, os, sys, time
open({pids!r}, 'a').write(f'{{os.getpid()}}\\n')
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        sys.stdout.write(json.dumps({{"type": "hello", "name": "stubborn", "version": 1}})
                         + "\\n")
        sys.stdout.flush()
    elif msg["type"] == "turn":
        time.sleep(600)
time.sleep(600)
"""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found


def _start(tmp_path: Path, jobs: int = 2) -> tuple[subprocess.Popen[bytes], Path]:
    """A tournament of ``jobs`` workers, each waiting on a stubborn bot's move."""
    pids = tmp_path / "pids"
    bot = tmp_path / "stubborn.py"
    bot.write_text(STUBBORN_BOT.format(pids=str(pids)))
    tournament = subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", "emma", f"cmd:{sys.executable} {bot}",
         "--games", "40", "--timeout", "300", "--jobs", str(jobs)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert len(wait_for_pids(pids, jobs)) >= jobs
    return tournament, pids


# With --jobs 1 the games were played in the tournament's own process, which nobody
# tells of its own death: its bots' programs ran on.
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_killed_outright_leaves_no_worker_or_bot(tmp_path: Path,
                                                              jobs: int) -> None:
    tournament, pids = _start(tmp_path, jobs)
    try:
        workers = _children(tournament.pid)
        assert len(workers) == jobs
        tournament.kill()
        tournament.wait(timeout=30)
        assert still_running(workers) == []
        assert still_running(map(int, pids.read_text().split())) == []
    finally:
        tournament.kill()


def test_a_worker_killed_outright_ends_the_run_and_its_bots(tmp_path: Path) -> None:
    tournament, pids = _start(tmp_path)
    try:
        workers = _children(tournament.pid)
        os.kill(workers[0], signal.SIGKILL)
        out, err = tournament.communicate(timeout=60)
    finally:
        tournament.kill()
    assert tournament.returncode == 1
    assert b"a worker process was killed outright (SIGKILL: kill -9, or the system's " \
           b"out-of-memory killer)" in err
    assert b"--jobs 1" not in err  # which would die alike, and say no more
    assert b"Traceback" not in err and out == b""
    assert still_running(workers) == []
    assert still_running(map(int, pids.read_text().split())) == []

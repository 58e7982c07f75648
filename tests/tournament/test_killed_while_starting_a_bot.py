"""A worker killed outright in the middle of a bot's start leaves no program running.

Until its exec is done the program shows /proc its parent's environment, without its
mark; the tournament's search for the dead worker's programs, done at once, found
nothing, and the program ran on when its exec was done, an orphan.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from tests.processes import described, still_running

import gofish.protocol.external as external
from gofish.protocol.external import RUN_MARK, kill_bots_started_by, start_time

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="bots are found by their environment in /proc")


def _worker_killed_while_starting(noted: Path) -> tuple[int, int | None]:
    """A worker (a fork of this process) that forks a bot's program and is killed outright
    before the program's exec is done (drawn out to 0.3 s); the worker's id, reaped, and
    when it started, taken as the tournament takes it."""
    worker = os.fork()
    if worker == 0:
        try:
            mark = f"{os.getpid()}-0123456789abcdef"
            program = os.fork()
            if program == 0:
                time.sleep(0.3)
                os.execvpe("sleep", ["sleep", "60"], {**os.environ, RUN_MARK: mark})
            noted.write_text(str(program))
            os.kill(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(127)  # never the rest of the tests a second time
    started = start_time(worker)  # a zombie's is there until it is reaped
    os.waitpid(worker, 0)
    return worker, started


def test_a_program_whose_worker_died_before_its_exec_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The exec may take seconds on a loaded machine: what is tested is that it is waited for.
    monkeypatch.setattr(external, "EXEC_WAIT", 20.0)
    noted = tmp_path / "program"
    worker, started = _worker_killed_while_starting(noted)
    program = int(noted.read_text())
    assert started is not None
    kill_bots_started_by(worker, started)  # as the tournament does for a worker gone
    left = still_running([program], seconds=10)
    seen = [described(pid) for pid in left]
    for pid in left:  # not to leave it behind the test either
        os.kill(pid, signal.SIGKILL)
    assert not left, seen

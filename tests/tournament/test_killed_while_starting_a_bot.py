"""A worker killed outright in the middle of a bot's start leaves no program running.

Until its exec is done the program shows /proc its parent's environment, without its
mark; the tournament's search for the dead worker's programs, done at once, found
nothing, and the program ran on when its exec was done, an orphan.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.processes import (
    alive,
    described,
    shown_environment,
    still_running,
    wait_for_child,
)

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
            mark = f"{os.getpid()}-{start_time(os.getpid())}-0123456789abcdef"
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


# Programs started since the worker whose parent shows another environment, none of them a
# fork of this process: one started with no environment at all (env -i), and one given
# exactly this process's (another tournament's command, started from the same shell).
NOT_FORKS_OF_OURS = {
    "no environment": "subprocess.run(['env', '-i', 'sleep', '60'])",
    "this environment": "env = dict(os.environb); env.pop(b'PARENT_APART'); "
                        "subprocess.run(['sleep', '60'], env=env)",
}


@pytest.mark.parametrize("started_as", NOT_FORKS_OF_OURS)
def test_a_program_that_is_no_fork_of_ours_costs_no_wait(started_as: str,
                                                         tmp_path: Path) -> None:
    # Each was taken for a fork of the dead worker between its fork and its exec, and the
    # search for the worker's programs waited its whole 2 s for an exec that never came.
    worker, started = _worker_killed_while_starting(tmp_path / "program")
    os.kill(int((tmp_path / "program").read_text()), signal.SIGKILL)  # its own, not tested
    apart = subprocess.Popen([sys.executable, "-c", "import os, subprocess; "
                              + NOT_FORKS_OF_OURS[started_as]],
                             env={**shown_environment(), b"PARENT_APART": b"1"})
    program = wait_for_child(apart.pid)
    try:
        assert program is not None
        began = time.monotonic()
        kill_bots_started_by(worker, started)
        taken = time.monotonic() - began
        assert alive(program)  # not ours to kill either
    finally:
        if program is not None:
            os.kill(program, signal.SIGKILL)
        apart.kill()
        apart.wait()
    assert taken < external.EXEC_WAIT / 2, taken


def test_a_program_of_a_later_process_with_the_same_id_is_left_alone(tmp_path: Path) -> None:
    # Ids are reused: once the dead worker is reaped, another tournament's new worker may
    # be given its id, and the programs it starts were taken for the dead one's and killed.
    worker, started = _worker_killed_while_starting(tmp_path / "program")
    os.kill(int((tmp_path / "program").read_text()), signal.SIGKILL)  # its own, not tested
    assert started is not None
    later = {**os.environ, RUN_MARK: f"{worker}-{started + 1}-0123456789abcdef"}
    program = subprocess.Popen(["sleep", "60"], env=later)
    try:
        wait_for_child(os.getpid())  # its exec done, so that its mark shows
        kill_bots_started_by(worker, started)
        assert still_running([program.pid], seconds=0) == [program.pid]
    finally:
        program.kill()
        program.wait()

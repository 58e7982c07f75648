"""A worker killed outright (kill -9, the out-of-memory killer) after it sent a result,
while it waited for its next task, stops the run as one killed in the middle of a task
does. The result was still read from the pipe, and sending the next task to the dead
worker raised BrokenPipeError: ``gofish tournament`` took it for its reader gone and
exited 0, printing nothing, as if it had succeeded."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time

import pytest
from tests.processes import alive

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament
from gofish.tournament.run import WorkerLostError

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="forked workers, and /proc to see them die")


def _when_idle_kill_a_worker() -> object:
    """A progress callback that, at the first result, lets the workers finish the tasks
    they hold and wait for more, then kills one of them outright."""
    killed: list[int] = []

    def progress(done: int, total: int) -> None:
        if done == 0 or killed:
            return
        time.sleep(3)  # each worker sends its result and waits for the next task
        victim = multiprocessing.active_children()[0].pid
        assert victim is not None
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while alive(victim) and time.monotonic() < deadline:
            time.sleep(0.01)
        killed.append(victim)

    return progress


def test_a_worker_killed_while_it_waits_for_a_task_stops_the_run() -> None:
    # Built-in bots through the engine: chunks of eight deals, many more than two workers.
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 400)
    with pytest.raises(WorkerLostError, match=r"killed outright \(SIGKILL: kill -9"):
        run_tournament(plan, jobs=2, fast=False, progress=_when_idle_kill_a_worker())

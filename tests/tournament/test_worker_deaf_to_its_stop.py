"""A worker that does not stop within five seconds of being told to (a Python bot's library
took SIGTERM over, or its main thread is deep in compiled code, where no Python handler
runs) is killed outright, and the programs of its external bots go too. The worker kills
them itself when it stops; killed outright, it could not, and a program that ignores the
end of its input ran on, an orphan."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from tests.processes import still_running, wait_for_pids

from gofish.bots import base, register_bot
from gofish.core import Ask, View, make_rules
from gofish.tournament import Plan, run, run_tournament
from gofish.tournament.run import STOP_WAIT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="bots are found by their environment in /proc")

# Notes its pid, plays the first legal ask, and outlives the end of its input.
DEAF_BOT = """
import json, os, sys, time
open({pids!r}, 'a').write(f'{{os.getpid()}}\\n')
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({{"type": "hello", "name": "deaf", "version": 1}}), flush=True)
    elif msg["type"] == "turn":
        print(json.dumps(msg["legal"][0]), flush=True)
time.sleep(60)
"""


class IgnoresStopping:
    """A Python bot after whose first ask its worker ignores SIGTERM, as when a library it
    uses sets a handler of its own."""

    name = "ignores-sigterm"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        return legal[0]


def _interrupt_at_the_first_result(done: int, total: int) -> None:
    if done:
        raise KeyboardInterrupt


def test_a_worker_killed_for_not_stopping_leaves_no_program_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    # Deaf, the worker is killed once the whole wait is over, however long it is: what is
    # checked is what is left then, not how long the wait was (the test below checks that).
    monkeypatch.setattr(run, "STOP_WAIT", 1.0)
    register_bot("ignores-sigterm", IgnoresStopping, "ignores SIGTERM in its worker")
    pids = tmp_path / "pids"
    bot = tmp_path / "deaf.py"
    bot.write_text(DEAF_BOT.format(pids=str(pids)))
    plan = Plan(make_rules("classic"), 2, 1,
                ("ignores-sigterm", f"cmd:{sys.executable} {bot}"), 40)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan, jobs=1, timeout=60, progress=_interrupt_at_the_first_result)
    # One started before play, to see that it starts, then one per seat
    started = wait_for_pids(pids, 3)
    assert len(started) == 3
    left = still_running(started)
    for pid in left:  # not to leave them behind the test either
        os.kill(pid, signal.SIGKILL)
    assert not left


class IgnoresStoppingNoted:
    """IgnoresStopping, noting in a folder each worker that now ignores SIGTERM."""

    name = "ignores-sigterm-noted"
    folder = Path()

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        (self.folder / str(os.getpid())).touch()
        return legal[0]


def test_workers_deaf_to_their_stop_are_waited_for_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each was told to stop and waited for in turn, five seconds each: Ctrl-C with eight
    # such workers took 40 s. Told all at once, they are waited for together.
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    monkeypatch.setattr(IgnoresStoppingNoted, "folder", tmp_path)
    register_bot("ignores-sigterm-noted", IgnoresStoppingNoted, "ignores SIGTERM")
    jobs = 3

    interrupted: list[float] = []

    def interrupt_once_all_are_deaf(done: int, total: int) -> None:
        if not done:
            return  # play starts: no worker yet
        deadline = time.monotonic() + 60
        while len(list(tmp_path.iterdir())) < jobs and time.monotonic() < deadline:
            time.sleep(0.01)
        interrupted.append(time.monotonic())
        raise KeyboardInterrupt

    # Built-in bots through the engine, eight deals a task: a task for every worker.
    plan = Plan(make_rules("classic"), 2, 1, ("ignores-sigterm-noted", "random"), 2000)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan, jobs=jobs, fast=False, progress=interrupt_once_all_are_deaf)
    assert len(list(tmp_path.iterdir())) == jobs
    assert time.monotonic() - interrupted[0] < 2 * STOP_WAIT  # not jobs × STOP_WAIT

"""A worker stopped (Ctrl-C, SIGTERM) while it is starting a bot's program leaves no program
running, nor does Ctrl-C there in a program of one's own. The program is forked before
``subprocess.Popen`` returns it, so for that moment the bot holds no process to kill: the
worker's stop handler passed it over and exited, and a program that ignores the end of its
input ran on, an orphan (about one stop in 25 of a tournament whose bot crashed every game,
and so was started again for every game)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import pytest
from tests.processes import described, still_running

import gofish.protocol.external as external
from gofish.protocol import ExternalBot

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="bots are found by their environment in /proc")

# Outlives the end of its input: only a kill ends it.
DEAF_BOT = """
import sys, time
sys.stdin.read()
time.sleep(60)
"""

# A tournament worker whose stop signal comes while Popen is starting the bot: delivered
# after the program is forked, before Popen has returned it to the bot.
WORKER = """
import os, signal, subprocess, sys, time
import gofish.protocol.external as external
from gofish.tournament.play import SeatBots
from gofish.tournament.run import _set_up_worker

real_popen = subprocess.Popen

def stopped_while_starting(*args, **kwargs):
    process = real_popen(*args, **kwargs)
    with open({pids!r}, "w") as pids:
        pids.write(str(process.pid))
    os.kill(os.getpid(), signal.SIGTERM)  # the tournament stops this worker now
    time.sleep(30)  # the handler runs here, and exits
    return process

external.subprocess.Popen = stopped_while_starting
_set_up_worker(os.getppid())
SeatBots([{spec!r}], 5.0).get(0, 0).start()
"""


def test_a_worker_stopped_while_starting_a_bot_leaves_no_program_running(
    tmp_path: Path,
) -> None:
    pids = tmp_path / "pids"
    bot = tmp_path / "deaf.py"
    bot.write_text(DEAF_BOT)
    worker = tmp_path / "worker.py"
    worker.write_text(WORKER.format(spec=f"cmd:{sys.executable} {bot}", pids=str(pids)))
    stopped = subprocess.run([sys.executable, str(worker)], capture_output=True, timeout=60)
    assert stopped.returncode == 1, stopped.stderr.decode(errors="replace")  # _stop_worker
    started = int(pids.read_text())  # the program was started before the stop
    left = still_running([started])
    seen = [described(pid) for pid in left]
    for pid in left:  # not to leave it behind the test either
        os.kill(pid, signal.SIGKILL)
    assert not left, seen


def test_ctrl_c_while_a_bot_starts_leaves_no_program_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C while Popen waits for the program to start: Popen raises KeyboardInterrupt and
    # lets go of the program, which the bot never held, so closing it stopped nothing.
    bot = _deaf_bot(tmp_path)
    started = _interrupted_while_starting(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        bot.start()
    bot.close()
    _assert_none_left(started)


def _deaf_bot(tmp_path: Path) -> ExternalBot:
    bot_file = tmp_path / "deaf.py"
    bot_file.write_text(DEAF_BOT)
    return ExternalBot(f"{sys.executable} {bot_file}")


def _interrupted_while_starting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make Ctrl-C come as soon as each program is started, before Popen returns it; the
    list the ids of the programs started are added to."""
    started: list[int] = []
    real_popen = subprocess.Popen

    def interrupted(*args: Any, **kwargs: Any) -> NoReturn:
        started.append(real_popen(*args, **kwargs).pid)
        raise KeyboardInterrupt

    monkeypatch.setattr(external.subprocess, "Popen", interrupted)
    return started


def _assert_none_left(started: list[int]) -> None:
    left = still_running(started)
    seen = [described(pid) for pid in left]
    for pid in left:  # not to leave it behind the test either
        os.kill(pid, signal.SIGKILL)
    assert started and not left, seen


def test_a_program_stopped_before_its_exec_is_done_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Until its exec is done, a program just forked shows /proc the environment of the
    # process that started it (then, for a moment, none, even after Popen has returned
    # it): no mark. A stop then (a worker's SIGTERM while Popen waits for the exec) found
    # nothing to kill, and the program ran on. This is why the two tests above failed now
    # and then under load. Here that moment is drawn out: the child waits before its exec.
    children: list[int] = []
    bot = ExternalBot("sleep 60")  # ignores its input: only a kill ends it early

    def stopped_before_the_exec(argv: list[str], **kwargs: Any) -> NoReturn:
        child = os.fork()
        if child == 0:  # the program being started
            try:
                time.sleep(0.3)
                os.execvpe(argv[0], argv, kwargs["env"])
            finally:
                os._exit(127)  # never the rest of the tests a second time
        children.append(child)
        bot.kill()  # as the worker's stop handler does, then it exits
        raise KeyboardInterrupt

    monkeypatch.setattr(external.subprocess, "Popen", stopped_before_the_exec)
    with pytest.raises(KeyboardInterrupt):
        bot.start()
    ended = _ended_within(children[0], 10.0)
    if not ended:
        os.kill(children[0], signal.SIGKILL)
    _, status = os.waitpid(children[0], 0)
    assert ended and os.WIFSIGNALED(status), "the program was left running"


def _ended_within(pid: int, seconds: float) -> bool:
    """Whether child ``pid`` ends within ``seconds`` (left unreaped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        time.sleep(0.05)
    return False


def test_a_fork_of_ones_own_made_before_the_start_costs_a_stop_no_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A child forked never to exec (os.fork() in the program that plays the tournament)
    # looks like a program whose exec is not yet done: Ctrl-C while a bot started then
    # waited for it the whole EXEC_WAIT (2 s). Only a child forked since the start can be
    # the bot's program.
    bot = _deaf_bot(tmp_path)
    helper = os.fork()
    if helper == 0:  # forked before the start, and never to exec
        try:
            time.sleep(30)
        finally:
            os._exit(0)
    started = _interrupted_while_starting(monkeypatch)
    time.sleep(0.05)  # a tick (10 ms) or more between the fork and the start
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            bot.start()
        took = time.monotonic() - began
        bot.close()
    finally:
        os.kill(helper, signal.SIGKILL)
        os.waitpid(helper, 0)
    _assert_none_left(started)
    assert took < external.EXEC_WAIT / 2, took


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="start times are read from /proc")
def test_a_child_started_after_the_tick_is_never_counted_before_it() -> None:
    # The stop waits for the execs of children started at or after the start's tick: one
    # read a tick early would go unwaited for, and the bot it became could run on.
    for _ in range(20):
        since = external.ticks_since_boot()
        child = subprocess.Popen([sys.executable, "-c", "pass"])
        try:
            started = external.start_time(child.pid)
        finally:
            child.wait()
        assert started is not None and started >= since, (since, started)

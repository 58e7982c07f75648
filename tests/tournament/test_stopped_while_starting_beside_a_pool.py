"""A bot's start cut short, in a process that has a multiprocessing worker besides (a pool
beside a tournament run from Python), or a program it started itself, is stopped at once,
not after the whole wait.

The stop waits for every child that has not exec'd yet, since the bot's program shows no
mark until its exec is done; a worker forked never to exec cost the stop its whole 2 s, and
so did a program started with this process's environment, taken for such a fork.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

import pytest
from tests.processes import shown_environment, wait_for_child

import gofish.protocol.external as external
from gofish.protocol import ExternalBot

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="bots are found by their environment in /proc")


def _pool_worker() -> Callable[[], None]:
    worker = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    worker.start()

    def ended() -> None:
        worker.kill()
        worker.join()
    return ended


def _program_in_this_environment() -> Callable[[], None]:
    program = subprocess.Popen(["sleep", "60"], env=shown_environment())
    wait_for_child(os.getpid())  # its exec done

    def ended() -> None:
        program.kill()
        program.wait()
    return ended


@pytest.mark.parametrize("beside", [_pool_worker, _program_in_this_environment])
def test_a_start_cut_short_beside_another_child_stops_at_once(
    beside: Callable[[], Callable[[], None]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    ended = beside()
    children: list[int] = []
    bot = ExternalBot("sleep 60")  # ignores its input: only a kill ends it early
    taken: list[float] = []

    def stopped_as_the_exec_is_done(argv: list[str], **kwargs: Any) -> NoReturn:
        child = os.fork()
        if child == 0:  # the program being started, its exec done at once
            try:
                os.execvpe(argv[0], argv, kwargs["env"])
            finally:
                os._exit(127)  # never the rest of the tests a second time
        children.append(child)
        began = time.monotonic()
        bot.kill()  # as the worker's stop handler does, then it exits
        taken.append(time.monotonic() - began)
        raise KeyboardInterrupt

    monkeypatch.setattr(external.subprocess, "Popen", stopped_as_the_exec_is_done)
    try:
        with pytest.raises(KeyboardInterrupt):
            bot.start()
    finally:
        ended()
    _, status = os.waitpid(children[0], 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    assert taken[0] < external.EXEC_WAIT / 2, taken  # it waited the whole 2 s for the other

"""A bot's start cut short, in a process that has a multiprocessing worker besides (a pool
beside a tournament run from Python), is stopped at once, not after the whole wait.

The stop waits for every child that has not exec'd yet, since the bot's program shows no
mark until its exec is done; a worker forked never to exec cost the stop its whole 2 s.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from typing import Any, NoReturn

import pytest

import gofish.protocol.external as external
from gofish.protocol import ExternalBot

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="bots are found by their environment in /proc")


def test_a_start_cut_short_beside_a_pool_worker_stops_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    worker.start()
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
        worker.kill()
        worker.join()
    _, status = os.waitpid(children[0], 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    assert taken[0] < external.EXEC_WAIT / 2, taken  # it waited the whole 2 s for the worker

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
    bot_file = tmp_path / "deaf.py"
    bot_file.write_text(DEAF_BOT)
    started: list[int] = []
    real_popen = subprocess.Popen

    def interrupted_while_starting(*args: Any, **kwargs: Any) -> NoReturn:
        started.append(real_popen(*args, **kwargs).pid)
        raise KeyboardInterrupt

    monkeypatch.setattr(external.subprocess, "Popen", interrupted_while_starting)
    bot = ExternalBot(f"{sys.executable} {bot_file}")
    with pytest.raises(KeyboardInterrupt):
        bot.start()
    bot.close()
    left = still_running(started)
    seen = [described(pid) for pid in left]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert started and not left, seen

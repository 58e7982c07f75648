"""gofish tournament stopped by a signal: a hangup of its process group, a closed stderr."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.processes import still_running, wait_for_pids

# A bot that notes its pid, says hello, then never answers a turn.
HANGING_BOT = """
import json, os, sys, time
open({pids!r}, 'a').write(f'{{os.getpid()}}\\n')
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        sys.stdout.write(json.dumps({{"type": "hello", "name": "hang", "version": 1}}) + "\\n")
        sys.stdout.flush()
    elif msg["type"] == "turn":
        time.sleep(600)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not Path("/proc").is_dir(),
                    reason="POSIX hangup and /proc needed")
def test_a_hangup_of_the_process_group_stops_the_workers_quietly(tmp_path: Path) -> None:
    # The workers are forked while gofish tournament's SIGHUP handler is set: they ran it
    # too, each printing 'stopped by SIGHUP' and raising SystemExit (with a multiprocessing
    # traceback), instead of stopping as on SIGTERM.
    pids = tmp_path / "pids"
    bot = tmp_path / "hang.py"
    bot.write_text(HANGING_BOT.format(pids=str(pids)))
    tournament = subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", "emma", f"cmd:{sys.executable} {bot}",
         "--games", "40", "--timeout", "60", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        started = wait_for_pids(pids, 2)  # bots waiting on a turn: one per worker
        assert len(started) >= 2, f"bots started: {started}"
        os.killpg(tournament.pid, signal.SIGHUP)  # gofish and its workers, not the bots
        _, err = tournament.communicate(timeout=40)
    finally:
        tournament.kill()
    # Messages name what went wrong: this test once failed on a loaded machine with none.
    assert tournament.returncode == 128 + signal.SIGHUP, err.decode(errors="replace")
    assert err.count(b"stopped by SIGHUP") == 1, err.decode(errors="replace")
    assert b"Traceback" not in err
    assert not still_running(map(int, pids.read_text().split()))


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="/proc needed")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stop_signal_with_stderr_gone_still_exits_with_its_status(
    tmp_path: Path, jobs: str
) -> None:
    # The handler's 'stopped by SIGTERM' line failed on a closed stderr, and its
    # BrokenPipeError replaced the SystemExit: gofish tournament exited 0, a success.
    pids = tmp_path / "pids"
    bot = tmp_path / "hang.py"
    bot.write_text(HANGING_BOT.format(pids=str(pids)))
    tournament = subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", "emma", f"cmd:{sys.executable} {bot}",
         "--games", "40", "--timeout", "60", "--jobs", jobs],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert len(wait_for_pids(pids, int(jobs))) >= int(jobs)
        assert tournament.stderr is not None
        tournament.stderr.close()  # nobody reads its messages any more
        tournament.send_signal(signal.SIGTERM)
        tournament.wait(timeout=40)
    finally:
        tournament.kill()
    assert tournament.returncode == 128 + signal.SIGTERM
    assert not still_running(map(int, pids.read_text().split()))


# A bot that plays the first legal ask, but lingers on quit and on the end of its input.
LINGERING_BOT = """
import json, os, sys, time
open({pids!r}, 'a').write(f'{{os.getpid()}}\\n')
played = False
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        sys.stdout.write(json.dumps({{"type": "hello", "name": "linger", "version": 1}}) + "\\n")
        sys.stdout.flush()
    elif msg["type"] == "turn":
        sys.stdout.write(json.dumps(msg["legal"][0]) + "\\n")
        sys.stdout.flush()
    elif msg["type"] == "new_game":
        played = True
    elif msg["type"] == "quit":
        if played:  # not the program started before play, to see that it starts
            open({quits!r}, 'a').write(f'{{os.getpid()}}\\n')
        break
time.sleep(600)
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="/proc needed")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stop_signal_during_the_goodbyes_leaves_no_bot_running(
    tmp_path: Path, jobs: str
) -> None:
    # At the end of the run each program is sent quit and given a second to leave. A
    # SIGTERM in that second stopped the goodbyes: the program being waited on had already
    # been let go of (never killed), and the ones after it were never reached.
    pids, quits = tmp_path / "pids", tmp_path / "quits"
    bot = tmp_path / "linger.py"
    bot.write_text(LINGERING_BOT.format(pids=str(pids), quits=str(quits)))
    spec = f"cmd:{sys.executable} {bot}"
    # The bot plays itself: four programs per process, four goodbyes. With --jobs 2, games
    # enough for two chunks, so that two workers play them.
    games = "2" if jobs == "1" else "40"
    tournament = subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", spec, spec, "--games", games,
         "--timeout", "60", "--jobs", jobs],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (quits.exists() and quits.read_text()):
            time.sleep(0.05)
        assert quits.exists() and quits.read_text()  # the goodbyes have begun
        tournament.send_signal(signal.SIGTERM)
        _, err = tournament.communicate(timeout=40)
    finally:
        tournament.kill()
    assert tournament.returncode == 128 + signal.SIGTERM, err.decode(errors="replace")
    started = [int(pid) for pid in pids.read_text().split()]
    assert len(started) >= 4
    left = still_running(started)
    for pid in left:  # not to leave them behind the test either
        os.kill(pid, signal.SIGKILL)
    assert not left

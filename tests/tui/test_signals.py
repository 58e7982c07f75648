"""The terminal table stopped by a signal (``kill``, ``timeout``, a closed terminal window)
leaves as Ctrl-C does: the game saved, the terminal given back, exit status 128 + the signal
(README, "Exit statuses"). It died on the spot, leaving the terminal on the table's
screen with the mouse still reported (clicks typed escape codes into the shell), with
status -15 rather than 143."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import gofish
from gofish.storage import Store

SRC = Path(gofish.__file__).resolve().parents[1]
#: Textual's sequence that leaves the alternate screen, written as it gives the terminal back.
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
#: The log's line when a turn passes back to you.
TURN_BACK = "── Your turn.".encode()


def read_until(master: int, wanted: bytes, seen: bytearray, seconds: float = 30.0,
               start: int = 0) -> bool:
    """Read the terminal's output into ``seen`` until ``wanted`` shows (from ``start`` on)
    or it closes."""
    deadline = time.monotonic() + seconds
    while wanted not in seen[start:] and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the program ended: the terminal's other side is gone
            return wanted in seen[start:]
        if not chunk:
            break
        seen += chunk
    return wanted in seen[start:]


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=lambda n: n.name)
def test_a_signal_leaves_the_table_as_ctrl_c_does(number: signal.Signals,
                                                  tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": str(tmp_path),
           "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    env.pop("PYTHONIOENCODING", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "gofish", "play", "--seed", "3", "--speed", "0",
         "--database", str(database)],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    seen = bytearray()
    try:
        assert read_until(master, b"Your turn", seen), seen[-500:]
        os.write(master, b"5")  # seed 3 deals you two 5s: an ask to save
        # Emma says "Go fish!" and plays her turn. At speed 0 that can all happen before the
        # next redraw, scrolling "You ask Emma for 5s" out of the log unseen; the log's last
        # line, once the turn has come back to you, is always there.
        pressed = len(seen)
        assert read_until(master, TURN_BACK, seen, start=pressed), seen[pressed:][-500:]
        time.sleep(0.5)
        asked = len(seen)
        process.send_signal(number)
        read_until(master, b"\x00never", seen, seconds=60)  # all it writes, until it ends
        code = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert code == 128 + number, seen[asked:][-500:]
    assert LEAVE_ALTERNATE_SCREEN in seen[asked:], seen[asked:][-500:]
    with Store(database) as store:
        game = store.get(1)
    assert not game.over
    assert {"player": 0, "target": 1, "rank": "5"} in game.record["actions"]

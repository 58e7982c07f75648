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
from tests.processes import controlled_by_stdin

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


def start_table(database: Path, home: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``gofish play`` on an 80×24 pty that is its controlling terminal, as a window's is
    (it hangs up as the window closes); the process and the pty's master side."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    env.pop("PYTHONIOENCODING", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "gofish", "play", "--seed", "3", "--speed", "0",
         "--database", str(database)],
        stdin=slave, stdout=slave, stderr=slave, env=env, preexec_fn=controlled_by_stdin)
    os.close(slave)
    return process, master


def ask_for_fives(master: int, seen: bytearray) -> None:
    """Ask Emma for 5s (seed 3 deals you two) and wait until the turn is back."""
    assert read_until(master, b"Your turn", seen), seen[-500:]
    os.write(master, b"5")
    # Emma says "Go fish!" and plays her turn. At speed 0 that can all happen before the
    # next redraw, scrolling "You ask Emma for 5s" out of the log unseen; the log's last
    # line, once the turn has come back to you, is always there.
    pressed = len(seen)
    assert read_until(master, TURN_BACK, seen, start=pressed), seen[pressed:][-500:]
    time.sleep(0.5)


def ended(process: subprocess.Popen[bytes]) -> int:
    try:
        return process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def asked_and_saved(database: Path) -> bool:
    with Store(database) as store:
        game = store.get(1)
    return not game.over and {"player": 0, "target": 1, "rank": "5"} in game.record["actions"]


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=lambda n: n.name)
def test_a_signal_leaves_the_table_as_ctrl_c_does(number: signal.Signals,
                                                  tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    process, master = start_table(database, tmp_path)
    seen = bytearray()
    try:
        ask_for_fives(master, seen)
        asked = len(seen)
        process.send_signal(number)
        read_until(master, b"\x00never", seen, seconds=60)  # all it writes, until it ends
        code = ended(process)
    finally:
        os.close(master)
    assert code == 128 + number, seen[asked:][-500:]
    assert LEAVE_ALTERNATE_SCREEN in seen[asked:], seen[asked:][-500:]
    assert asked_and_saved(database)


def test_a_terminal_that_goes_away_leaves_as_sighup_does(tmp_path: Path) -> None:
    # The window closes (the pty's master side with it): SIGHUP, and the table leaves with
    # the game saved, but the line after it saying so could not be written (EIO), which
    # exited 1 and wrote "gofish play: Input/output error" where a terminal (tmux) showed it.
    database = tmp_path / "games.sqlite3"
    process, master = start_table(database, tmp_path)
    try:
        ask_for_fives(master, bytearray())
    finally:
        os.close(master)
    assert ended(process) == 128 + signal.SIGHUP
    assert asked_and_saved(database)


def process_state(pid: int) -> str:
    """The state letter /proc gives process ``pid``: T when it is stopped."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def stopped_within(pid: int, master: int, seen: bytearray, seconds: float = 60.0) -> bool:
    """Whether process ``pid`` stops within ``seconds``, reading what it writes meanwhile
    (unread, a full terminal would hold up its last writes, and the stop after them)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process_state(pid) == "T":
            return True
        read_until(master, b"\x00never", seen, seconds=0.1)
    return False


def test_ctrl_z_suspends_the_table_and_fg_draws_it_whole_again(tmp_path: Path) -> None:
    # The table reads keys raw, so Ctrl+Z came to it as a key that nothing was bound to:
    # the game went on, where every other program at a terminal stops until `fg`.
    database = tmp_path / "games.sqlite3"
    process, master = start_table(database, tmp_path)
    seen = bytearray()
    try:
        ask_for_fives(master, seen)
        os.write(master, b"\x1a")  # Ctrl+Z
        suspended = len(seen)
        assert stopped_within(process.pid, master, seen), seen[suspended:][-500:]
        read_until(master, LEAVE_ALTERNATE_SCREEN, seen, start=suspended, seconds=5)
        assert LEAVE_ALTERNATE_SCREEN in seen[suspended:], seen[suspended:][-500:]
        resumed = len(seen)
        process.send_signal(signal.SIGCONT)  # as the shell's fg does
        # The terminal's screen was cleared meanwhile: the whole table is drawn again,
        # the header included, though nothing in the game changed.
        assert read_until(master, b"Go Fish", seen, start=resumed), seen[resumed:][-500:]
        os.write(master, b"q")
        time.sleep(0.5)
        os.write(master, b"q")
        read_until(master, b"\x00never", seen, seconds=60)
        code = ended(process)
    finally:
        os.close(master)
        if process.poll() is None:  # a failed check above: not left stopped for ever
            process.kill()
            process.wait()
    assert code == 0, seen[resumed:][-500:]
    assert asked_and_saved(database)

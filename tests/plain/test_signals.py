"""The line mode stopped by a signal (``kill``, ``timeout``, a closed terminal window)
leaves as Ctrl-C does: the game saved, exit status 128 + the signal (README, "Exit
statuses"), as the full-screen table does. It died on the spot, with status -15, a save
under way cut off."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tests.processes import controlled_by_stdin
from tests.tui.test_signals import SRC, asked_and_saved, ended, read_until

ASKED = b"You ask Emma for 5s"  # seed 3 deals you two 5s: an ask to save


def start(database: Path, home: Path, stdin: int, stdout: int,
          terminal: bool = False) -> subprocess.Popen[bytes]:
    """``gofish play --plain`` in a session of its own; with ``terminal``, ``stdin`` (a
    pty) is that session's controlling terminal, which hangs up as its window closes."""
    env = {**os.environ, "LANG": "C.UTF-8", "HOME": str(home), "PYTHONIOENCODING": "utf-8",
           "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "3",
         "--database", str(database)],
        stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT, env=env,
        preexec_fn=controlled_by_stdin if terminal else os.setsid)


def at_a_terminal(database: Path, home: Path) -> tuple[subprocess.Popen[bytes], int]:
    """The line mode started on a terminal of its own (a pty): it and the pty's master."""
    master, slave = os.openpty()
    process = start(database, home, slave, slave, terminal=True)
    os.close(slave)
    return process, master


def ask(fd: int, seen: bytearray, prompt: bytes) -> bytearray:
    """Wait for the ask's answer and the table's next ``prompt``; what it wrote since."""
    assert read_until(fd, ASKED, seen), seen
    since = seen[seen.index(ASKED):]
    assert read_until(fd, prompt, since), since
    return since


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=lambda n: n.name)
def test_a_signal_saves_the_game_and_says_how_to_resume(number: signal.Signals,
                                                        tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    reader, writer = os.pipe()
    process = start(database, tmp_path, subprocess.PIPE, writer)
    os.close(writer)
    seen = bytearray()
    try:
        assert process.stdin is not None
        process.stdin.write(b"5\n")
        process.stdin.flush()  # and left open: the table waits for the next move
        seen = ask(reader, seen, b"Your hand")
        process.send_signal(number)
        code = ended(process)
        read_until(reader, b"\x00never", seen, seconds=10)  # the rest of what it wrote
    finally:
        os.close(reader)
    assert code == 128 + number, seen[-500:]
    assert b"Game 1 saved unfinished: gofish resume 1 --plain" in seen, seen[-500:]
    assert asked_and_saved(database)


def test_a_closed_terminal_window_still_saves_the_game(tmp_path: Path) -> None:
    # The terminal hangs up: SIGHUP, and the goodbye cannot be written (EIO), which must
    # not keep the game from being saved nor turn the exit status into an error's.
    database = tmp_path / "games.sqlite3"
    process, master = at_a_terminal(database, tmp_path)
    seen = bytearray()
    try:
        os.write(master, b"5\n")
        ask(master, seen, b"> ")
    finally:
        os.close(master)  # the window closes: the kernel sends SIGHUP
    assert ended(process) == 128 + signal.SIGHUP
    assert asked_and_saved(database)


def test_continued_after_ctrl_z_it_shows_the_prompt_again(tmp_path: Path) -> None:
    # Ctrl-Z, then `fg`: the shell's "fg" line stood under the old "> ", and the line mode
    # showed nothing to say it waited for a move (README: `fg` brings either table back).
    process, master = at_a_terminal(tmp_path / "games.sqlite3", tmp_path)
    seen = bytearray()
    try:
        assert read_until(master, b"> ", seen), seen
        waiting = len(seen)
        process.send_signal(signal.SIGSTOP)  # as the terminal's Ctrl-Z stops the job
        process.send_signal(signal.SIGCONT)  # as fg continues it
        assert read_until(master, b"> ", seen, seconds=10, start=waiting), seen[-300:]
        os.write(master, b"hand\n")
        assert read_until(master, b"Your books", seen, start=waiting), seen[-300:]
        os.write(master, b"quit\n")
        assert ended(process) == 0
    finally:
        os.close(master)
    assert seen[waiting:].startswith(b"> "), seen[-300:]

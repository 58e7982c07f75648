"""How fast ``gofish play`` puts a person at the table, and how long a bot's ask takes.

The target (issue 3): typing the play command puts you at the table "within
seconds". Each run starts ``gofish play`` in a pseudo-terminal of 80x24 with a
fresh temporary database and times until the table is drawn (the prompt or
"thinking" appears), side by side with the plain mode's first prompt. Then it
times one bot ask plus its save, the work done on the interface's thread
between two frames, against the 1.2 s pause a person sees at speed 1.

Run: ``python bench/play_startup.py [--runs N]``. Prints medians and the ratio.
"""

from __future__ import annotations

import argparse
import os
import platform
import pty
import random
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _args
from gofish.cli import gofish_options

BIN = Path(sys.executable).parent / "gofish"
MARKERS = (b"Your turn", b"thinking", b"asking")


def time_table(database: Path) -> float:
    """Seconds from starting ``gofish play`` in a pty until the table is on screen."""
    import fcntl
    import struct
    import termios

    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game itself
        os.environ.update(TERM="xterm-256color", COLUMNS="80", LINES="24")
        os.execv(str(BIN), [str(BIN), "play", "--database", str(database)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    elapsed = float("nan")
    deadline = start + 30
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if not ready:
            continue
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
        if any(marker in seen for marker in MARKERS):
            elapsed = time.perf_counter() - start
            break
    os.write(fd, b"\x03")  # Ctrl-C: the game is saved, the app quits
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed


def time_plain(database: Path) -> float:
    """Seconds until the plain mode has printed its first prompt and ended on EOF."""
    start = time.perf_counter()
    subprocess.run([str(BIN), "play", "--plain", "--database", str(database)],
                   input="", capture_output=True, text=True, check=True)
    return time.perf_counter() - start


def time_bot_asks(database: Path, games: int = 20) -> list[float]:
    """Seconds per bot ask including the save (what runs between two frames)."""
    from gofish.core import make_rules
    from gofish.session import TableSession, TableSettings
    from gofish.storage import open_store

    times: list[float] = []
    with open_store(database) as store:
        for seed in range(games):
            settings = TableSettings(make_rules("bicycle"), players=4,
                                     opponents=("emma",) * 3, seed=seed)
            session = TableSession.deal(settings, store)
            rng = random.Random(seed)
            while not session.is_over:
                if session.bot_to_act:
                    began = time.perf_counter()
                    session.bot_move()
                    times.append(time.perf_counter() - began)
                else:
                    ask = rng.choice(session.view().legal_actions)
                    session.ask(ask.target, ask.rank, ask.suit)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--runs", type=_args.at_least_one, default=5)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        tui, plain = [], []
        for run in range(args.runs):  # alternate, so both meet the same machine load
            tui.append(time_table(Path(folder) / f"t{run}.db"))
            plain.append(time_plain(Path(folder) / f"p{run}.db"))
        asks = time_bot_asks(Path(folder) / "bots.db")
    table, line = statistics.median(tui), statistics.median(plain)
    print(f"gofish play, table on screen: median {table:.2f} s, slowest {max(tui):.2f} s "
          f"({args.runs} runs)")
    print(f"gofish play --plain, first prompt and exit: median {line:.2f} s, "
          f"slowest {max(plain):.2f} s")
    print(f"table / plain: {table / line:.1f}x")
    asks_ms = [t * 1000 for t in asks]
    print(f"bot ask + save (4 players, bicycle): {len(asks)} asks, median "
          f"{statistics.median(asks_ms):.2f} ms, slowest {max(asks_ms):.1f} ms; "
          f"the pause shown at speed 1 is 1200 ms")


if __name__ == "__main__":
    main()

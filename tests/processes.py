"""Checks on the programs a test started (external bots): are they gone? And how to start
one that Ctrl-C reaches."""

from __future__ import annotations

import fcntl
import os
import signal
import termios
import time
from collections.abc import Iterable
from pathlib import Path


def process_state(pid: int) -> str | None:
    """Process ``pid``'s state letter in /proc (R, S, D, Z, T when stopped...); None once it
    is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, killed but not yet reaped, does not)."""
    return process_state(pid) not in (None, "Z")


def noted_pids(path: Path) -> list[int]:
    """The process ids bots wrote to ``path``, one a line (none before it exists)."""
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def wait_for_pids(path: Path, count: int, seconds: float = 60.0) -> list[int]:
    """The ids noted in ``path`` once there are ``count`` of them, or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(noted_pids(path)) < count:
        time.sleep(0.1)
    return noted_pids(path)


def still_running(pids: Iterable[int], seconds: float = 30.0) -> list[int]:
    """The processes of ``pids`` still running after up to ``seconds`` for them to go
    (a killed bot may take a moment to be reaped: at a load average of 8-12 on two cores
    10 s was once not enough). Processes gone return at once, so a pass costs no wait."""
    watched = list(pids)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(map(alive, watched)):
        time.sleep(0.1)
    return [pid for pid in watched if alive(pid)]


def described(pid: int) -> str:
    """What /proc says of process ``pid`` (its state and command), for a failing test's
    message: a program never killed runs (S/R), one killed late is still dying."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return f"{pid}: gone"
    return f"{pid}: state {process_state(pid) or 'gone'}, {command.strip()}"


def default_ctrl_c() -> None:
    """A ``preexec_fn`` giving the child Ctrl-C as at a terminal. A test run started in the
    background (``make test &``, a CI script) hands its children SIGINT ignored, and Python
    then never raises KeyboardInterrupt (nor installs its handler for asyncio or uvicorn)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Python installs its handler over this


def controlled_by_stdin() -> None:
    """A ``preexec_fn`` making the child's standard input (a pty) its controlling terminal,
    in a session of its own: the kernel hangs it up (SIGHUP) when the pty's master closes,
    as when a terminal window closes."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def wait_for_child(parent: int, seconds: float = 30.0) -> int | None:
    """The id of a child of ``parent`` once its exec is done (its command line is not its
    parent's), or None after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if (stat[1] == str(parent) and (entry / "cmdline").read_bytes()
                        not in (b"", Path(f"/proc/{parent}/cmdline").read_bytes())):
                    return int(entry.name)
            except (OSError, IndexError):  # not a process, or gone meanwhile
                continue
        time.sleep(0.05)
    return None


def shown_environment(pid: int | str = "self") -> dict[bytes, bytes]:
    """Process ``pid``'s environment as /proc shows it, in its order: for this process, not
    os.environ, to which a test runner adds (PYTEST_CURRENT_TEST)."""
    environ = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(entry.split(b"=", 1) for entry in environ.split(b"\0") if entry)

"""Signals that make a table for people leave as Ctrl-C does: the game saved, exit status
128 + the signal. Their default ends the program on the spot, a save under way cut off.

The full-screen table takes them on its event loop (``GoFishApp``); the line mode, which
has none, turns them into :class:`Signalled`, a ``KeyboardInterrupt``, with
:func:`leaving_on_signals`. Either way a second signal ends the program at once, so that a
last save stuck on a locked database does not make it unkillable.

Output that goes away (the reader of a pipe stopped: ``gofish play --plain | head -2``) is
left the same way by the line mode, with status :data:`OUTPUT_CLOSED`: Python ignores
SIGPIPE, so it comes as a ``BrokenPipeError`` from a write.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from types import FrameType

Handler = Callable[[int, FrameType | None], object]

#: The exit status after standard output went away: 128 + SIGPIPE (141), as a shell
#: reports a program that SIGPIPE ended.
OUTPUT_CLOSED = 128 + getattr(signal, "SIGPIPE", 13)

#: ``kill``, ``timeout`` (SIGTERM) and a closed terminal window (SIGHUP), where they exist.
LEAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                      if hasattr(signal, name))


class Signalled(KeyboardInterrupt):
    """One of :data:`LEAVE_SIGNALS` arrived: leave as for Ctrl-C, with status 128 + it."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number

    @property
    def status(self) -> int:
        return 128 + self.number


def _raise_signalled(number: int, frame: FrameType | None) -> None:
    for caught in LEAVE_SIGNALS:  # the next one ends the program: see the module's doc
        signal.signal(caught, signal.SIG_DFL)
    raise Signalled(number)


#: The signal a job stopped by Ctrl-Z gets as ``fg`` continues it (none on Windows).
CONTINUE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGCONT",)
                         if hasattr(signal, name))


def leave_signals_to_the_main_thread() -> None:
    """Block, in the calling thread (a worker of ours), the signals the main thread
    handles: Ctrl-C, :data:`LEAVE_SIGNALS` and fg's :data:`CONTINUE_SIGNALS`. The kernel
    gives a signal to any thread not blocking it, and Python runs the handler in the main
    thread only: taken by a worker, it waited for the main thread's blocked read to end,
    the next line typed."""
    if hasattr(signal, "pthread_sigmask"):  # not on Windows, which has none of these
        signal.pthread_sigmask(signal.SIG_BLOCK,
                               {signal.SIGINT, *LEAVE_SIGNALS, *CONTINUE_SIGNALS})


def leaving_on_signals() -> contextlib.AbstractContextManager[None]:
    """While in it, :data:`LEAVE_SIGNALS` raise :class:`Signalled` in the main thread."""
    return handling(LEAVE_SIGNALS, _raise_signalled)


@contextlib.contextmanager
def handling(numbers: Iterable[int], handler: Handler) -> Iterator[None]:
    """``handler`` takes the signals ``numbers`` while in it; their handlers before are put
    back after. Off the main thread (which alone may set handlers) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, handler) for number in numbers}
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)


def drop_output(stream: object) -> None:
    """Send what ``stream`` still holds, and writes to its file descriptor, to os.devnull: the
    reader is gone, and the flush at exit would fail again ("Exception ignored ...
    BrokenPipeError", as the Python docs on SIGPIPE say). Nothing for a stream with no file
    (a test's StringIO) or one already closed."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        descriptor = stream.fileno()  # type: ignore[attr-defined]
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, descriptor)
        finally:
            os.close(devnull)

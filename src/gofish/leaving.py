"""Signals that make a table for people leave as Ctrl-C does: the game saved, exit status
128 + the signal. Their default ends the program on the spot, a save under way cut off.

The full-screen table takes them on its event loop (``GoFishApp``); the line mode, which
has none, turns them into :class:`Signalled`, a ``KeyboardInterrupt``, with
:func:`leaving_on_signals`. Either way a second signal ends the program at once, so that a
last save stuck on a locked database does not make it unkillable.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from types import FrameType

Handler = Callable[[int, FrameType | None], object]

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

"""The table's screen output, made to outlive its terminal (POSIX only: it imports
Textual's Linux driver).

Textual draws from a thread of its own through a queue that holds 30 writes. A write to
a terminal that went away (its window closed: EIO) ended that thread, and from then on
the 31st write waited for good. The hang-up's SIGHUP leaves the table, and leaving draws
a last frame and gives the terminal back: about 22 writes on an idle machine, more on a
loaded one or while the table was still drawing a move. The table then hung, never to
exit, instead of leaving with the game saved.
"""

from __future__ import annotations

import contextlib
from typing import Any, TextIO

from textual.app import App
from textual.drivers.linux_driver import LinuxDriver

from gofish.leaving import drop_output


class OutlivingOutput:
    """A terminal's output stream for Textual's writer thread: a write or flush that fails
    (the terminal is gone) sends this and every later write to os.devnull, so the thread
    goes on emptying its queue rather than dying."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError:
            drop_output(self.stream)
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError:
            drop_output(self.stream)
            # What the failed flush left in the buffer goes to os.devnull now, and the
            # flush at exit then has nothing to fail on.
            with contextlib.suppress(OSError):
                self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()


class OutlivingDriver(LinuxDriver):
    """Textual's Linux driver, writing through :class:`OutlivingOutput`."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        # The stream its writer thread takes (Textual's name for it: sys.__stderr__).
        # Looked for, not assumed: a Textual that names it otherwise draws as it did.
        stream = getattr(self, "_file", None)
        if stream is not None:  # (gofish play leaves on a closed stream before this)
            self._file = OutlivingOutput(stream)  # type: ignore[assignment]

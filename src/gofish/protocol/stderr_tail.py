"""The end of what an external bot writes to stderr, kept for the message that says why it
crashed.

The bot writes into a pipe that a thread of ours reads as fast as it comes, keeping only the
last bytes. Nothing reaches a disk, and a bot may log gigabytes without costing memory. An
earlier design let the bot write to a temporary file that the engine emptied whenever it
grew: lines the bot wrote while the file was being emptied were lost, and a crash that came
in the middle of a flood of logging lost the very line that said why.
"""

from __future__ import annotations

import os
import threading

#: How long to wait, once the bot has ended, for its last bytes to be read: the pipe ends
#: when every program holding it has gone, which takes a moment after the bot is reaped.
END_WAIT = 1.0


class StderrTail:
    """A pipe for a program's stderr and a thread that keeps its last ``keep`` bytes.

    Pass :attr:`write_fd` as the program's stderr, then call :meth:`started` (or
    :meth:`abandon` if the program could not be started)."""

    def __init__(self, keep: int) -> None:
        self._keep = keep
        self._read_fd, self.write_fd = os.pipe()
        self._tail = bytearray()
        self._lock = threading.Lock()
        self._ended = threading.Event()
        self._thread = threading.Thread(target=self._read, name="bot stderr", daemon=True)

    def started(self) -> None:
        """The program has its copy of the write end: close ours (else the pipe never
        ends) and start reading."""
        os.close(self.write_fd)
        self._thread.start()

    def abandon(self) -> None:
        """The program never started: close both ends."""
        os.close(self.write_fd)
        os.close(self._read_fd)
        self._ended.set()

    def text(self, wait: float = 0.0) -> bytes:
        """The last bytes written, after waiting up to ``wait`` seconds for the pipe's end
        (pass a wait once the program has ended, so that its last lines are in)."""
        self._ended.wait(wait)
        with self._lock:
            return bytes(self._tail)

    def close(self, wait: float = END_WAIT) -> None:
        """Wait up to ``wait`` seconds for the reading to end (the program is gone). A
        program it started that escaped being stopped may hold the pipe open longer; the
        thread then ends with it, as a daemon. Never started (a stop while the program
        was starting): both ends are closed."""
        if self._thread.ident is None and not self._ended.is_set():
            self.abandon()
        elif self._thread.is_alive():
            self._thread.join(wait)

    def _read(self) -> None:
        try:
            while chunk := os.read(self._read_fd, 65536):
                self._keep_end_of(chunk)
        except OSError:  # the pipe cannot be read: what was read so far is what there is
            pass
        finally:
            os.close(self._read_fd)
            self._ended.set()

    def _keep_end_of(self, chunk: bytes) -> None:
        with self._lock:
            self._tail += chunk
            if len(self._tail) > self._keep:
                del self._tail[:-self._keep]

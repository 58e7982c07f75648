"""Writing an output file (export -o, tournament --csv and --plot) whole or not at all.

Opening a file for writing empties it at once: a write that then fails (a full disk, a
Ctrl-C, a chart that cannot be drawn) left a truncated file where the last good one was.
An existing regular file is therefore written beside itself and moved over the old one
only once complete. A new file has nothing to lose and is written in place (removed
again if the write fails, so no half file is left under the name asked for), as is
anything that is not a regular file (a pipe, a terminal, /dev/stdout), which cannot be
replaced.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import IO, Any


@contextlib.contextmanager
def written_whole(path: str, mode: str = "w", **open_options: Any) -> Iterator[IO[Any]]:
    """``open(path, mode, **open_options)`` for writing, keeping the old file until the new
    one is complete. Raises OSError as ``open`` does."""
    target = os.path.realpath(path)  # through a symbolic link: the file it names is replaced
    try:
        old = os.stat(target)
    except OSError:
        old = None
    # Not replaced: a new file (nothing to lose), a pipe or device, and a file we may not
    # write (a rename would get round its permissions: open refuses it as before).
    if old is None or not stat.S_ISREG(old.st_mode) or not os.access(target, os.W_OK):
        with _in_place(path, mode, target if old is None else None, **open_options) as stream:
            yield stream
        return
    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=os.path.dirname(target), prefix=f".{os.path.basename(target)}.", suffix=".part")
    except OSError:  # a folder we may not add to, though the file may be written
        with open(path, mode, **open_options) as stream:
            yield stream
        return
    try:
        with open(descriptor, mode, **open_options) as stream:
            yield stream
        os.chmod(temporary, stat.S_IMODE(old.st_mode))  # the old file's permissions
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _in_place(path: str, mode: str, new: str | None, **open_options: Any) -> Iterator[IO[Any]]:
    """``open(path, …)`` written in place. ``new``: the file it creates (nothing was there),
    removed again if the write fails: a full disk or a Ctrl-C left half a record or table
    under the name asked for, which looked like a result."""
    stream = open(path, mode, **open_options)  # noqa: SIM115 - closed below
    try:
        with stream:
            yield stream
    except BaseException:
        if new is not None:
            with contextlib.suppress(OSError):
                os.unlink(new)
        raise

"""Files an output option (export -o, tournament --csv/--plot) must not write over: a
database, or games waiting beside one. A mistyped path there used to destroy them."""

from __future__ import annotations

import codecs
import json
import os

SQLITE_HEADER = b"SQLite format 3\x00"
#: The files SQLite keeps beside a database; the first two may hold saved moves.
SQLITE_COMPANIONS = ("-wal", "-journal", "-shm")
#: How a -wal file (either byte order of its checksums) and a rollback journal begin.
_COMPANION_HEADERS = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83",
                      b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7")


def stored_data_at(path: str) -> str | None:
    """Why writing ``path`` would destroy stored games, in words, or None if it would not."""
    from gofish.storage.fallback import FALLBACK_SUFFIX

    if path.endswith(FALLBACK_SUFFIX):
        return "it holds games waiting to be moved into the games database"
    if path.endswith(SQLITE_COMPANIONS) and _beside_a_database(path):
        return "it is part of a database"
    # (Unreadable, None: writing it destroys nothing stored.)
    head = _file_head(path, len(SQLITE_HEADER))
    if head == SQLITE_HEADER:
        return "it is a database (of games or rooms)"
    if _holds_a_tournament_result(path):
        return "it holds a tournament's result (gofish tournament --json)"
    return None


#: The longest tournament result read, in bytes (results are a few kB): longer is no
#: result to tournament-merge, nor one to keep from being written over.
MAX_RESULT = 64 << 20


def read_result_bytes(path: str) -> bytes:
    """At most MAX_RESULT + 1 bytes of a file, not an endless one (/dev/zero) whole."""
    with open(path, "rb") as stream:
        return stream.read(MAX_RESULT + 1)


def result_text(data: bytes, errors: str = "strict") -> str:
    """A result file's text: UTF-8, after a byte order mark if any, or UTF-16 after its own
    (PowerShell writes one or the other for ``gofish tournament --json > shard.json``).
    ``errors`` is for UTF-8 (``surrogateescape``: a stray byte kept, to say where it is);
    UTF-16 is read strictly."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig", errors)


def _holds_a_tournament_result(path: str) -> bool:
    """Whether ``path`` holds a ``gofish tournament --json`` result (a shard that may have
    taken hours), in UTF-8 or in PowerShell's UTF-16: a JSON object with its bots and its
    totals. A game record, which also begins ``{"rules":``, has neither."""
    head = _file_head(path, 64)
    if not head or not head.lstrip(b"\xef\xbb\xbf\xff\xfe\x00 \t\r\n").startswith(b"{"):
        return False  # not a JSON object: not read any further
    try:
        data = read_result_bytes(path)
    except OSError:  # gone since, or unreadable: nothing to lose that can be read
        return False
    try:
        result = json.loads(result_text(data))
    except (ValueError, RecursionError):  # not JSON (or cut short): no result to lose
        return False
    return isinstance(result, dict) and "bots" in result and "totals" in result


def _beside_a_database(path: str) -> bool:
    """Whether ``path``, named as SQLite names the files beside a database, is one: there is
    a file of the name before the suffix, or it holds what SQLite writes there. Any name so
    ending was refused, a new ``travel-journal`` told it was part of a database."""
    suffix = next(suffix for suffix in SQLITE_COMPANIONS if path.endswith(suffix))
    if os.path.lexists(path[: -len(suffix)]):
        return True
    head = _file_head(path, max(map(len, _COMPANION_HEADERS)))
    # Unreadable (None), it may well be one, and is not written over.
    return head is None or head.startswith(_COMPANION_HEADERS)


def _file_head(path: str, size: int) -> bytes | None:
    """The first ``size`` bytes of the file at ``path``: b"" when no regular file is there
    (a pipe or a device, /dev/stdout: opening it may block), None when it cannot be read."""
    if not os.path.isfile(path):
        return b""
    try:
        with open(path, "rb") as stream:
            return stream.read(size)
    except OSError:
        return None


def refusal(path: str) -> str | None:
    """The message refusing to write ``path``, or None if it may be written."""
    from gofish.narrate import printable

    why = stored_data_at(path)
    if why is None:
        return None
    return f"will not write over {printable(path)}: {why}; choose another file"

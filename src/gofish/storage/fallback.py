"""The file a game goes to when the database cannot take it, so it is never lost.

Each line is one JSON object: the record, the seats, the source and the game id
the app had, plus why and when, and which database it was for. ``Store.recover_unsaved``
moves them back in: every line of the file beside the database, and the lines of the
temp folder's file that name that database.
"""

from __future__ import annotations

import contextlib
import errno
import getpass
import json
import os
import stat
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FALLBACK_SUFFIX = ".unsaved.jsonl"


def fallback_path(db_path: Path) -> Path:
    """``games.sqlite3`` → ``games.sqlite3.unsaved.jsonl`` beside it.

    A path with no name of its own (``.``, ``/``, also what ``--database ""`` gives)
    gets ``gofish.unsaved.jsonl`` inside it: with_name refused it, which killed the
    saving thread and lost the game.
    """
    if not db_path.name:
        return db_path / ("gofish" + FALLBACK_SUFFIX)
    return db_path.with_name(db_path.name + FALLBACK_SUFFIX)


def _last_resort_path() -> Path:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name in some containers
        user = str(os.getuid()) if hasattr(os, "getuid") else "player"
    return Path(tempfile.gettempdir()) / f"gofish-{user}{FALLBACK_SUFFIX}"


def write_fallback(db_path: Path, entry: dict[str, Any]) -> Path | None:
    """Append ``entry`` beside the database (or, failing that, in the temp dir).

    Returns where it went, or None if neither place could be written.
    """
    # The database's full path: the temp folder's file is shared by every database, and
    # the one this game belongs to picks out its own lines by it.
    line = json.dumps({**entry, "written_at": datetime.now(UTC).isoformat(timespec="seconds"),
                       "database": os.path.abspath(db_path)})
    for target in fallback_targets(db_path):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _append_line(target, line)
            return target
        except OSError:
            continue
    return None


def _append_line(target: Path, line: str) -> None:
    """Append ``line`` to ``target`` whole, or leave the file as it was (OSError).

    The file is made private to this user if new (the temp folder is everyone's). Only a
    regular file: a pipe there would block the save for ever, so it is opened without
    waiting, then refused. In the temp folder, only a file of this user's own, not a
    link: another user could have put one there to read every hand.
    """
    in_temp = target == _last_resort_path()
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
    flags |= _NO_LINKS if in_temp else 0
    with _locked(target, flags, lambda status: _check_usable(status, target, in_temp)) as found:
        os.set_blocking(found, True)
        size = os.fstat(found).st_size
        # A line cut short before (a full disk, a crash) must not swallow this one: glued
        # onto it, this game could never be read back.
        start = "\n" if size and not _ends_a_line(found, size) else ""
        try:
            _write_all(found, (start + line + "\n").encode("utf-8"))
            os.fsync(found)
        except OSError:
            _take_back(found, target, size)  # not half a line for the next one to join
            raise


def _ends_a_line(descriptor: int, size: int) -> bool:
    os.lseek(descriptor, size - 1, os.SEEK_SET)
    return os.read(descriptor, 1) == b"\n"


def _write_all(descriptor: int, data: bytes) -> None:
    while data:
        data = data[os.write(descriptor, data):]


def _take_back(descriptor: int, target: Path, size: int) -> None:
    """Cut a failed append off ``target`` (``size`` bytes before it); a file it created
    goes, so that no empty fallback file is left waiting to be drained."""
    with contextlib.suppress(OSError):
        if size:
            os.ftruncate(descriptor, size)
        else:
            os.unlink(target)


#: os.open's flag refusing a link (not on Windows, whose temp folder is the user's own).
_NO_LINKS = getattr(os, "O_NOFOLLOW", 0)


def _check_usable(status: os.stat_result, target: Path, in_temp: bool) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(target))
    if in_temp and not _is_mine(status):
        raise OSError(errno.EPERM, "another user's file", str(target))


def _is_mine(status: os.stat_result) -> bool:
    return not hasattr(os, "geteuid") or status.st_uid == os.geteuid()


def fallback_targets(db_path: Path) -> tuple[Path, Path]:
    """Where a game the database ``db_path`` refuses goes, in order of preference."""
    return fallback_path(db_path), _last_resort_path()


def can_keep_games(db_path: Path) -> bool:
    """Whether a fallback file could be written for ``db_path`` (checked, not written)."""
    from gofish.storage.access import uncreatable

    for target in fallback_targets(db_path):
        if os.path.lexists(target):
            if _could_append(target):
                return True
        elif uncreatable(target) is None:
            return True
    return False


def _could_append(target: Path) -> bool:
    """Whether the existing ``target`` is a file that ``_append_line`` would take."""
    try:
        status = os.lstat(target) if target == _last_resort_path() else os.stat(target)
        _check_usable(status, target, target == _last_resort_path())
    except OSError:  # a link to nothing, a pipe, another user's file in the temp folder
        return False
    return os.access(target, os.R_OK | os.W_OK)  # read too: the last byte is looked at


def read_fallback_lines(path: Path) -> list[str]:
    """The lines of a fallback file, read while no other gofish appends to or drains it.
    OSError if it is not a regular file (or, in the temp folder, a link or a file of
    another user's: its lines could be anyone's)."""
    with _locked_to_read(path) as descriptor:
        return _lines(descriptor)


def temp_folder_fallback() -> Path:
    """The fallback file in the temp folder, shared by every database of this user's."""
    return _last_resort_path()


def existing_fallback_lines(path: Path) -> list[str]:
    """As :func:`read_fallback_lines`, and none if there is no such file (any more)."""
    try:
        return read_fallback_lines(path) if path.exists() else []
    except FileNotFoundError:  # another gofish moved it in meanwhile
        return []
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # none can be: its games went to the temp
            return []                          # folder's file, for the database's name
        raise


def fallback_waits(db_path: Path) -> bool:
    """Whether the fallback file beside the database ``db_path`` is there: never where its
    name would be longer than the system allows (history stopped with "cannot reach" it)."""
    return os.path.exists(fallback_path(db_path))  # False for any OSError


def waits_in_temp_folder(db_path: Path) -> bool:
    """Whether the temp folder's fallback file holds a game for the database ``db_path``
    (False if it cannot be read: another user's file, a link)."""
    try:
        return bool(lines_for_database(existing_fallback_lines(_last_resort_path()), db_path))
    except OSError:
        return False


def lines_for_database(lines: list[str], db_path: Path) -> list[str]:
    """Those of fallback ``lines`` that hold a game written for the database ``db_path``
    (the temp folder's file is shared by every database)."""
    wanted = os.path.abspath(db_path)
    return [line for line in lines
            if (entry := parse_fallback_line(line)) is not None
            and isinstance(named := entry.get("database"), str)
            and os.path.abspath(named) == wanted]


def parse_fallback_line(line: str) -> dict[str, Any] | None:
    """The entry a fallback line holds, or None if it cannot be read as one."""
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or past json's limits
        return None
    if isinstance(entry, dict) and "record" in entry and "seats" in entry:
        return entry
    return None


def remove_fallback_lines(path: Path, moved: Sequence[str]) -> None:
    """Take ``moved`` (lines whose games are now in the database) out of the fallback
    file, removing it once nothing is left. Lines another gofish appended since they
    were read stay: dropping the whole file lost them."""
    with _locked_to_read(path) as descriptor:
        left = _without(_lines(descriptor), moved)
        mode = stat.S_IMODE(os.fstat(descriptor).st_mode)
        if _CAN_LOCK:  # under the lock: an append between the read and this would be lost
            _put(path, left, mode)
    if not _CAN_LOCK:  # Windows: no lock, and a file still open may not be replaced
        _put(path, left, mode)


def _put(path: Path, lines: list[str], mode: int) -> None:
    """``lines`` as the fallback file, or no file if there are none."""
    if lines:
        _replace(path, lines, mode)
    else:
        os.unlink(path)


def _without(lines: list[str], moved: Sequence[str]) -> list[str]:
    """``lines`` less one copy of each of ``moved`` (a line may be there twice)."""
    to_drop = Counter(moved)
    left = []
    for line in lines:
        if to_drop[line]:
            to_drop[line] -= 1
        else:
            left.append(line)
    return left


def _replace(path: Path, lines: list[str], mode: int) -> None:
    """Put a file holding ``lines`` at ``path`` in one step: a crash midway leaves the
    old file whole, never half of it."""
    descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with open(descriptor, "w", encoding="utf-8") as stream:
            stream.writelines(line + "\n" for line in lines)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(name, mode)
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _lines(descriptor: int) -> list[str]:
    chunks = []
    while chunk := os.read(descriptor, 1 << 16):
        chunks.append(chunk)
    text = b"".join(chunks).decode("utf-8", errors="replace")
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


def _locked_to_read(path: Path) -> contextlib.AbstractContextManager[int]:
    """``path`` opened to read and locked, with the checks ``_append_line`` makes."""
    in_temp = path == _last_resort_path()
    flags = os.O_RDONLY | os.O_NONBLOCK | (_NO_LINKS if in_temp else 0)
    return _locked(path, flags, lambda status: _check_usable(status, path, in_temp))


#: Tries at opening a fallback file that another gofish keeps replacing or removing.
_OPEN_ATTEMPTS = 20


@contextlib.contextmanager
def _locked(path: Path, flags: int, check: Callable[[os.stat_result], None]) -> Iterator[int]:
    """``path`` opened with ``flags``, passed by ``check`` and locked against every other
    gofish appending to or draining it, until the block ends. A drain replaces or removes
    the file: one opened before that is let go and ``path`` opened again, or a line
    appended to it would be lost with it."""
    for _ in range(_OPEN_ATTEMPTS):
        descriptor = os.open(path, flags, 0o600)
        try:
            check(os.fstat(descriptor))
            _lock(descriptor)
            if _is_at(descriptor, path):
                yield descriptor
                return
        finally:
            os.close(descriptor)
    raise OSError(errno.EAGAIN, "replaced again and again while opened", str(path))


#: Whether appends and drains can be kept apart: Windows has no flock.
_CAN_LOCK = sys.platform != "win32"


def _lock(descriptor: int) -> None:
    """Wait for the only lock on the open file (released when it is closed)."""
    if sys.platform != "win32":
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_EX)


def _is_at(descriptor: int, path: Path) -> bool:
    """Whether the open file is still the one at ``path`` (not replaced or removed)."""
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    opened = os.fstat(descriptor)
    return (there.st_dev, there.st_ino) == (opened.st_dev, opened.st_ino)

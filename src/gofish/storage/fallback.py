"""The file a game goes to when the database cannot take it, so it is never lost.

Each line is one JSON object: the record, the seats, the source and the game id
the app had, plus why and when. ``Store.recover_unsaved`` moves them back in.
"""

from __future__ import annotations

import errno
import getpass
import json
import os
import stat
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

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
    line = json.dumps({**entry, "written_at": datetime.now(UTC).isoformat(timespec="seconds"),
                       "database": str(db_path)})
    for target in fallback_targets(db_path):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with _open_to_append(target) as stream:
                stream.write(line + "\n")
                stream.flush()
                os.fsync(stream.fileno())
            return target
        except OSError:
            continue
    return None


def _open_to_append(target: Path) -> TextIO:
    """``target`` opened to append, made private to this user if new (the temp folder is
    everyone's). Only a regular file: a pipe there would block the save for ever, so
    it is opened without waiting, then refused. In the temp folder, only a file of this
    user's own, not a link: another user could have put one there to read every hand."""
    in_temp = target == _last_resort_path()
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
    descriptor = os.open(target, flags | (_NO_LINKS if in_temp else 0), 0o600)
    try:
        _check_usable(os.fstat(descriptor), target, in_temp)
    except OSError:
        os.close(descriptor)
        raise
    os.set_blocking(descriptor, True)
    return open(descriptor, "a", encoding="utf-8")


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
    """Whether the existing ``target`` is a file that ``_open_to_append`` would take."""
    try:
        status = os.lstat(target) if target == _last_resort_path() else os.stat(target)
        _check_usable(status, target, target == _last_resort_path())
    except OSError:  # a link to nothing, a pipe, another user's file in the temp folder
        return False
    return os.access(target, os.W_OK)


def read_fallback(path: Path) -> list[dict[str, Any]]:
    """Every readable entry of a fallback file (unreadable lines are skipped, not fatal).
    OSError if it is not a regular file: reading a pipe would wait for ever."""
    if not path.is_file():
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    entries: list[dict[str, Any]] = []
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):  # not JSON, or past json's limits
                continue
            if isinstance(entry, dict) and "record" in entry and "seats" in entry:
                entries.append(entry)
    return entries

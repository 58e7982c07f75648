"""Where the games database lives by default."""

from __future__ import annotations

import os
from pathlib import Path

from gofish.storage.errors import StorageError

DB_ENV = "GOFISH_DB"
DB_FILENAME = "games.sqlite3"


def default_db_path() -> Path:
    """``$GOFISH_DB`` if set, else ``$XDG_DATA_HOME/gofish/games.sqlite3``.

    ``XDG_DATA_HOME`` defaults to ``~/.local/share`` (the XDG base directory spec).
    StorageError if that needs a home directory and there is none.
    """
    override = os.environ.get(DB_ENV, "").strip()
    if override:
        return expand_home(override)
    return data_home() / "gofish" / DB_FILENAME


def chosen_db_path(path: str | os.PathLike[str] | None) -> Path:
    """The database at ``path`` (a leading ``~`` expanded), or the default one if None."""
    return default_db_path() if path is None else expand_home(db_path_argument(path))


def db_path_argument(path: object) -> str | os.PathLike[str]:
    """``path`` if it names a file as text or a ``Path``; StorageError otherwise (5 was a
    TypeError from pathlib, and bytes too, which pathlib takes only on some systems)."""
    if isinstance(path, str) or (isinstance(path, os.PathLike)
                                 and isinstance(os.fspath(path), str)):
        if "\0" in os.fspath(path):  # no file can be named so: ValueError from the system
            raise StorageError(f"the games database path {os.fspath(path)!r} has a NUL "
                               "character in it, which no file name can hold")
        return path
    raise StorageError(
        f"the games database must be a path (text or a pathlib.Path), not {path!r}")


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``; StorageError if there is no home."""
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    # The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if data_home and os.path.isabs(data_home):
        return Path(data_home)
    return expand_home("~") / ".local" / "share"


def expand_home(path: str | os.PathLike[str]) -> Path:
    """``path`` with a leading ``~`` expanded; StorageError (not pathlib's RuntimeError, a
    traceback) when there is no home directory: $HOME unset, and a user id with no entry
    in the user database, as in a container started with another user id."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        raise StorageError(_no_home(os.fspath(path))) from None


def _no_home(path: str) -> str:
    """Why ``path``'s leading ``~`` names no home directory."""
    user = path[1:].replace(os.sep, "/").split("/", 1)[0]
    if user:  # ~name: no user of that name, whatever $HOME says
        return f"{path} names the home directory of {user}, and there is no such user"
    return ("there is no home directory to keep data in ($HOME is not set, and this user "
            "has none): set $HOME or $XDG_DATA_HOME, or name the database with --database")

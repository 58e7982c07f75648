"""Why a database (of games, or of rooms) cannot be opened or written, found before
SQLite is asked.

SQLite gives one answer ("unable to open database file") to a file without read
permission, a pipe and a missing folder, and opens a read-only file without a word,
refusing only the first save. These checks name the real cause, in a sentence.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from gofish.storage.errors import StorageError

#: The files SQLite makes beside a database in WAL mode; without them the folder must
#: be writable, even to read it.
_SIDE_FILES = ("-wal", "-shm")


def database_exists(path: Path) -> bool:
    """Whether anything is at ``path``. A folder on the way that may not be searched is a
    StorageError saying so, not "no such file" (os.path.exists) nor a bare PermissionError."""
    try:
        if path.exists():
            return True
        os.stat(path)  # a link round in a loop looks missing to exists(): say what it is
    except (FileNotFoundError, NotADirectoryError):  # a file on the way: uncreatable says so
        return False
    except OSError as error:
        raise StorageError(f"cannot reach the games database {path}: "
                           f"{_unreachable(error)}") from None
    return False


def _unreachable(error: OSError) -> str:
    """Why a path could not be reached, with what it means where its words do not say."""
    return f"{error.strerror or error}{_UNREACHABLE.get(error.errno or 0, '')}"


#: What an error reaching a database path means, where its own words do not say.
_UNREACHABLE = {
    errno.EACCES: " (a folder on the way may not be opened)",
    errno.ELOOP: " (a link on the way leads round in a loop)",
    errno.ENAMETOOLONG: " (the path, or a name in it, is longer than this system allows)",
}


def unopenable(path: Path) -> str | None:
    """Why the existing entry at ``path`` cannot be opened as a database, or None."""
    if path.is_dir():
        return "it is a directory, not a file"
    if not path.is_file():  # a pipe would block SQLite, a device is no place for games
        return "it is not a regular file (a device or a pipe)"
    if reason := side_names_too_long(path):
        return reason
    # Asked, not tried: closing a file drops every lock this process holds on it, its
    # SQLite connections' too. Another gofish then took itself for the last one on the
    # database and removed the -wal file that this one's later saves went into.
    if not os.access(path, os.R_OK):
        return f"it may not be read ({os.strerror(errno.EACCES)})"
    return _too_short(path)


#: The bytes every SQLite database file begins with, its header: one that is not empty
#: but shorter holds something else.
_SQLITE_HEADER_SIZE = 100


def _too_short(path: Path) -> str | None:
    """Why ``path`` is no database if it holds a few bytes, fewer than SQLite's header; else
    None. SQLite takes a file of one byte (``echo > FILE``, a newline) for an empty one
    and writes a new database over it."""
    try:
        size = path.stat().st_size
    except OSError:
        return None  # gone since: opening it says what it is
    if not 0 < size < _SQLITE_HEADER_SIZE:
        return None
    return (f"it holds only {size} byte{'' if size == 1 else 's'}, too few for a database "
            f"(one starts with a {_SQLITE_HEADER_SIZE}-byte header), so it is another kind "
            "of file")


def uncreatable(path: Path) -> str | None:
    """Why a database could not be made at ``path`` (which does not exist), or None."""
    try:
        return _uncreatable(path)
    except OSError as error:  # a name too long for the system, a link round in a loop
        return _unreachable(error)


def _uncreatable(path: Path) -> str | None:
    if path.is_symlink():  # a link to nothing: the file is made where it points
        if not Path(os.path.realpath(path)).parent.is_dir():
            return f"it is a link to {os.readlink(path)}, in a directory that does not exist"
        path = Path(os.path.realpath(path))
    folder = _nearest_existing(path.parent)
    if not folder.is_dir():
        return _not_a_folder(folder)
    if not _writable_folder(folder):
        return f"the directory {folder} is not writable"
    return side_names_too_long(path, folder) or _refuses_new_files(folder)


#: The longest ending SQLite gives a file it keeps beside a database: its rollback journal.
_LONGEST_SIDE_FILE = "-journal"


def side_names_too_long(path: Path, folder: Path | None = None) -> str | None:
    """Why SQLite could not keep its files beside a database named ``path`` (in ``folder``,
    its own if None), or None: a name the system takes, but not with "-journal" after it,
    was "unable to open database file", told as a directory missing or not writable."""
    try:
        limit = os.pathconf(folder or path.parent, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # Windows, or no limit known
        return None
    if len(os.fsencode(path.name + _LONGEST_SIDE_FILE)) <= limit:
        return None
    return (f"its name is too long: SQLite keeps files beside the database named after it "
            f"({path.name}{_LONGEST_SIDE_FILE}, -wal and -shm), and the longest would be "
            f"more than the {limit} bytes a name may have there; choose a shorter name")


def _refuses_new_files(folder: Path) -> str | None:
    """Why ``folder`` takes no new file though its permissions say it may, or None: some
    file systems (/sys) and security modules refuse root too, and serve, going by the
    permissions, started without a word on a database it could never make while play
    warned. Tried with a file of its own, removed at once, never with the database."""
    try:
        handle, name = tempfile.mkstemp(prefix=".gofish-", suffix=".probe", dir=folder)
    except OSError as error:
        return f"the directory {folder} takes no new files ({error.strerror or error})"
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return None


#: Permissions of a folder or database gofish makes: its owner's only. A database holds
#: whole deals (every hand and the pond of an unfinished game), which nobody else should
#: read on a shared machine; the XDG base directory spec asks for 0700 folders too.
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


def make_folder(folder: Path) -> None:
    """Make ``folder`` (and any missing parents) if it is missing, the last one private."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)


def create_private(path: Path) -> None:
    """Make an empty database file at ``path`` that only its owner may read, before SQLite
    makes one with the umask's permissions (often readable by all). An empty file is an
    empty database to SQLite, and its -wal and -shm files take the database's permissions."""
    target = os.path.realpath(path)  # where a link to nothing points: O_EXCL refuses links
    with contextlib.suppress(FileExistsError):  # another process made it meanwhile
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))


def folder_not_made(folder: Path, error: OSError) -> str:
    """Why ``folder`` could not be made, from the ``error`` mkdir raised."""
    blocker = _nearest_existing(folder)
    if not blocker.is_dir():  # FileExistsError or NotADirectoryError: a file is in the way
        return _not_a_folder(blocker)
    if not _writable_folder(blocker):  # named, as when the database itself cannot be made
        return f"the directory {blocker} is not writable"
    return str(error.strerror or error)


def _not_a_folder(path: Path) -> str:
    """What is in the way where a folder should be: a file, or a link to nothing."""
    if path.is_symlink():
        return f"{path} is a link to {os.readlink(path)}, which is not a directory"
    return f"{path} is a file, not a directory"


def problem_opening(path: Path) -> str | None:
    """The message for a games database at ``path`` that cannot be opened, or None."""
    reason = unopenable(path) or unreadable_wal(path)
    return None if reason is None else f"cannot open the games database {path}: {reason}"


def problem_creating(path: Path) -> str | None:
    """The message for a games database that cannot be made at ``path``, or None."""
    reason = uncreatable(path)
    return None if reason is None else f"cannot create the games database {path}: {reason}"


def problem_creating_folder(folder: Path, error: OSError) -> str:
    """The message for a games database folder that could not be made."""
    return (f"cannot create the directory for the games database {folder}: "
            f"{folder_not_made(folder, error)}")


def problem_saving(path: Path) -> str | None:
    """Why games could not be saved at ``path`` (a read-only file or folder, a file where a
    folder should be), or None if they can. Made for a warning before play starts."""
    try:
        if not database_exists(path):
            return problem_creating(path)
    except StorageError as error:
        return str(error)
    if problem := problem_opening(path):
        return problem
    reason = unwritable(path)
    return None if reason is None else f"cannot write to the games database {path}: {reason}"


def unwritable(path: Path) -> str | None:
    """Why the existing database at ``path`` cannot be written, or None."""
    if not os.access(path, os.W_OK):
        return ("it is on a read-only file system" if _on_read_only_mount(path)
                else "the file is read-only")  # chmod would not help there
    if not _side_files_present(path) and not _writable_folder(path.parent):
        return (f"its directory {path.parent} is read-only, and SQLite keeps files beside "
                "the database")
    # Made read-only alike while the database was: they keep it so once it is not.
    for side in _SIDE_FILES:
        if _read_only_side_file(f"{path}{side}"):
            return f"{path}{side} beside it is read-only (make it writable too)"
    return None


def _on_read_only_mount(path: Path) -> bool:
    """Whether ``path`` is on a file system mounted read-only (not on Windows)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        return False


def _read_only_side_file(name: str) -> bool:
    """Whether the side file ``name`` is there and may not be written. Another connection
    makes and removes side files at any moment (the last to close removes them), so one
    that is gone, or is made, between two looks must not count as read-only: a writer
    then opened the database read-only, and its saves went to the fallback file."""
    if os.access(name, os.W_OK):
        return False
    return os.path.exists(name) and not os.access(name, os.W_OK)


def read_only_uri(path: Path) -> str:
    """The SQLite URI that opens ``path`` only to read it. Without side files beside it,
    SQLite would make them even to read, and cannot in a read-only folder; beside a
    read-only file it leaves them read-only, keeping the database so once it is not. So
    it is read as immutable, which it is to this user, when that is safe."""
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
    read_only_here = not (_writable_folder(path.parent) and os.access(path, os.W_OK))
    if read_only_here and _immutable_is_safe(path):
        uri += "&immutable=1"
    return uri


def _immutable_is_safe(path: Path) -> bool:
    """Whether ``path`` may be read as a file nothing changes. Not when moves wait in a
    -wal file (it would not read them), nor with an interrupted save to undo (it would
    read its half-written pages as made), nor while both side files are there: another
    program may have it open to write, and SQLite reads it alongside through them."""
    return (_wal_is_empty(path) and not _interrupted_save(path)
            and not _side_files_present(path))


def _interrupted_save(path: Path) -> bool:
    """Whether a rollback journal beside ``path`` holds a save to undo (SQLite calls it hot:
    it exists and its first byte is not zero). SQLite undoes it before reading."""
    journal = f"{path}-journal"
    if not os.path.lexists(journal):
        return False
    if not os.path.isfile(journal):  # no journal, but reading a pipe would wait for ever
        return True
    try:
        with open(journal, "rb") as stream:
            return stream.read(1) not in (b"", b"\0")
    except OSError:  # one we may not read, which SQLite must look at then
        return True


def unreadable_wal(path: Path) -> str | None:
    """Why the moves waiting in the -wal file beside ``path`` cannot be read, or None:
    SQLite reads them only through a -shm file, which a read-only folder cannot take."""
    if _wal_is_empty(path) or os.path.lexists(f"{path}-shm") or _writable_folder(path.parent):
        return None
    return (f"the last games saved wait in {path.name}-wal beside it, which SQLite reads only "
            f"with a {path.name}-shm file it may not make in the read-only directory "
            f"{path.parent}")


def _wal_is_empty(path: Path) -> bool:
    try:
        return os.path.getsize(f"{path}-wal") == 0
    except OSError:  # none
        return True


def _side_files_present(path: Path) -> bool:
    return all(os.path.exists(f"{path}{side}") for side in _SIDE_FILES)


def _nearest_existing(path: Path) -> Path:
    """``path`` or its closest ancestor that exists (at worst the root or ``.``)."""
    absolute = Path(os.path.abspath(path))
    return next((candidate for candidate in (absolute, *absolute.parents)
                 if os.path.lexists(candidate)), absolute)


def _writable_folder(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)

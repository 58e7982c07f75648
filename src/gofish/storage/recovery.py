"""Getting the games a damaged games database still holds back into a sound file.

The damaged file is read game by game around its bad pages (``salvage``, through the
store's readers), and every game that reads goes, with its id, times, seats and record,
into a new file made beside it under a temporary name. That file is checked, then the
damaged one (with its ``-wal`` and ``-shm`` files) is kept aside under a name that says
so, and the new one put in its place. The damaged file is never written, nor removed: a
failure at any step leaves it where it was, and removes the new file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sqlite3
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from gofish.storage.access import database_exists, problem_opening
from gofish.storage.errors import DamagedGameError, StorageError
from gofish.storage.paths import chosen_db_path
from gofish.storage.store import Store, StoredGame, describe_sqlite_error, disk_is_full

#: The files SQLite keeps beside a database: they belong to the damaged file, and one
#: left where the new file goes would be read as part of it.
SIDE_FILES = ("-wal", "-shm", "-journal")
#: How every SQLite file begins (its file format); anything else holds no games to find.
_SQLITE_HEADER = b"SQLite format 3\x00"
#: SQLite's shared locks in a database file: 510 bytes from 2 past its pending byte (1 GiB
#: in). Each connection that has read a WAL database holds one for as long as it is open.
_SHARED_LOCKS = (0x40000002, 510)
#: Games read at a time from the damaged file.
_PAGE = 200
NOTHING_CHANGED = "nothing was changed"
#: How the name of the new file ends while it is made (``.games.sqlite3.x1y2z3.recovering``).
UNFINISHED = ".recovering"


class RecoveryRefused(StorageError):
    """Recovery was not started (or was given up before the damaged file was touched):
    no database to recover, not a gofish database, in use, nowhere to write."""


class RecoveryInterrupted(Exception):
    """A KeyboardInterrupt (``stop``) ended the recovery: before the new file was put in
    place (``kept_as`` None: nothing was changed), or once it was."""

    def __init__(self, stop: KeyboardInterrupt, kept_as: Path | None) -> None:
        super().__init__(
            "interrupted before the recovered games database was in place of the damaged "
            f"one; {NOTHING_CHANGED}" if kept_as is None else
            "interrupted once the recovered games database was in place of the damaged "
            f"one, which is kept as {kept_as}")
        self.stop = stop
        self.kept_as = kept_as


class LostGame(NamedTuple):
    """A game of the damaged file that is not in the new one."""

    id: int
    damaged: bool  # on a damaged page, or its row past reading; else ``reason`` says why
    reason: str


@dataclass(frozen=True)
class Recovery:
    """What ``recover_database`` did."""

    path: Path
    damage: str | None  # SQLite's words on the damage; None: the file is sound, left alone
    recovered: tuple[int, ...] = ()
    lost: tuple[LostGame, ...] = ()
    kept_as: Path | None = None  # where the damaged file is now
    moved_in: tuple[int, ...] = ()  # games from the fallback files, moved into the new file
    #: Games recovered without some of their seats (on a damaged page): id -> the seats
    #: lost (from 0), each now named ``seat N (name lost)`` and taken for a person's.
    seats_lost: Mapping[int, tuple[int, ...]] = field(default_factory=dict)


#: ``progress(done, total)``: how many of the games listed have been read and copied.
Progress = Callable[[int, int], None]


def recover_database(path: str | os.PathLike[str] | None = None, *,
                     now: Callable[[], datetime] = datetime.now,
                     progress: Progress | None = None) -> Recovery:
    """Put a sound database holding every game that can still be read in the place of the
    damaged one at ``path`` (None: the default database), which is kept beside it.

    RecoveryRefused, with nothing changed, for a database that is not there, is not a
    gofish database, is in use by another program or sits in a directory that cannot
    be written; StorageError when the new file cannot be made (a full disk): it is then
    removed, and the damaged file left where it was. A sound database is left as it is.
    RecoveryInterrupted for a KeyboardInterrupt (Ctrl-C, or a signal made one), saying
    whether the new file was put in place. ``progress`` is told how far the copy is after
    each page of games (a large file takes minutes).
    """
    named = chosen_db_path(path)
    real = Path(os.path.realpath(named))  # a link to the database keeps pointing at it
    kept_as: Path | None = None
    try:
        _refuse_unrecoverable(named, real)
        with _alone(real):  # said before reading it all, which may take a while
            pass
        with contextlib.ExitStack() as making:  # the new file, until it is in place
            with _open_damaged(real) as damaged:
                damage = damaged.check_integrity()
                if damage is None:
                    return Recovery(named, None)
                _remove_unfinished(real)
                new_file = making.enter_context(_new_file_beside(real))
                recovered, lost, seats_lost = _build(real, new_file, damaged, progress)
            with _signals_held():  # the files are swapped whole, or not at all
                kept_as = _put_in_place(real, new_file, now())
        moved_in = _move_unsaved_in(real)
    except KeyboardInterrupt as stop:
        raise RecoveryInterrupted(stop, kept_as) from None
    return Recovery(named, damage, tuple(recovered), tuple(sorted(lost)), kept_as,
                    tuple(moved_in), seats_lost)


# ----------------------------------------------------------------- checks


def _refuse_unrecoverable(named: Path, real: Path) -> None:
    """RecoveryRefused unless ``real`` is an SQLite file this user may read, in a
    directory the new file can be made in."""
    if not database_exists(named):
        raise RecoveryRefused(f"there is no games database at {named}, so nothing to "
                              f"recover; {NOTHING_CHANGED}")
    if problem := problem_opening(real):
        raise RecoveryRefused(f"{problem}; {NOTHING_CHANGED}")
    if not _begins_as_sqlite(real):
        raise RecoveryRefused(
            f"{named} is not a games database: it does not begin as an SQLite database "
            "does (another kind of file, or its first page is overwritten, which leaves no "
            f"game to be found); {NOTHING_CHANGED}")
    if owner := _another_users(real):
        raise RecoveryRefused(
            f"the games database {named} is another user's ({owner}): recover it as that "
            "user (or as root), so that the new file is theirs as the damaged one was, "
            f"and theirs to write; {NOTHING_CHANGED}")
    folder = real.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecoveryRefused(_unwritable_folder(folder, "it is not writable"))


def _another_users(path: Path) -> str | None:
    """Who owns ``path``, if another user than this one, who is not root (root's new file
    is given the owner's): this user's new file in its place would keep that owner from
    writing it, and in a sticky folder (``/tmp``) it could not even be put there."""
    if not hasattr(os, "geteuid") or os.geteuid() == 0:
        return None
    owner = path.stat().st_uid
    if owner == os.geteuid():
        return None
    try:
        import pwd

        return f"user id {owner}, {pwd.getpwuid(owner).pw_name}"
    except (ImportError, KeyError):  # no such user any more
        return f"user id {owner}"


def _unwritable_folder(folder: Path, why: str) -> str:
    return (f"cannot recover the games database into its directory {folder}: {why}, and "
            "the new file is made there, to take the damaged one's place in one step; "
            f"{NOTHING_CHANGED}")


def _begins_as_sqlite(path: Path) -> bool:
    """Whether ``path`` begins as SQLite files do; an empty file is an empty database."""
    try:
        with path.open("rb") as stream:
            start = stream.read(len(_SQLITE_HEADER))
    except OSError as error:
        raise RecoveryRefused(f"cannot read the games database {path}: "
                              f"{error.strerror or error}; {NOTHING_CHANGED}") from None
    return start in (b"", _SQLITE_HEADER)


@contextlib.contextmanager
def _alone(path: Path) -> Iterator[None]:
    """Hold SQLite's locks on ``path`` so that no other program opens it meanwhile;
    RecoveryRefused if one has it open. Swapped while another gofish had it open, that
    one would go on in the file kept aside. Asked of the system, not of SQLite, which
    would write the file's ``-wal`` moves into it on closing. Closing the descriptor drops
    this process's locks on the file: no store of its own may be open on it then."""
    if sys.platform == "win32":  # no such locks: SQLite locks files differently there
        yield
        return
    import fcntl

    try:
        descriptor = os.open(path, os.O_RDWR)
    except PermissionError:  # a file no gofish of this user's can write either
        yield
        return
    try:
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB, _SHARED_LOCKS[1],
                        _SHARED_LOCKS[0])
        except OSError as error:
            if error.errno not in (errno.EACCES, errno.EAGAIN):
                raise
            raise RecoveryRefused(
                f"the games database {path} is in use by another program (is another "
                f"gofish running?): close it and try again; {NOTHING_CHANGED}") from None
        yield
    finally:
        os.close(descriptor)


# ---------------------------------------------------------------- reading


def _open_damaged(path: Path) -> Store:
    """The damaged file, opened to read; RecoveryRefused if it is no gofish database it
    can read, StorageError if not even its list of tables reads."""
    try:
        return Store(path, read_only=True)
    except StorageError as error:
        if " is damaged" not in str(error):
            raise RecoveryRefused(f"{error}; {NOTHING_CHANGED}") from None
        # Its list of tables or its schema version past reading: no game can be found.
        raise StorageError(
            f"the games database {path} is damaged where gofish reads before any game "
            "(SQLite's list of tables, or the schema version), so no game can be found in "
            f"it; {NOTHING_CHANGED}. sqlite3's .recover may still "
            "find some (docs/storage.md, \"Errors\")") from None


def _copy_games(damaged: Store, new: Store, progress: Progress | None
                ) -> tuple[list[int], list[LostGame], dict[int, tuple[int, ...]]]:
    """Store every game ``damaged`` still reads in ``new``, a page at a time (so that a
    large database is never held in memory whole); the ids copied, the games lost, and
    the games copied without some of their seats (those seats, by game)."""
    try:
        largest = damaged.largest_id()
    except StorageError:  # neither place that knows it reads: the ids found say it
        largest = 0
    recovered: list[int] = []
    lost: list[LostGame] = []
    seats_lost: dict[int, tuple[int, ...]] = {}
    for entries in _pages(damaged, largest, progress):
        largest = max([largest, *map(_entry_id, entries)])
        entries, seatless = _with_seats_lost(damaged, entries)
        games = [(entry, _deal(damaged, entry)) for entry in entries
                 if isinstance(entry, StoredGame)]
        lost += [LostGame(entry.game_id, True, str(entry)) for entry in entries
                 if isinstance(entry, DamagedGameError)]
        refused = new.restore(games, largest_id=largest)
        lost += [LostGame(game_id, False, reason) for game_id, reason in refused.items()]
        recovered += [game.id for game, _ in games if game.id not in refused]
        seats_lost |= {game_id: seats for game_id, seats in seatless.items()
                       if game_id not in refused}
    return recovered, lost, seats_lost


def _with_seats_lost(damaged: Store, entries: list[StoredGame | DamagedGameError]
                     ) -> tuple[list[StoredGame | DamagedGameError], dict[int, tuple[int, ...]]]:
    """``entries``, each damaged game whose row still reads but some of whose seats do
    not (their page damaged) read without them (``Store.game_without_its_seats``): the
    game is kept, and only who sat there lost; and the seats lost, by game."""
    kept: list[StoredGame | DamagedGameError] = []
    seats_lost: dict[int, tuple[int, ...]] = {}
    for entry in entries:
        found = None
        if isinstance(entry, DamagedGameError):
            try:
                found = damaged.game_without_its_seats(entry.game_id)
            except StorageError:  # read a moment ago: it stays damaged
                found = None
        if found is None:
            kept.append(entry)
            continue
        game, seats = found
        kept.append(game)
        seats_lost[game.id] = seats
    return kept, seats_lost


def _pages(store: Store, largest: int, progress: Progress | None
           ) -> Iterator[list[StoredGame | DamagedGameError]]:
    """Every game of ``store``, read or named as damaged, a page at a time, by id: the
    history's order, read through the sound part of a damaged index and around its damage
    by turns, passed some games by, neither copied nor named as lost. ``progress`` hears
    of each page once its reader has asked for the next (so once it is copied)."""
    ids = store.game_ids()
    for start in range(0, len(ids), _PAGE):
        wanted = ids[start:start + _PAGE]
        entries = store.entries_by_id(wanted)
        yield [*entries, *_not_found(store, wanted, entries, largest)]
        if progress is not None:
            progress(start + len(wanted), len(ids))


def _not_found(store: Store, wanted: list[int], entries: list[StoredGame | DamagedGameError],
               largest: int) -> list[DamagedGameError]:
    """The ids listed (by the table or the history's index) whose rows a search by id does
    not find: a damaged page keeps them out of place, so those games are lost, and named.
    An id past the largest given out (when that reads) is no game's, only a damaged row's."""
    found = set(map(_entry_id, entries))
    return [DamagedGameError(game_id, store.path) for game_id in wanted
            if game_id not in found and (largest == 0 or game_id <= largest)]


def _entry_id(entry: StoredGame | DamagedGameError) -> int:
    return entry.id if isinstance(entry, StoredGame) else entry.game_id


def _deal(store: Store, entry: StoredGame | DamagedGameError) -> Mapping[str, Any] | None:
    """Which deal of a seeded table a readable game is (for ``gofish resume``), if any."""
    if not isinstance(entry, StoredGame):
        return None
    try:
        return store.seeded_deal(entry.id)
    except StorageError:  # its row read a moment ago: the game is kept without it
        return None


# --------------------------------------------------------------- writing


@contextlib.contextmanager
def _new_file_beside(path: Path) -> Iterator[Path]:
    """An empty file beside ``path`` to make the new database in (its name ends in
    UNFINISHED), locked while the block runs so that no other recovery takes it for one
    left unfinished; removed at the end, unless it was put in place meanwhile."""
    while True:
        try:
            descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                                suffix=UNFINISHED)
        except OSError as error:  # a read-only file system, one that takes no new files
            raise RecoveryRefused(_unwritable_folder(path.parent,
                                                     str(error.strerror or error))) from None
        if _claimed(descriptor, name):
            break
        os.close(descriptor)  # taken for a leftover and removed before it was locked
    try:
        yield Path(name)
    finally:
        _remove(Path(name))  # the lock still held: no other recovery is removing it
        os.close(descriptor)


def _claimed(descriptor: int, name: str) -> bool:
    """Lock the file just made as ``name`` (a lock of its own, apart from SQLite's, which
    closing another descriptor of it would drop); False if another recovery, taking it for
    a leftover, locked or removed it first."""
    if sys.platform == "win32":  # no such locks: nothing is taken for a leftover there
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return os.stat(name).st_ino == os.fstat(descriptor).st_ino
    except OSError:
        return False


def _remove_unfinished(path: Path) -> None:
    """Remove the new files (and their side files) that recoveries of ``path`` stopped by
    ``kill -9`` or a power cut left beside it, as large as the games they hold; never one
    another recovery is still making, which holds its lock."""
    if sys.platform == "win32":
        return
    import fcntl

    prefix = f".{path.name}."
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        leftovers = [entry.path for entry in entries if entry.name.startswith(prefix)
                     and entry.name.endswith(UNFINISHED)]
    for leftover in leftovers:
        try:  # not a link: what it points to is no leftover of ours
            descriptor = os.open(leftover, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(descriptor).st_mode):
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                _remove(Path(leftover))  # while locked: see _claimed
        except OSError:  # being made by another recovery, or not ours to remove
            pass
        finally:
            os.close(descriptor)


def _build(path: Path, new_file: Path, damaged: Store, progress: Progress | None
           ) -> tuple[list[int], list[LostGame], dict[int, tuple[int, ...]]]:
    """Make ``new_file`` a database holding every game ``damaged`` (the database at
    ``path``) still reads, checked; the ids of those games, the games not in it
    (damaged, or whose records do not replay), with why, and the seats lost by game.
    StorageError if it cannot be made whole (a full disk); ``_new_file_beside`` then
    removes it."""
    try:
        _as_owned(new_file, os.stat(path))
        with Store(new_file) as store:
            recovered, lost, seats_lost = _copy_games(damaged, store, progress)
            _stand_alone(store)
        _check(new_file, set(recovered))
    except (StorageError, OSError) as error:
        # Asked while the new file is still there: its removal makes room again.
        reason = ("the disk is full: free some space and run gofish recover again"
                  if disk_is_full(new_file) else _said(error))
        raise StorageError(f"cannot make the recovered games database beside {path}: "
                           f"{reason}. The unfinished new file is removed and "
                           f"{NOTHING_CHANGED}") from None
    return recovered, lost, seats_lost


def _as_owned(new_file: Path, damaged: os.stat_result) -> None:
    """Give ``new_file`` the damaged file's permissions, as shared as it was (a new database
    is its owner's alone), never read-only to its owner, who could not write the games in;
    and its owner, when root recovers it (sudo): root's, the owner could only read it."""
    os.chmod(new_file, stat.S_IMODE(damaged.st_mode) | stat.S_IRUSR | stat.S_IWUSR)
    if hasattr(os, "geteuid") and os.geteuid() == 0 and damaged.st_uid != 0:
        os.chown(new_file, damaged.st_uid, damaged.st_gid)


def _said(error: BaseException) -> str:
    """A failure in its own words: an OSError's without the errno number."""
    if isinstance(error, OSError):
        return str(error.strerror or error)
    return str(error)


def _stand_alone(store: Store) -> None:
    """Write every page into the file itself, with no ``-wal`` beside it: the file alone
    is moved into place. (Its next opening turns WAL mode on again.)"""
    try:
        mode = store.connection.execute("PRAGMA journal_mode = DELETE").fetchone()
    except sqlite3.Error as error:  # a full disk, as a save would say it
        raise StorageError(describe_sqlite_error(error, store.path)) from None
    if mode is None or str(mode[0]).lower() != "delete":
        raise StorageError("its moves could not be written into it")


def _check(new_file: Path, wanted: set[int]) -> None:
    """StorageError unless the new file is sound and holds exactly the ``wanted`` games."""
    with Store(new_file, read_only=True) as store:
        problem = store.check_integrity()
        if problem is not None:
            raise StorageError(f"the new file is damaged too ({problem})")
        # Their ids alone: the games themselves, read back, would fill the memory again.
        ids = [row[0] for row in store.connection.execute("SELECT id FROM games")]
        if len(ids) != len(wanted) or set(ids) != wanted:
            raise StorageError(f"the new file holds {len(ids)} games, not {len(wanted)}")


def _remove(new_file: Path) -> None:
    for name in (str(new_file), *(f"{new_file}{side}" for side in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


# ---------------------------------------------------------------- swapping


#: Ctrl-C, ``kill`` and a closed terminal: held off while the files are swapped.
_HELD_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                          if hasattr(signal, name))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Let Ctrl-C or ``kill`` take effect only once the block is done: one amid the swap
    undid a swap already made (and was told as nothing changed), or cut its undoing short,
    leaving the damaged file's side files apart from it. Its handler is only noted
    meanwhile (a mask of the signals would hold them from this thread alone), and the
    first such signal raised again at the end. Off the main thread, which alone may set
    handlers, nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    before = {number: signal.getsignal(number) for number in _HELD_SIGNALS}
    for number, handler in before.items():
        if handler not in (signal.SIG_IGN, None):  # None: set outside Python; left as is
            signal.signal(number, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        for number, handler in before.items():
            if handler not in (signal.SIG_IGN, None):
                signal.signal(number, handler)
        if came:  # now to its own handler: Ctrl-C's KeyboardInterrupt, kill's exit
            signal.raise_signal(came[0])


def _put_in_place(path: Path, new_file: Path, when: datetime) -> Path:
    """``_swap``, its failure told in words once every other file is put back (and the
    new file then removed by ``_new_file_beside``)."""
    try:
        return _swap(path, new_file, when)
    except OSError as error:
        raise StorageError(f"cannot put the recovered games database in the place of "
                           f"{path}: {_said(error)}. The new file is removed and "
                           f"{NOTHING_CHANGED}") from None


def _swap(path: Path, new_file: Path, when: datetime) -> Path:
    """Keep the damaged ``path`` (and its side files) under a name that says so, and put
    ``new_file`` in its place; where the damaged file went. Its side files go first: left
    beside the new file, SQLite would read their moves into it."""
    with _alone(path):
        kept, linked = _link_aside(path, when)
        moved: list[tuple[str, str]] = []
        try:
            for side in SIDE_FILES:
                if os.path.lexists(f"{path}{side}"):
                    os.rename(f"{path}{side}", f"{kept}{side}")
                    moved.append((f"{kept}{side}", f"{path}{side}"))
            if linked:
                os.replace(new_file, path)  # in one step: there is always a database there
            else:  # no links here: moved aside first, a moment with no file in its place
                os.rename(path, kept)
                moved.append((str(kept), str(path)))
                os.rename(new_file, path)
        except BaseException:
            _put_back(moved, kept if linked else None)
            raise
    _sync(path.parent)
    return kept


def _link_aside(path: Path, when: datetime) -> tuple[Path, bool]:
    """A free name beside ``path`` that says it is damaged, and when it was found so:
    ``games.sqlite3.damaged-20260105-143000``; and whether the file is linked to it there
    (where the file system allows: then it has both names for a moment, and never none)."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 1000):
        suffix = f"-{number}" if number > 1 else ""
        kept = path.with_name(f"{path.name}.damaged-{stamp}{suffix}")
        if any(os.path.lexists(f"{kept}{side}") for side in ("", *SIDE_FILES)):
            continue
        try:
            os.link(path, kept)  # refuses a name taken meanwhile: nothing is overwritten
        except FileExistsError:
            continue
        except OSError:  # a file system without links: the file is renamed instead
            return kept, False
        return kept, True
    raise StorageError(f"cannot find a free name beside {path} to keep the damaged file "
                       f"under; {NOTHING_CHANGED}")


def _put_back(moved: list[tuple[str, str]], link: Path | None) -> None:
    """Undo a swap that failed half-way: every file back where it was, the link made to
    keep the damaged file under its new name removed (the file is still in its place)."""
    for now_at, was_at in reversed(moved):
        with contextlib.suppress(OSError):
            os.rename(now_at, was_at)
    if link is not None:
        with contextlib.suppress(OSError):
            os.unlink(link)


def _sync(folder: Path) -> None:
    """Make the renames in ``folder`` last through a power cut (not on Windows)."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _move_unsaved_in(path: Path) -> list[int]:
    """Move games waiting in the fallback files into the new database, as any opening of
    a sound one does; the ids they went to. Nothing is lost if that fails: they wait for
    the next opening."""
    try:
        with Store(path) as store:
            return store.recover_unsaved()
    except StorageError:
        return []

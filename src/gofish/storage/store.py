"""The games database: save, list, load and count games (standard library sqlite3).

One ``Store`` owns one connection. Every method takes the store's lock, and the
connection is opened with ``check_same_thread=False``, so a single Store may be
shared by the threads of a web server; creating one Store per thread works too
(SQLite's WAL mode lets readers and one writer work side by side).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import math
import numbers
import operator
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard, TypeVar

from gofish.core import (
    PRESETS,
    Game,
    GoFishError,
    game_from_record,
    game_to_record,
    make_rules,
)
from gofish.core.errors import check_whole, short_repr, whole_number
from gofish.core.record import apply_record_action, start_from_record
from gofish.storage import salvage
from gofish.storage.access import (
    create_private,
    database_exists,
    make_folder,
    problem_creating,
    problem_creating_folder,
    problem_opening,
    read_only_uri,
    unwritable,
)
from gofish.storage.errors import (
    DamagedFileError,
    DamagedGameError,
    StorageError,
    UnknownGameError,
    damage_message,
    recover_hint,
)
from gofish.storage.fallback import (
    existing_fallback_lines,
    fallback_path,
    lines_for_database,
    parse_fallback_line,
    remove_fallback_lines,
    temp_folder_fallback,
    write_fallback,
)
from gofish.storage.paging import LARGEST_ID, GamesPage, PageKey, key_problem
from gofish.storage.paths import chosen_db_path, db_path_argument
from gofish.storage.schema import migrate, version_damage
from gofish.storage.summary import GameSummary, check_seats, rules_label, summarize

T = TypeVar("T")

Seat = dict[str, str | None]
HUMAN = "human"  # how a human seat is named among opponents in stats

DEFAULT_TIMEOUT = 1.0  # seconds SQLite waits for a lock before each retry
SAVE_ATTEMPTS = 3
_RETRY_PAUSES = (0.05, 0.2)
# Less free space than this, and an I/O error is the disk being full: the -shm file
# grows by 32 KiB at a time, a save's pages by a few more.
ROOM_SQLITE_NEEDS = 1 << 20


def utc_now() -> str:
    """The current time as stored: UTC, ISO 8601, milliseconds."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class StoredGame:
    """One stored game: its record, who sat where, and what the store derived from it."""

    id: int
    record: dict[str, Any]
    seats: list[Seat]
    source: str
    created_at: str
    updated_at: str
    finished_at: str | None
    over: bool
    winners: list[int] | None
    books: list[int]
    rules: str | dict[str, Any]
    players: int
    rules_label: str
    actions: int
    book_size: int  # 4, or 2 under the pairs house rule (R3): what its ``books`` count
    #: The columns of its row that said otherwise than its record replays to (edited by
    #: hand, a failing disk): they hold what the record replays to. Not in to_dict.
    changed: tuple[str, ...] = field(default=(), compare=False)

    @property
    def names(self) -> list[str]:
        return [str(seat["name"]) for seat in self.seats]

    @property
    def human_seats(self) -> list[int]:
        """The seats of people; a known person's before any that ``gofish recover`` could
        only take for a person's (``lost_seats``), so that history, show and the stats
        read a game from the seat its player is known to have played."""
        return self._people_and_lost()[0]

    def _people_and_lost(self) -> tuple[list[int], list[int]]:
        """human_seats, and the seats among them ``gofish recover`` lost (``lost_seats``),
        worked out once for player_seat, which needs both."""
        lost = lost_seats(self.seats)
        people = [index for index, seat in enumerate(self.seats) if seat["bot"] is None]
        return [index for index in people if index not in lost] + lost, lost

    @property
    def player_seat(self) -> int | None:
        """The seat a person played, as history, show and the browser's replay read the
        game: the first known person's, or the one seat recover lost beside bots'; None
        for a game of bots alone, and for one of which recover lost several seats and
        kept no person's (which of them was the player's is not known)."""
        humans, lost = self._people_and_lost()
        if not humans or (humans[0] in lost and len(lost) > 1):
            return None
        return humans[0]

    def opponents(self, seat: int | None = None) -> list[str]:
        """Bot names (``human`` for people) of everyone but ``seat`` (default: first human)."""
        if seat is None:
            humans = self.human_seats
            seat = humans[0] if humans else -1
        else:  # seat 7 of two listed both players as its opponents
            check_whole("seat", seat, 0, self.players - 1, StorageError)
        return [_identity(s) for index, s in enumerate(self.seats) if index != seat]

    def result(self, seat: int) -> str | None:
        """``win``, ``shared`` or ``loss`` for ``seat``; None while the game is in progress."""
        check_whole("seat", seat, 0, self.players - 1, StorageError)  # seat 5 was a "loss"
        if self.winners is None:
            return None
        return _result(seat, self.winners)

    def game(self) -> Game:
        """The game itself, rebuilt from the record (to resume or replay it)."""
        return game_from_record(self.record)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for the browser app)."""
        return {name: value for name, value in asdict(self).items() if name != "changed"}


@dataclass(frozen=True)
class StatsRow:
    """Results of one kind of seat against one line-up of opponents under one rule set."""

    player: str  # "human", or the bot name for bot seats (with human_only=False)
    opponents: tuple[str, ...]  # bot names of the other seats, sorted; "human" for people
    rules: str  # rules label: the preset, plus house rules that differ from it
    games: int
    wins: int  # outright wins
    losses: int
    shared_wins: int  # tied for the most books (R10)
    books: int  # total books laid by this seat over these games
    book_size: int  # 4, or 2 under the pairs house rule (R3): then ``books`` counts pairs
    # Its games' record ``rules`` value, for pages that name the rules in words; None when
    # unreadable or not the same for every game. Not in to_dict: --json keeps its fields.
    rules_record: str | dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def win_rate(self) -> float:
        """Wins per game, a shared win counted as one (R10: a tie shares the win), as the
        browser's Stats page counts it: the two gave 23% and 31% for the same games."""
        return (self.wins + self.shared_wins) / self.games if self.games else 0.0

    @property
    def books_per_game(self) -> float:
        return self.books / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        shown = {name: value for name, value in asdict(self).items() if name != "rules_record"}
        return {**shown, "opponents": list(self.opponents), "win_rate": self.win_rate,
                "books_per_game": self.books_per_game}


class UnsavedLines(NamedTuple):
    """A fallback file's lines still waiting for the database (``Store.unsaved_left``)."""

    path: Path
    lines: int
    unreadable: int  # of them, lines that are not games gofish can read


class ResultPoint(NamedTuple):
    """One finished game from a human seat's side, for a chart over time."""

    finished_at: str
    rules: str  # rules label, as in StatsRow
    opponents: tuple[str, ...]
    won: bool  # among the winners, shared wins included
    books: int
    book_size: int  # as in StatsRow


class _DatabaseFailure(StorageError):
    """The database itself failed (locked, damaged, unwritable), not the caller's input."""


def _identity(seat: Seat) -> str:
    return HUMAN if seat["bot"] is None else str(seat["bot"])


def _result(seat: int, winners: Sequence[int]) -> str:
    if seat not in winners:
        return "loss"
    return "win" if len(winners) == 1 else "shared"


# ---------------------------------------------------------------- errors


def describe_sqlite_error(error: sqlite3.Error, path: Path) -> str:
    """A sentence a player understands, from an sqlite3 exception."""
    name = getattr(error, "sqlite_errorname", "") or ""
    text = str(error)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return (f"the games database {path} is locked by another program "
                "(is another gofish running?); try again in a moment")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "not a database" in text or (
        "malformed" in text
    ):
        return (f"the games database {path} is damaged or is not a gofish database ({text}); "
                f"if it is damaged, {recover_hint(path)}; else move it away to start a fresh "
                "one, or choose another file with --database or $GOFISH_DB")
    if name in ("SQLITE_READONLY_ROLLBACK", "SQLITE_READONLY_RECOVERY"):
        return (f"cannot read the games database {path}: a save to it was interrupted, and "
                "SQLite must finish or undo it first, which needs permission to write the "
                "file and its directory (open it once as a user who may)")
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return (f"cannot write to the games database {path}: the file, its directory or "
                "its -wal or -shm file beside it is read-only")
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return (f"cannot open the games database {path}: the path is a directory, or its "
                "directory is missing or not writable")
    if name.startswith("SQLITE_FULL") or "full" in text:
        return f"cannot write to the games database {path}: the disk is full"
    if name.startswith("SQLITE_IOERR") and disk_is_full(path):
        # SQLite grows the -shm file beside a WAL database even to read it, and on a
        # full disk says only "disk I/O error", which reads as a broken disk.
        return (f"the disk that holds the games database {path} is full, and SQLite "
                "needs room beside the database even to read it: free some space and "
                "try again")
    return f"the games database {path} cannot be used: {text}"


def disk_is_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < ROOM_SQLITE_NEEDS
    except OSError:  # cannot tell: SQLite's own words stand
        return False


def _is_busy(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(error)


# ----------------------------------------------------------------- store


class Store:
    """A games database. Use :func:`open_store` to get one; close it (or use ``with``)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Callable[[], str] = utc_now,
        read_only: bool = False,
    ) -> None:
        # A str as open_store takes (not AttributeError on .parent); 5 refused in words.
        self.path = Path(db_path_argument(path))
        self._timeout = _check_timeout(timeout)
        self._read_only = _check_flag("read_only", read_only)
        self._clock = clock
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._snapshot_held = False  # inside one_snapshot()
        self._snapshot_keys: list[salvage.GameKey] | None = None  # its keys, once walked
        #: Whether it was opened only to read (asked for, or a file or folder this user
        #: may not write): saves fail, and a reader that stays open should reopen it.
        self.opened_read_only = read_only
        #: The schema version of a database read without being upgraded (opened read-only,
        #: written by an older gofish); None when it has the current schema.
        self.older_schema: int | None = None
        #: SQLite's words on a damaged page, once it has found one in the file (None until
        #: then): nothing more is written into it, so saves go to the fallback file.
        self.damage: str | None = None
        self._checked_before_writing = False
        self._connection = self._guard(self._connect_when_free)

    # -- connection -------------------------------------------------------

    def _connect_when_free(self) -> sqlite3.Connection:
        """``_connect``, again after a pause while another gofish holds the lock. Two
        making a new database at once both turn on WAL mode, and SQLite refuses one of
        them at once, not waiting for the lock: each might be waiting for the other."""
        for pause in _RETRY_PAUSES:
            try:
                return self._connect()
            except sqlite3.Error as error:
                if not _is_busy(error):
                    raise
            time.sleep(pause)
        return self._connect()

    def _connect(self) -> sqlite3.Connection:
        read_only = self.opened_read_only = self._check_path()
        target = read_only_uri(self.path) if read_only else str(self.path)
        connection = sqlite3.connect(target, timeout=self._timeout, isolation_level=None,
                                     check_same_thread=False, uri=read_only)
        # Text that is not UTF-8 (a row edited by another program) read with U+FFFD in
        # place of its bytes: sqlite3's own decoding raised for the whole query, so one
        # such game made history, show and resume fail for every game.
        connection.text_factory = _decoded
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
            connection.execute("PRAGMA foreign_keys = ON")
            if not read_only:
                connection.execute("PRAGMA journal_mode = WAL")
                # WAL with NORMAL sync survives any crash of the app; only a power cut can
                # lose the last save, and the app saves again after the next ask.
                connection.execute("PRAGMA synchronous = NORMAL")
            self.older_schema = migrate(connection, self.path, read_only=read_only)
            if read_only:
                self._note_damage(version_damage(connection))
        except BaseException:
            connection.close()
            raise
        return connection

    def _check_path(self) -> bool:
        """Make the folder, and name what SQLite would not: a file that may not be read or
        created ("unable to open"), a pipe (it would hang). True if the database is to be
        only read: asked for, or a database this user may not write: a read-only file,
        which SQLite would open read-only leaving -wal and -shm files as read-only beside
        it, that keep it read-only once it is not; a read-only folder, where SQLite cannot
        make those files and would refuse it outright."""
        if not self._read_only:
            try:
                make_folder(self.path.parent)
            except OSError as error:
                raise StorageError(problem_creating_folder(self.path.parent, error)) from None
        exists = database_exists(self.path)
        if not exists and self._read_only:  # SQLite said "unable to open", blaming the folder
            raise StorageError(f"there is no games database at {self.path}: opened read-only, "
                               "it is not created")
        problem = problem_opening(self.path) if exists else problem_creating(self.path)
        if problem:
            raise StorageError(problem)
        if not exists:
            create_private(self.path)
        return self._read_only or (exists and unwritable(self.path) is not None)

    @property
    def connection(self) -> sqlite3.Connection:
        if self._connection is None:
            raise _DatabaseFailure(f"the games database {self.path} is closed")
        return self._connection

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _guard(self, operation: Callable[[], T]) -> T:
        """Run ``operation`` under the lock, turning sqlite3 errors into StorageError."""
        with self._lock:
            try:
                return operation()
            except sqlite3.Error as error:
                raise StorageError(describe_sqlite_error(error, self.path)) from None
            except OSError as error:
                raise StorageError(
                    f"the games database {self.path} cannot be used: {error.strerror or error}"
                ) from None

    def _read(self, operation: Callable[[], T]) -> T:
        """``_guard``, with every statement of ``operation`` reading one snapshot: games
        and then their seats read apart showed a game another gofish deleted in between
        with no seats."""

        def in_one_snapshot() -> T:
            connection = self.connection
            if self._snapshot_held and connection.in_transaction:
                return operation()  # one_snapshot's, read on till it ends
            self._snapshot_keys = None  # a new read: keys walked before may have changed
            connection.execute("BEGIN")
            try:
                return operation()
            finally:
                # Nothing to commit: and a COMMIT after a statement that met a damaged page
                # fails with that error again, losing the games read past it.
                if connection.in_transaction:  # not if an error undid it already
                    connection.execute("ROLLBACK")

        return self._guard(in_one_snapshot)

    def _game_keys(self) -> list[salvage.GameKey]:
        """Every game's key, read around a damaged page (``salvage.game_keys``): walked once
        per ``one_snapshot``, which cannot change under it. A history of 120,000 games
        walked them for each page, its count and its games with no time: 6 s a walk, and
        two minutes for ``--limit 5000``."""
        if not (self._snapshot_held and self.connection.in_transaction):
            return salvage.game_keys(self.connection)
        if self._snapshot_keys is None:
            self._snapshot_keys = salvage.game_keys(self.connection)
        return self._snapshot_keys

    @contextlib.contextmanager
    def one_snapshot(self) -> Iterator[None]:
        """Every read inside the block reads the database as its first read found it: a
        list read a page at a time skipped a game another gofish played on between two
        pages (it moved to the top, past the pages read). For reading only; this store's
        other threads wait till the block ends. In WAL mode other programs write on. A block
        within another of this thread reads on in the outer one's snapshot."""
        with self._lock:
            if self._snapshot_held:  # nested: a BEGIN read "… cannot be used"
                yield
                return
            self._guard(lambda: self.connection.execute("BEGIN"))
            self._snapshot_held = True
            self._snapshot_keys = None
            try:
                yield
            finally:
                self._snapshot_held = False
                self._snapshot_keys = None
                connection = self._connection
                if connection is not None and connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        connection.execute("ROLLBACK")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if self._snapshot_held:  # this thread's own one_snapshot: others wait for its end
            # The caller's mistake, not the file's: SQLite's "cannot start a transaction
            # within a transaction" read "the games database … cannot be used", and a save
            # went to the fallback file.
            raise StorageError(f"the games database {self.path} is being read in one "
                               "snapshot (Store.one_snapshot), which is for reading only: "
                               "write after the block")
        connection = self.connection
        connection.execute("BEGIN IMMEDIATE")  # take the write lock now, not halfway through
        try:
            yield connection
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    # -- writing ----------------------------------------------------------

    def save(
        self,
        record: dict[str, Any],
        *,
        seats: list[dict[str, Any]],
        game_id: int | None = None,
        source: str = "terminal",
        deal: Mapping[str, Any] | None = None,
    ) -> int:
        """Store a new game (``game_id`` None) or update game ``game_id``; return its id.

        ``deal``, a JSON object, says which deal of a seeded table the game is (see
        :meth:`seeded_deal`); an update without one keeps the one stored.

        An update must carry on from the stored moves; a record that lacks some of
        them (the game went on at another table meanwhile) is stored as a new game,
        so neither table's moves are lost: the id returned is then the new one.

        The record is replayed to check it and derive the rules, result and books.
        If the database is locked the save is retried briefly; if it still fails (or
        the file is damaged) the game is written to a JSON Lines file beside the
        database and StorageError says where (``error.fallback_path``).
        """
        summary = summarize(record)
        checked = check_seats(seats, summary.players)
        game_id, source = _check_save_arguments(game_id, source)
        deal_text = _deal_text(deal)
        try:
            self._refuse_if_damaged()
            return self._retrying(
                lambda: self._write(summary, checked, game_id, source, deal_text))
        except _DatabaseFailure as error:
            # Unknown ids and mismatched games are the caller's mistake and pass through;
            # only a database that cannot take the game triggers the rescue.
            raise rescue(self.path, error, summary.record, checked, game_id, source,
                         deal) from None

    def _refuse_if_damaged(self) -> None:
        """_DatabaseFailure if the file is damaged: a write into it can spread the damage
        to pages that still read, so the first write of this Store checks the file first."""
        with self._lock:
            if not self._checked_before_writing and self.damage is None:
                self._checked_before_writing = True
                self._note_damage(self._quick_check())
            if self.damage is not None:
                raise _DatabaseFailure(damage_message(self.path, self.damage))

    def _quick_check(self) -> str | None:
        """SQLite's word on a damaged page (its structure, not every row), or None."""
        try:
            row = self.connection.execute("PRAGMA quick_check(1)").fetchone()
        except sqlite3.DatabaseError as error:
            if not salvage.is_damage(error):
                return None  # locked, read-only...: the write itself will say so
            return str(error)
        # Its report names pages and b-tree calls; SQLite's own words for it read better.
        return None if row is None or row[0] == "ok" else "database disk image is malformed"

    def check_integrity(self) -> str | None:
        """SQLite's word on what is damaged in the file, every row and index read (its
        ``integrity_check``; slower than the check before a first write), or None if
        nothing is."""

        def check() -> str | None:
            try:
                rows = self.connection.execute("PRAGMA integrity_check(5)").fetchall()
            except sqlite3.DatabaseError as error:
                if not salvage.is_damage(error):
                    raise
                return str(error)
            found = [str(row[0]) for row in rows]
            return None if found == ["ok"] else "; ".join(found)

        return self._guard(check)

    def largest_id(self) -> int:
        """The largest game id given out (deleted games' too), as far as it can be read."""
        return self._read(lambda: salvage.largest_id(self.connection))

    def _note_damage(self, detail: str | None) -> None:
        if detail is not None and self.damage is None:
            self.damage = detail

    def _read_around(self, error: sqlite3.DatabaseError) -> None:
        """Raise ``error`` again unless it is SQLite finding a damaged page, which is noted
        (nothing more is written into the file) for the caller to read around."""
        if not salvage.is_damage(error):
            raise error
        self._note_damage(str(error))

    def _retrying(self, operation: Callable[[], T]) -> T:
        for attempt in range(SAVE_ATTEMPTS):
            try:
                with self._lock:
                    return operation()
            except sqlite3.Error as error:
                if salvage.is_damage(error):
                    self._note_damage(str(error))
                    raise _DatabaseFailure(damage_message(self.path, str(error))) from None
                if not _is_busy(error) or attempt == SAVE_ATTEMPTS - 1:
                    raise _DatabaseFailure(describe_sqlite_error(error, self.path)) from None
            except OSError as error:
                raise _DatabaseFailure(
                    f"the games database {self.path} cannot be used: {error.strerror or error}"
                ) from None
            except UnicodeError as error:  # text SQLite cannot hold: still rescue the game
                raise _DatabaseFailure(
                    f"the games database {self.path} cannot store this game: {error}"
                ) from None
            time.sleep(_RETRY_PAUSES[min(attempt, len(_RETRY_PAUSES) - 1)])
        raise AssertionError("unreachable")  # pragma: no cover

    def _write(
        self, summary: GameSummary, seats: list[Seat], game_id: int | None, source: str,
        deal: str | None,
    ) -> int:
        with self._transaction() as db:
            return self._write_in(db, summary, seats, game_id, source, deal)

    def _write_in(
        self, db: sqlite3.Connection, summary: GameSummary, seats: list[Seat],
        game_id: int | None, source: str, deal: str | None = None, at: str | None = None,
    ) -> int:
        """Store the game inside the open transaction ``db``; return its id. ``at``: when
        it was played (a rescued copy's time), if not now."""
        now = at or self._clock()
        if game_id is not None and not self._update(db, game_id, summary, source, now, deal):
            game_id = None  # the stored game went on elsewhere: keep both as games
        if game_id is None:
            game_id = _insert_game(db, summary, source, (now, now, now if summary.over else None),
                                   deal)
        _write_seats(db, game_id, summary, seats)
        return game_id

    def restore(self, games: Iterable[tuple[StoredGame, Mapping[str, Any] | None]], *,
                largest_id: int = 0) -> dict[int, str]:
        """Store ``games`` (each with its ``deal``, see :meth:`seeded_deal`) as they were
        read from another database, in one transaction: their ids, times, seats and
        records as they are, the rest derived from the records as a save derives it (for
        ``gofish recover``). No id up to ``largest_id`` is given to a new game later: one
        not restored (lost with a damaged page) would be taken for it. The games whose
        record does not replay are not stored: returned, by id, with why. A ``deal`` that
        is not a JSON object or None is the caller's mistake, not the game's: a
        StorageError, and no game is stored."""
        largest_id = _check_count("largest_id", largest_id)
        refused: dict[int, str] = {}
        ready = []
        if not isinstance(games, Iterable) or isinstance(games, str | bytes | Mapping):
            raise StorageError("restore takes a list of (StoredGame, deal) pairs, not "
                               f"{short_repr(games)}")
        given: set[int] = set()
        for item in games:
            game, deal = _restorable(item)
            if game.id in given:  # was "the games database … cannot be used: UNIQUE …"
                raise StorageError(f"restore was given game {game.id} twice: each game is "
                                   "stored under its own id")
            given.add(game.id)
            deal_text = _deal_text(deal)  # raised: it was returned as the game's fault
            try:
                summary = summarize(game.record)
                ready.append((game, summary, check_seats(game.seats, summary.players),
                              deal_text))
            except StorageError as error:
                refused[game.id] = str(error)

        def write() -> None:
            with self._transaction() as db:
                for game, summary, seats, deal_text in ready:
                    self._refuse_taken_id(db, game.id)
                    times = (game.created_at, game.updated_at, game.finished_at)
                    _insert_game(db, summary, game.source, times, deal_text, game.id)
                    _write_seats(db, game.id, summary, seats)
                db.execute("INSERT INTO sqlite_sequence (name, seq) SELECT 'games', 0 "
                           "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence "
                           "WHERE name = 'games')")
                db.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'games'",
                           (largest_id,))

        self._guard(write)
        return refused

    def _refuse_taken_id(self, db: sqlite3.Connection, game_id: int) -> None:
        """A StorageError, undoing the restore, if game ``game_id`` is stored already: the
        database was said to be what "cannot be used" (SQLite's "UNIQUE constraint failed")."""
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None:
            raise StorageError(f"game {game_id} is stored already in {self.path}: restore "
                               "stores each game under its own id, so nothing was restored")

    def _update(
        self, db: sqlite3.Connection, game_id: int, summary: GameSummary, source: str, now: str,
        deal: str | None = None,
    ) -> bool:
        """Update game ``game_id``; False (nothing written) if it has moves ``summary`` lacks.

        Two tables on one game (a browser tab left open, the same game resumed in the
        terminal) must not overwrite each other's moves: only a record that carries on
        from the stored one replaces it.
        """
        row = db.execute(
            "SELECT record, finished_at FROM games WHERE id = ?", (_check_id(game_id),)
        ).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        try:
            stored = _load_record(row[0], self.path, game_id)
        except DamagedGameError:
            return False  # nothing to check it against: keep this game as a new one
        played = _stored_moves(stored, summary.record)
        if played is None:
            raise StorageError(
                f"game {game_id} is a different game (another deal or other rules): "
                "save this one as a new game instead"
            )
        if summary.record["actions"][:len(played)] != played:
            return False
        finished_at = (row[1] or now) if summary.over else None
        db.execute(
            "UPDATE games SET record = ?, source = ?, rules = ?, rules_preset = ?, "
            "rules_options = ?, rules_label = ?, players = ?, over = ?, winners = ?, "
            "books = ?, actions = ?, updated_at = ?, finished_at = ?, "
            "deal = COALESCE(?, deal) WHERE id = ?",
            (*_game_columns(summary, source), now, finished_at, deal, game_id),
        )
        return True

    def delete(self, game_id: int, *, unplayed_only: bool = False) -> None:
        """Remove a stored game; UnknownGameError if there is none with that id.

        ``unplayed_only``: only if no ask is stored in it, as a table that deals again
        forgets its deal; another table may have resumed that deal and asked in it
        meanwhile, and then it is kept (and a game already gone is no error).
        """

        number = _check_id(game_id)
        # The one statement: a look at the asks apart from it could miss one saved between.
        unplayed = " AND actions = 0" if _check_flag("unplayed_only", unplayed_only) else ""

        def remove() -> None:
            self._refuse_if_damaged()  # a delete writes pages too
            with self._transaction() as db:
                cursor = db.execute(f"DELETE FROM games WHERE id = ?{unplayed}", (number,))
                if cursor.rowcount == 0 and not unplayed:
                    raise UnknownGameError(number)

        self._guard(lambda: self._retrying(remove))

    def recover_unsaved(self) -> list[int]:
        """Move games from the fallback files into the database; return their ids.

        The file beside the database is this database's alone; the one in the temp
        folder is shared, so only its lines that name this database are taken. Apps
        save after every move, so a file may hold several copies of one game at
        different moments: the longest goes in, and any copy whose asks a stored game
        already begins with is skipped. Running this twice, or in two processes at
        once, is harmless. The lines moved in are taken out of the file, which is
        removed once it is empty; entries that still fail stay there (``unsaved_left``
        counts them), and so do lines another gofish appended meanwhile. Nothing is
        moved into a damaged file: the lines wait for a sound one in its place.
        """
        saved = self._recover_from(fallback_path(self.path), self._fallback_lines_beside())
        with contextlib.suppress(StorageError):  # not ours to read: another user's, a link
            saved += self._recover_from(temp_folder_fallback(), self._fallback_lines_in_temp())
        return saved

    def unsaved_left(self) -> list[UnsavedLines]:
        """The fallback files that still hold lines for this database: how many, and how
        many of them are not games gofish can read (edited by hand). The others are
        copies the database did not take (locked by another program, a full disk) or, on
        a database opened read-only, games waiting for it to be writable."""
        left = [(fallback_path(self.path), self._fallback_lines_beside())]
        with contextlib.suppress(StorageError):
            left.append((temp_folder_fallback(), self._fallback_lines_in_temp()))
        return [UnsavedLines(path, len(lines), sum(_unreadable(line) for line in lines))
                for path, lines in left if lines]

    def waiting_record(self, game: StoredGame) -> dict[str, Any] | None:
        """The record of the longest copy of stored ``game`` that waits in a fallback file
        (saved while the database could not take it) and carries it on, or None: resumed
        from the database's own copy, the moves kept there were played again."""
        lines = self._fallback_lines_beside()
        with contextlib.suppress(StorageError):  # not ours to read: another user's, a link
            lines += self._fallback_lines_in_temp()
        stored_count = _action_count({"record": game.record})
        for _, entry in _longest_first(lines):
            if entry.get("game_id") != game.id or _action_count(entry) <= stored_count:
                continue
            try:
                record = _checked_entry(entry)[0].record
            except StorageError:  # edited by hand: the next copy may do
                continue
            played = _stored_moves(game.record, record)
            if played is not None and record["actions"][:len(played)] == played:
                return record
        return None

    def _fallback_lines_beside(self) -> list[str]:
        """Every line of the fallback file beside the database: all of them are its own."""
        return _fallback_lines(fallback_path(self.path))

    def _fallback_lines_in_temp(self) -> list[str]:
        """The lines of the temp folder's fallback file that name this database."""
        return lines_for_database(_fallback_lines(temp_folder_fallback()), self.path)

    def _recover_from(self, path: Path, lines: list[str]) -> list[int]:
        """Move the entries of ``lines``, read from fallback file ``path``, into the
        database; return the ids they went to."""
        saved: list[int] = []
        moved: list[str] = []
        if lines:
            try:
                self._refuse_if_damaged()
            except _DatabaseFailure as error:
                raise StorageError(str(error)) from None
        for line, entry in _longest_first(lines):
            try:
                game_id = self._recover_one(entry)
            except StorageError:
                continue
            moved.append(line)
            if game_id is not None:
                saved.append(game_id)
        if moved:
            with contextlib.suppress(OSError):
                remove_fallback_lines(path, moved)
        return saved

    def _recover_one(self, entry: dict[str, Any]) -> int | None:
        summary, seats = _checked_entry(entry)
        source = entry.get("source")
        source = source if isinstance(source, str) else "terminal"
        wanted = entry.get("game_id")
        deal = entry.get("deal")
        deal_text = _deal_text(deal) if isinstance(deal, Mapping) else None
        at = _written_at(entry.get("written_at"), self._clock())
        return self._retrying(
            lambda: self._recover_write(summary, seats, wanted, source, deal_text, at))

    def _recover_write(
        self, summary: GameSummary, seats: list[Seat], wanted: object, source: str,
        deal: str | None, at: str,
    ) -> int | None:
        """Store a rescued copy unless it is already in. The look and the write are one
        transaction: two gofish moving the same file in at once each looked first, found
        nothing, and both added the game."""
        with self._transaction() as db:
            actions = summary.record["actions"]
            same_deal = self._games_with_deal(db, summary.record)
            if any(stored[: len(actions)] == actions for stored in same_deal.values()):
                return None  # this copy, or a later one, is already in
            # Update the game it was saved as, or one it carries on from; else add it.
            target = wanted if isinstance(wanted, int) and wanted in same_deal else next(
                (game_id for game_id, stored in same_deal.items()
                 if actions[: len(stored)] == stored), None)
            return self._write_in(db, summary, seats, target, source, deal, at)

    def _games_with_deal(
        self, db: sqlite3.Connection, record: dict[str, Any]
    ) -> dict[int, list[Any]]:
        """Stored games with the same deal as ``record``: id -> their actions."""
        rows = db.execute(
            "SELECT id, record FROM games WHERE players = ?", (record["players"],)
        ).fetchall()
        found: dict[int, list[Any]] = {}
        for game_id, text in rows:
            try:
                stored = _load_record(text, self.path, game_id)
            except DamagedGameError:
                continue  # one damaged row must not keep every rescued game out
            played = _stored_moves(stored, record)
            if played is not None:
                found[int(game_id)] = played
        return found

    # -- reading ----------------------------------------------------------

    def get(self, game_id: int) -> StoredGame:
        """The stored game ``game_id``; UnknownGameError if there is none."""

        number = _check_id(game_id)

        def load() -> StoredGame:
            game = self._one_game(number)
            if game is None:
                raise UnknownGameError(number)
            return _readable([game])[0]

        return self._read(load)

    def seeded_deal(self, game_id: int) -> dict[str, Any] | None:
        """The ``deal`` game ``game_id`` was saved with (which deal of a seeded table it
        is), or None: not seeded, stored before deals were kept, or not a JSON object."""
        number = _check_id(game_id)
        row = self._read(lambda: self.connection.execute(
            "SELECT deal FROM games WHERE id = ?", (number,)).fetchone())
        if row is None:
            raise UnknownGameError(number)
        try:
            deal = (json.loads(row[0], parse_constant=_refuse_constant,
                               parse_float=_finite_float) if isinstance(row[0], str) else None)
        except (ValueError, RecursionError):  # edited by hand: the game itself still resumes
            return None
        return deal if isinstance(deal, dict) else None

    def list_games(
        self, limit: int = 50, offset: int = 0, finished: bool | None = None
    ) -> list[StoredGame]:
        """Stored games, most recently played first; ``finished`` filters by state.

        DamagedGameError (naming the game) if one of them cannot be read.
        """
        return _readable(self.list_entries(limit, offset, finished))

    def list_entries(
        self, limit: int = 50, offset: int = 0, finished: bool | None = None
    ) -> list[StoredGame | DamagedGameError]:
        """As :meth:`list_games`, with a DamagedGameError in place of each unreadable game."""
        return self.list_page(limit, offset=offset, finished=finished).entries

    def list_page(
        self, limit: int = 50, *, before: PageKey | None = None, offset: int = 0,
        finished: bool | None = None,
    ) -> GamesPage:
        """As :meth:`list_entries`, with where the next page starts (``next_before``).

        With ``before`` (the ``next_before`` of the page before) the page is the games
        played before that one. Paged so, a game saved, played on or deleted meanwhile
        makes no other be skipped or listed twice, as paging by ``offset`` did.
        """
        # Past the last id is past the end anyway: SQLite takes no larger number.
        limit = min(_check_count("limit", limit), LARGEST_ID)
        offset = min(_check_count("offset", offset), LARGEST_ID)
        before = _check_before(before)
        where, parameters = _page_filter(finished, before)

        def load() -> GamesPage:
            if before is not None and before.damaged_last:  # on in that order (PageKey)
                return self._salvaged_page(limit, offset, finished, before)
            # One game more than asked for says whether another page follows; the time's
            # bytes and type make its key exact even for a row edited by hand.
            try:
                rows = self.connection.execute(
                f"SELECT {_GAME_FIELDS}, CAST(updated_at AS BLOB), typeof(updated_at) = 'blob' "
                    f"FROM games {where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
                    (*parameters, min(limit + 1, LARGEST_ID), offset),
                ).fetchall()
                shown = rows[:limit]
                entries = self._build([row[:-2] for row in shown])
                if finished is not None and len(rows) <= limit:
                    self._walk_games_pages()
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                return self._salvaged_page(limit, offset, finished, before)
            last = shown[-1] if shown and len(rows) > limit else None
            next_before = None if last is None else PageKey.stored(last[-2], last[0],
                                                                   bool(last[-1]))
            return GamesPage(entries, next_before)

        return self._read(load)

    def _walk_games_pages(self) -> None:
        """Read every page of the games table (not the records' overflow), raising the
        damage error if one cannot be read. A list of finished or unfinished games is read
        through its index alone and never meets the table's damaged pages: the last page
        of one said "No unfinished games" of a file holding games that cannot be read, and
        not that the file was damaged. 0.1 s for 20,000 games."""
        self.connection.execute("SELECT count(*) FROM games NOT INDEXED").fetchone()

    def _salvaged_page(self, limit: int, offset: int, finished: object,
                       before: PageKey | None) -> GamesPage:
        """``list_page`` of a file with a damaged page: the games read one by one, those
        that cannot be read in their place (or last, when not even their time reads, and
        then the pages after this one are read so too: see ``PageKey.damaged_last``)."""
        every_key = self._game_keys()
        damaged_last = any(key.time_unknown for key in every_key)
        keys = sorted(_keys_passing(every_key, finished, before),
                      reverse=True)[offset:offset + limit + 1]
        shown = keys[:limit]
        last = shown[-1] if shown and len(keys) > limit else None
        next_before = None if last is None else PageKey.stored(last.raw, last.id, last.blob,
                                                               damaged_last)
        return GamesPage([self._salvaged_game(key.id) for key in shown], next_before)

    def _salvaged_game(self, game_id: int) -> StoredGame | DamagedGameError:
        game = self._one_game(game_id)
        return DamagedGameError(game_id, self.path) if game is None else game

    def _one_game(self, game_id: int) -> StoredGame | DamagedGameError | None:
        """Game ``game_id`` read on its own, None if there is none: a damaged page under it
        makes it a DamagedGameError, not a failure of the whole file. A row of another
        table's page found under the id is none (``salvage.A_GAMES_ROW``)."""
        try:
            row = self.connection.execute(_ONE_GAME, (game_id,)).fetchone()
        except sqlite3.DatabaseError as error:
            self._read_around(error)
            return DamagedGameError(game_id, self.path)
        if row is not None:
            try:
                return self._build([row])[0]
            except sqlite3.DatabaseError as error:  # its row reads; its seats' page does not
                self._read_around(error)
                return DamagedGameError(game_id, self.path, seats_lost=True)
        if salvage.listed_in_index(self.connection, game_id):  # its row out of place
            return DamagedGameError(game_id, self.path)
        return None

    def game_ids(self) -> list[int]:
        """Every stored game's id, smallest first, those of damaged games too (in a file
        with a damaged page, every id found around it, as ``list_page`` finds them)."""

        def load() -> list[int]:
            try:  # the table itself, and the index: a damaged page can list a row under
                # another id, no error, and an index may hold ids whose rows no longer read
                return sorted(salvage.table_and_index_ids(self.connection))
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                return sorted(key.id for key in self._game_keys())

        return self._read(load)

    def newest_first(self, skipped: list[DamagedGameError], *ids: list[int]) -> None:
        """Put the games :meth:`stats` added to ``skipped`` and ``ids`` (changed, unknown)
        in the history's order, newest move first: read oldest first, gofish stats said
        "games 3, 4 are damaged" where history said "4, 3"; and by id alone, a game
        resumed and finished after a later one was named after it, history naming it first."""
        if not skipped and not any(ids):
            return
        place = self._read(self._places_in_history)

        def in_history(game_id: int) -> tuple[int, int]:
            return place.get(game_id, len(place)), -game_id  # one not found: by id, last

        skipped.sort(key=lambda damaged: in_history(damaged.game_id))
        for listed in ids:
            listed.sort(key=in_history)

    def _places_in_history(self) -> dict[int, int]:
        """Each game's place in the history's order (see :meth:`list_page`); none where a
        damaged page keeps the times from being read in order (the ids' order then)."""
        try:
            rows = self.connection.execute(
                "SELECT id FROM games ORDER BY updated_at DESC, id DESC").fetchall()
        except sqlite3.DatabaseError as error:
            self._read_around(error)
            return {}
        return {game_id: place for place, (game_id,) in enumerate(rows)}

    def entries_by_id(self, ids: Sequence[int]) -> list[StoredGame | DamagedGameError]:
        """The games ``ids`` (see :meth:`game_ids`) in that order, each a DamagedGameError
        if it cannot be read, left out if there is none. For ``gofish recover``, which must
        meet every game once: pages of the history's order, read through an index's sound
        part or around its damage by turns, can pass some by."""
        wanted = [_check_id(game_id) for game_id in ids]

        def load() -> list[StoredGame | DamagedGameError]:
            marks = ", ".join("?" * len(wanted))
            try:
                rows = self.connection.execute(
                    f"SELECT {_GAME_FIELDS} FROM games WHERE id IN ({marks}) "
                    f"AND {salvage.A_GAMES_ROW}", wanted
                ).fetchall()
                found = {entry.id if isinstance(entry, StoredGame) else entry.game_id: entry
                         for entry in self._build(rows)}
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                found = {}
                for game_id in wanted:
                    if (entry := self._one_game(game_id)) is not None:
                        found[game_id] = entry
            return [found[game_id] for game_id in wanted if game_id in found]

        return self._read(load) if wanted else []

    def game_without_its_seats(self, game_id: int) -> tuple[StoredGame, tuple[int, ...]] | None:
        """Game ``game_id`` read from its row, for ``gofish recover`` when it cannot be read
        whole because seats of it cannot (their page damaged): each seat that still reads
        as it was, the others named by number (``lost_seat``) and taken for a person's;
        and the numbers of those seats. None if its row does not read either, or no seat
        is lost (then it is damaged otherwise)."""
        game_id = _check_id(game_id)

        def load() -> tuple[StoredGame, tuple[int, ...]] | None:
            try:
                row = self.connection.execute(_ONE_GAME, (game_id,)).fetchone()
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                return None
            if row is None or not _is_count(players := row[4]):
                return None
            try:
                readable = _readable_seats(self._seat_rows([game_id]), players)
            except sqlite3.DatabaseError as error:  # the seats' table is past reading
                self._read_around(error)
                readable = {}
            lost = tuple(number for number in range(players) if number not in readable)
            seats = [(number, readable.get(number) or lost_seat(number))
                     for number in range(players)]
            game = self._stored_game(row, seats)
            return None if not lost or isinstance(game, DamagedGameError) else (game, lost)

        return self._read(load)

    def latest_unfinished(self, skipped: list[DamagedGameError] | None = None,
                          wanted: Callable[[StoredGame], bool] | None = None,
                          ) -> StoredGame | None:
        """The readable game in progress played most recently (for ``gofish resume``), of
        those ``wanted`` accepts if given (a person's seat, for instance).

        A damaged game (edited by hand, a bad disk) does not hide the older ones behind it: it
        is passed over, and added to ``skipped`` if given, so the caller can say so. Paged by
        key, not offset: a game deleted or saved meanwhile made a page skip or repeat one."""
        _check_skipped(skipped)
        if wanted is not None and not callable(wanted):
            raise StorageError(f"wanted must be a function of a stored game or None, "
                               f"not {short_repr(wanted)}")
        before: PageKey | None = None
        while True:
            page = self.list_page(_PAGE, before=before, finished=False)
            for entry in page.entries:
                if isinstance(entry, StoredGame):
                    if wanted is None or wanted(entry):
                        return entry
                elif skipped is not None:
                    skipped.append(entry)
            if page.next_before is None:
                return None
            before = page.next_before

    def count(self, finished: bool | None = None) -> int:
        """How many games are stored (with ``finished``, finished or not); in a file with
        a damaged page, the games that cannot be read are counted too, as listed."""
        where = _over_filter(finished)

        def by_keys() -> int:
            return len(list(_keys_passing(self._game_keys(), finished,
                                          None)))

        def load() -> int:
            # Damage met: the indexes alone may count around it (the unfinished games'
            # index knew 6 of 30 unreadable games were unfinished, and all 30 are listed).
            if self.damage is not None:
                return by_keys()
            try:
                return int(self.connection.execute(
                    f"SELECT COUNT(*) FROM games {where}").fetchone()[0])
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                return by_keys()

        return self._read(load)

    def time_unknown_ids(self, finished: bool | None = None) -> list[int]:
        """The ids of the games (with ``finished``, finished or not, or unreadable) whose
        time cannot be read around a damaged page, largest first: the history lists them
        last, in that order. None in a file where no damage was met."""
        if self.damage is None:
            return []

        def load() -> list[int]:
            keys = _keys_passing(self._game_keys(), finished, None)
            return sorted((key.id for key in keys if key.time_unknown), reverse=True)

        return self._read(load)

    def _build(self, rows: Sequence[Sequence[Any]]) -> list[StoredGame | DamagedGameError]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[tuple[Any, Seat]]] = {game_id: [] for game_id in ids}
        figures: dict[int, list[tuple[Any, Any]]] = {game_id: [] for game_id in ids}
        for game_id, number, name, bot, books, result in self._seat_rows(ids):
            seats[game_id].append((number, {"name": name, "bot": bot}))
            figures[game_id].append((books, result))
        replays = _Replays()
        return [_as_its_record_plays(self._stored_game(row, seats[row[0]]), row,
                                     figures[row[0]], replays) for row in rows]

    def _seat_rows(self, ids: list[int]) -> list[Any]:
        """The seats of games ``ids``, found through the seats' index; when a page of that
        index is damaged, by reading the whole table, whose rows it leaves as they were
        (else every game read as damaged, and ``gofish recover`` kept none of them)."""
        marks = ", ".join("?" * len(ids))
        query = ("SELECT game_id, seat, name, bot, books, result FROM seats {} WHERE game_id IN "
                 f"({marks}) ORDER BY game_id, seat")
        try:
            return self.connection.execute(query.format(""), ids).fetchall()
        except sqlite3.DatabaseError as error:
            self._read_around(error)
        return self.connection.execute(query.format("NOT INDEXED"), ids).fetchall()

    def _stored_game(
        self, row: Sequence[Any], seats: list[tuple[Any, Seat]]
    ) -> StoredGame | DamagedGameError:
        (game_id, record, source, rules, players, over, winners, books, actions, label,
         created_at, updated_at, finished_at, preset, options) = row
        try:
            # A blob or a number where text belongs (edited by hand) was a traceback in
            # history (a date, a name), history --json and stats (a label) further on.
            if not (_texts(source, created_at, updated_at, label) and _is_count(actions)
                    and _texts(finished_at, or_none=True) and _is_over_flag(over)):
                raise DamagedGameError(game_id, self.path)
            stored = StoredGame(
                id=game_id,
                record=_load_record(record, self.path, game_id),
                seats=_seat_list(seats, players, self.path, game_id),
                source=source,
                created_at=created_at,
                updated_at=updated_at,
                finished_at=finished_at,
                over=bool(over),
                winners=None if winners is None else _load_json(winners, self.path, game_id),
                books=_load_json(books, self.path, game_id),
                rules=_load_json(rules, self.path, game_id),
                players=players,
                rules_label=label,
                actions=actions,
                book_size=_book_size(preset, options),
            )
            _check_figures(stored, self.path)
        except DamagedGameError as damaged:  # the caller decides: skip, mark or raise
            return damaged
        return stored

    # -- statistics -------------------------------------------------------

    def _seat_results(
        self, human_only: bool, skipped: list[DamagedGameError] | None = None,
        changed: list[int] | None = None, bot_spelling: Callable[[str], str] | None = None,
        unknown: list[int] | None = None,
    ) -> list[_SeatResult]:
        """One per seat of finished games, oldest first. A game whose seats do not match its
        players (a seat row deleted by hand) is left out, and added to ``skipped``; one
        whose columns say otherwise than each other is counted as its record plays, and
        its id added to ``changed``; with ``human_only``, one with no seat known to be a
        person's but some ``gofish recover`` could not name is added to ``unknown``."""
        _check_skipped(skipped)
        _check_skipped(changed)
        _check_skipped(unknown)

        def load() -> list[_FinishedGame]:
            try:
                games = self._fetch_all(_FINISHED_GAMES)
                seats = self._fetch_all(_THEIR_SEATS)
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                return self._salvaged_games(skipped)
            # Each game's columns once, not once per seat as a join repeats them.
            by_game = {game_id: list(rows)
                       for game_id, rows in itertools.groupby(seats, operator.itemgetter(0))}
            return [_FinishedGame(game[:9], by_game.get(game[0], []), bool(game[9]))
                    for game in games]

        results: list[_SeatResult] = []
        shapes = _GameShapes(self.path, bot_spelling)
        for game in self._read(load):
            try:
                if not game.row_reads:
                    self._check_row(game.columns[0])
                if not _count_seats(game, shapes, human_only, results):
                    _count_seats(self._as_replayed(game), shapes, human_only, results)
                    if changed is not None:
                        changed.append(game.columns[0])
            except DamagedGameError as damaged:
                if skipped is not None:
                    skipped.append(damaged)
                continue
            if human_only and unknown is not None and _nobody_known(game):
                unknown.append(game.columns[0])
        return results

    def _check_row(self, game_id: int) -> None:
        """DamagedGameError if game ``game_id``'s row is one history calls damaged: its
        record not a JSON object, or its times, source or number of asks not what a save
        writes. Asked of the rows SQLite did not find sound (_ROW_READS): a record past
        reading was counted by stats from its seats while history named it damaged."""
        row = self._read(lambda: self.connection.execute(
            "SELECT record, source, created_at, updated_at, actions, over FROM games "
            "WHERE id = ?", (game_id,)).fetchone())
        if row is None:
            raise DamagedGameError(game_id, self.path)
        record, source, created_at, updated_at, actions, over = row
        # History's check of ``over``: of the rows stats reads (over >= 1), it passes 1 alone.
        if not (_texts(source, created_at, updated_at) and _is_count(actions)
                and _is_over_flag(over)):
            raise DamagedGameError(game_id, self.path)
        _load_record(record, self.path, game_id)

    def _as_replayed(self, game: _FinishedGame) -> _FinishedGame:
        """Finished ``game`` as its record plays, for a row whose columns disagree (edited
        by hand): DamagedGameError if the record does not replay, or to a game in progress,
        or for other seats."""
        game_id = game.columns[0]
        row = self._read(lambda: self.connection.execute(
            "SELECT record FROM games WHERE id = ?", (game_id,)).fetchone())
        try:
            summary = summarize(_load_record(None if row is None else row[0], self.path,
                                             game_id))
        except StorageError:
            raise DamagedGameError(game_id, self.path) from None
        winners = summary.winners
        if winners is None or len(game.seats) != summary.players:
            raise DamagedGameError(game_id, self.path)
        columns = _game_columns(summary, "")
        return _FinishedGame(
            (game_id, game.columns[1], summary.rules_label, summary.preset, columns[4],
             summary.players, columns[2], columns[9], columns[8]),
            [(game_id, seat, bot, summary.books[seat], _result(seat, winners), unknown, name)
             for seat, (_, _, bot, _, _, unknown, name) in enumerate(game.seats)])

    def _fetch_all(self, query: str) -> list[Any]:
        """The rows of ``query``, their text decoded by sqlite3 itself: _decoded, a Python
        call per text value, took a tenth of the time of stats(). A query that meets text
        that is not UTF-8 (which sqlite3 refuses) is read again with _decoded."""
        connection = self.connection
        connection.text_factory = str
        try:
            return connection.execute(query).fetchall()
        except sqlite3.OperationalError as error:
            if not str(error).startswith(_NOT_UTF8):
                raise
        finally:
            connection.text_factory = _decoded
        return connection.execute(query).fetchall()

    def _salvaged_games(self, skipped: list[DamagedGameError] | None) -> list[_FinishedGame]:
        """The finished games with their seats from a file with a damaged page, read game by
        game; the games that cannot be read are added to ``skipped``."""
        games: list[_FinishedGame] = []
        for key in self._game_keys():
            try:
                rows = self.connection.execute(
                    f"{_STATS_QUERY} AND g.id = ? ORDER BY s.seat", (key.id,)).fetchall()
            except sqlite3.DatabaseError as error:
                self._read_around(error)
                if skipped is not None:  # as history says it: recover brings it back
                    skipped.append(DamagedGameError(key.id, self.path,
                                                    seats_lost=self._row_reads(key.id)))
                continue
            if rows:
                # LEFT JOIN: a game with no seat rows has one row of NULL seat columns.
                games.append(_FinishedGame(tuple(rows[0][:9]), [
                    (row[0], *row[10:]) for row in rows if row[10] is not None],
                    bool(rows[0][9])))
            elif key.over is None and skipped is not None:  # its row out of place, unread
                skipped.append(DamagedGameError(key.id, self.path))
        # Oldest first, as the query orders them (a time that is not text is damage).
        games.sort(key=lambda game: (game.columns[1] if isinstance(game.columns[1], str)
                                     else "", game.columns[0]))
        return games

    def _row_reads(self, game_id: int) -> bool:
        """Whether game ``game_id``'s own row reads (its seats' page may not)."""
        try:
            return self.connection.execute(_ONE_GAME, (game_id,)).fetchone() is not None
        except sqlite3.DatabaseError as error:
            self._read_around(error)
            return False

    def stats(
        self, human_only: bool = True, skipped: list[DamagedGameError] | None = None,
        changed: list[int] | None = None, bot_spelling: Callable[[str], str] | None = None,
        unknown: list[int] | None = None,
    ) -> list[StatsRow]:
        """Wins, losses, shared wins and books per (player, opponents, rules), finished games only.

        With ``human_only`` (the default) only human seats count: "how do I do
        against Emma at classic?". Otherwise every seat, bots included, is counted.
        A game history calls damaged (list_entries) is left out, and added to ``skipped``
        if given, so the caller can say so. A game whose columns disagree with each other
        (its books, winners, rules label and rules, and its seats' books and results:
        one edited by hand) is counted as its record plays, and its id added to
        ``changed`` if given. ``bot_spelling`` reads each stored bot as the caller counts
        it: gofish.bots.base.stored_spelling counts ``expert-easy:epsilon=0.3``, stored before
        a default was left out of a bot's spelling, as ``expert-easy`` (the store does not
        read bot specs itself: it imports only the core). A seat ``gofish recover`` could
        not name (``lost_seat``) is not counted as a person's; a game with no other
        person's seat is added to ``unknown`` if given, so the caller can say why.
        """
        if not isinstance(human_only, bool):  # "no" is true: only people were counted
            raise StorageError(f"human_only must be True or False, not {human_only!r}")
        # The label names book_size whenever it differs from the preset's, so one label
        # has one set size.
        groups: dict[tuple[str, tuple[str, ...], str], list[int]] = {}
        sizes: dict[str, int] = {}
        records: dict[tuple[str, tuple[str, ...], str], str | dict[str, Any] | None] = {}
        for seat in self._seat_results(human_only, skipped, changed, bot_spelling, unknown):
            key = (seat.player, seat.opponents, seat.label)
            tally = groups.setdefault(key, [0, 0, 0, 0, 0])
            tally[0] += 1
            tally[1 + _RESULTS.index(seat.result)] += 1
            tally[4] += seat.books
            sizes[seat.label] = seat.book_size
            # One label, one rules value, unless edited by hand: then none, and the label.
            if records.setdefault(key, seat.rules) != seat.rules:
                records[key] = None
        return [
            StatsRow(player, opponents, label, games=tally[0], wins=tally[1], losses=tally[2],
                     shared_wins=tally[3], books=tally[4], book_size=sizes[label],
                     rules_record=records[(player, opponents, label)])
            for (player, opponents, label), tally in sorted(
                groups.items(), key=lambda item: (item[0][2], item[0][1], item[0][0])
            )
        ]

    def results_over_time(
        self, bot_spelling: Callable[[str], str] | None = None,
    ) -> list[ResultPoint]:
        """Every finished game from each human seat's side, oldest first; ``bot_spelling``
        as in :meth:`stats`."""
        return [
            ResultPoint(seat.finished_at, seat.label, seat.opponents, seat.result != "loss",
                        seat.books, seat.book_size)
            for seat in self._seat_results(True, bot_spelling=bot_spelling)
        ]


_GAME_FIELDS = (
    "id, record, source, rules, players, over, winners, books, actions, rules_label, "
    "created_at, updated_at, finished_at, rules_preset, rules_options"
)
# Game ``id`` read on its own: a row of another table's page that damage put among the
# games' is none (salvage.A_GAMES_ROW).
_ONE_GAME = f"SELECT {_GAME_FIELDS} FROM games WHERE id = ? AND {salvage.A_GAMES_ROW}"


#: The name of a seat that ``gofish recover`` could not read, by its number from 1.
_LOST_NAME = "seat {} (name lost)"


def _lost_seat_sql(table: str) -> str:
    """SQL for whether a row of the seats table (``table``: its prefix, as "s.") is one
    that ``lost_seat`` made."""
    before, after = _LOST_NAME.split("{}")
    return (f"({table}bot IS NULL AND {table}name = '{before}' || ({table}seat + 1) || "
            f"'{after}')")


# The games stats() reads: the finished ones, and those neither finished nor not (an
# ``over`` edited by hand to 2, or to text, which SQLite sorts after every number), to
# name them damaged as history does (_ROW_READS). A range, so that SQLite still reads them
# by the index on ``over``, as it read "over = 1": a row moved out of place is met there.
_NOT_UNFINISHED = "over >= 1"
# What stats() reads: the finished games, oldest first, and their seats. A game with no
# seat rows at all must be found, to be named (as damaged).
# Whether a game's row is sound where history reads it and stats otherwise would not: its
# record a JSON object, its times and source text, its asks a count. Asked of SQLite, as
# Python's json took five times as long as the rest of stats(); a row it does not find so
# is asked again of Python (Store._check_row), which alone decides that it is damaged.
_ROW_READS = (
    "({0}over = 1 AND typeof({0}source) = 'text' AND typeof({0}created_at) = 'text' AND "
    "typeof({0}updated_at) = 'text' AND typeof({0}actions) = 'integer' AND {0}actions >= 0 "
    "AND typeof({0}record) = 'text' AND substr({0}record, 1, 1) = '{{' AND "
    "json_valid({0}record))"
)
_FINISHED_GAMES = (
    "SELECT id, finished_at, rules_label, rules_preset, rules_options, players, rules, "
    f"books, winners, {_ROW_READS.format('')} FROM games WHERE {_NOT_UNFINISHED} "
    "ORDER BY finished_at, id"
)
_THEIR_SEATS = (
    f"SELECT game_id, seat, bot, books, result, {_lost_seat_sql('')}, name FROM seats "
    f"WHERE game_id IN (SELECT id FROM games WHERE {_NOT_UNFINISHED}) ORDER BY game_id, seat"
)
# The same for one game of a damaged file, read game by game. LEFT JOIN: a game with no
# seat rows at all must be found, to be named.
_STATS_QUERY = (
    "SELECT g.id, g.finished_at, g.rules_label, g.rules_preset, g.rules_options, g.players, "
    f"g.rules, g.books, g.winners, {_ROW_READS.format('g.')}, s.seat, s.bot, s.books, "
    f"s.result, {_lost_seat_sql('s.')}, s.name "
    "FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.over >= 1"
)


def _keys_passing(keys: list[salvage.GameKey], finished: object,
                  before: PageKey | None) -> Iterator[salvage.GameKey]:
    """The keys a page with ``finished`` and ``before`` lists, a game that cannot be read
    (is it over?) whatever ``finished`` asks."""
    wanted = None if finished is None else int(bool(finished))
    for key in keys:
        if wanted is not None and key.over is not None and key.over != wanted:
            continue
        if before is None or (key.blob, key.raw, key.id) < (before.blob, before.raw(),
                                                            before.id):
            yield key


class _SeatResult(NamedTuple):
    """One seat of a finished game, as the statistics count it."""

    finished_at: str
    player: str
    label: str  # rules label
    opponents: tuple[str, ...]
    result: str
    books: int
    book_size: int
    rules: str | dict[str, Any] | None  # the record's rules value; None if unreadable


_RESULTS = ("win", "loss", "shared")


class _GameShape(NamedTuple):
    """What stats() derives from the columns that many games share: the rule set and the
    line-up. The seats' players and opponents are in the order of seat."""

    book_size: int
    rules: str | dict[str, Any] | None
    seats: list[tuple[str, tuple[str, ...]]]  # player, sorted opponents
    label_fits: bool  # whether the rules label, preset and options are those its rules make
    rules_read: bool  # whether the rules column is JSON (history's _load_json)


class _GameShapes:
    """Each game shape worked out once for all the games that share it: a thousand games
    hold a handful of rule sets and line-ups, and decoding each game's JSON, checking its
    columns and sorting its opponents again took most of the time of stats()."""

    def __init__(self, path: Path, bot_spelling: Callable[[str], str] | None = None) -> None:
        self.path = path
        self._known: dict[tuple[Any, ...], _GameShape] = {}
        self._spelling = bot_spelling or str  # how a stored bot is counted

    def of(self, game: _FinishedGame) -> _GameShape:
        """The shape of ``game``; DamagedGameError if its rules label, players or bots are
        not what a stored game holds."""
        game_id, _, label, preset, options, players, rules, _, _ = game.columns
        bots = tuple([seat[2] for seat in game.seats])
        if not all(_seat_fits(seat[6], seat[2]) for seat in game.seats):
            raise DamagedGameError(game_id, self.path)  # as history's _seat_list finds it
        # Python finds 2 == 2.0, but no column stores both: SQLite keeps 2.0 as 2 in an
        # INTEGER column and any number as text in a TEXT one. Equal keys, equal columns.
        key = (label, preset, options, players, rules, bots)
        shape = self._known.get(key)
        if shape is None:
            if not (isinstance(label, str) and _is_count(players)
                    and all(bot is None or isinstance(bot, str) for bot in bots)):
                raise DamagedGameError(game_id, self.path)
            lineup = [HUMAN if bot is None else self._spelling(bot) for bot in bots]
            rules_value = _rules_value(rules)
            shape = self._known[key] = _GameShape(
                _book_size(preset, options), rules_value,
                [(player, tuple(sorted(lineup[:seat] + lineup[seat + 1:])))
                 for seat, player in enumerate(lineup)],
                _rules_columns_fit(label, preset, options, rules, players),
                _json_reads(rules))
        return shape


class _FinishedGame(NamedTuple):
    """A finished game as stats() reads it."""

    # id, finished_at, label, preset, options, players, rules, books, winners
    columns: tuple[Any, ...]
    # game id, seat, bot, books, result, whether recover lost who sat there, name; by seat
    seats: list[tuple[Any, ...]]
    row_reads: bool = True  # _ROW_READS: False asks Store._check_row


def _count_seats(game: _FinishedGame, shapes: _GameShapes, human_only: bool,
                 results: list[_SeatResult]) -> bool:
    """Add the seats of one finished game (its people's, with ``human_only``) to
    ``results``; DamagedGameError, adding none, for a game history calls damaged: unless
    they are seats 0 to players - 1 (a game with a seat row deleted by hand was left out
    without a word), or when its rules, books or winners cannot be read or do not fit its
    seats (_figures_fit). False, adding none, if its columns say otherwise than each other
    (edited by hand; a seat's result or books among them, which history shows as the
    record plays): its record is to say what it was."""
    game_id, finished_at, label, _, _, players, _, books_json, winners_json = game.columns
    seats = game.seats
    shape = shapes.of(game)
    if not (len(seats) == players and (finished_at is None or isinstance(finished_at, str))
            and shape.rules_read):
        raise DamagedGameError(game_id, shapes.path)
    if [seat[1] for seat in seats] != list(range(players)):
        raise DamagedGameError(game_id, shapes.path)
    if not _columns_fit(seats, books_json, winners_json, players):
        raise DamagedGameError(game_id, shapes.path)
    if not all(seat[4] in _RESULTS and _is_count(seat[3]) for seat in seats):
        return False
    if not (shape.label_fits and _figures_agree(seats, books_json, winners_json)):
        return False
    finished_at = finished_at or ""
    for (_, _, bot, books, result, unknown, _), (player, opponents) in zip(
            seats, shape.seats, strict=True):
        # A seat recover could not name may have been a bot's: never counted as yours.
        if (bot is None and not unknown) or not human_only:
            results.append(_SeatResult(finished_at, player, label, opponents, result, books,
                                       shape.book_size, shape.rules))
    return True


def _columns_fit(seats: list[tuple[Any, ...]], books_json: object, winners_json: object,
                 players: int) -> bool:
    """_figures_fit for a finished game's books and winners columns; the JSON is decoded
    only when they are not what its seats make, as a save writes them (most games):
    decoding both took a fifth of the time of stats()."""
    seat_books = [seat[3] for seat in seats]
    seat_winners = [number for number, seat in enumerate(seats) if seat[4] in ("win", "shared")]
    if (seat_winners and all(_is_count(books) for books in seat_books)
            and books_json == _as_json_list(seat_books)
            and winners_json == _as_json_list(seat_winners)):
        return True
    return _figures_fit(True, _json_or_none(books_json), _json_or_none(winners_json), players)


def _nobody_known(game: _FinishedGame) -> bool:
    """Whether ``game`` has seats recover could not name and no seat known as a person's."""
    return (any(seat[5] for seat in game.seats)
            and not any(bot is None and not unknown
                        for _, _, bot, _, _, unknown, _ in game.seats))


def _as_json_list(numbers: list[Any]) -> str:
    """``json.dumps`` of a list of whole numbers, at a fraction of its cost."""
    return f"[{', '.join(map(str, numbers))}]"


def _figures_agree(seats: list[tuple[Any, ...]], books_json: object,
                   winners_json: object) -> bool:
    """Whether a game's books and winners are its seats' books and results (none while it
    is in progress). Books or winners that do not fit the seats at all (not a list of
    seats, past the last seat) are damage that history names, not a row to count
    otherwise: its seats count, as ever."""
    seat_books = [seat[3] for seat in seats]
    if winners_json is None:  # in progress: no results yet
        if books_json != _as_json_list(seat_books):
            books = _json_or_none(books_json)
            if not (isinstance(books, list) and len(books) == len(seats)):
                return True
            if books != seat_books:
                return False
        return all(seat[4] is None for seat in seats)
    seat_winners = [number for number, seat in enumerate(seats) if seat[4] in ("win", "shared")]
    if books_json == _as_json_list(seat_books) and winners_json == _as_json_list(seat_winners):
        # As a save writes them (the usual case: nothing parsed); the results must still
        # be those the winners make.
        return [seat[4] for seat in seats] == [_result(number, seat_winners)
                                                for number in range(len(seats))]
    books, winners = _json_or_none(books_json), _json_or_none(winners_json)
    if not (isinstance(books, list) and len(books) == len(seats) and isinstance(winners, list)
            and winners and all(_is_count(seat) and seat < len(seats) for seat in winners)):
        return True
    return (books == seat_books
            and [seat[4] for seat in seats] == [_result(number, winners)
                                                for number in range(len(seats))])


@functools.lru_cache(maxsize=256)
def _rules_columns_fit(label: object, preset: object, options_json: object,
                       rules_json: object, players: object) -> bool:
    """Whether a game's rules label, preset and house-rule options are what a save writes
    for its rules column (the label in this gofish's spelling or its first days'): False
    for rules past reading. Cached: a thousand games hold a handful of rule sets."""
    try:
        if not _is_count(players):
            return False
        made = make_rules(_rules_value(rules_json)).for_players(players)
    except GoFishError:
        return False
    options = made.options(players)
    return (label in (rules_label(made, players), _older_label_of(made.preset, options))
            and preset == made.preset and _json_or_none(options_json) == options)


def _rules_value(rules_json: object) -> str | dict[str, Any] | None:
    """A finished game's stored rules value, or None past reading: its figures still count
    (as _book_size's), and the pages name its rules by its label."""
    rules = _json_or_none(rules_json)
    return rules if isinstance(rules, (str, dict)) else None


def _json_or_none(text: object) -> Any:
    """A column's JSON, or None past reading (not JSON, or past json's limits): for the
    figures of a damaged game, which still count, where _load_json refuses the game."""
    try:
        return json.loads(str(text))
    except (ValueError, RecursionError):
        return None


def _book_size(preset: object, options_json: object) -> int:
    """The set size of a stored game, from the columns beside its record: its preset and
    the house rules that differ from it. The figures of a game whose columns are damaged
    still count, as books of the preset's size (or of 4): only its record is checked."""
    options = _json_or_none(options_json)
    named = options.get("book_size") if isinstance(options, dict) else None
    if isinstance(named, int) and not isinstance(named, bool):
        return named
    known = PRESETS.get(str(preset))
    return known.book_size if known else 4


def _insert_game(db: sqlite3.Connection, summary: GameSummary, source: str,
                 times: tuple[str, str, str | None], deal: str | None,
                 game_id: int | None = None) -> int:
    """Add a game with its times (created, updated, finished) inside the open transaction
    ``db``; return its id: ``game_id``, or a new one if None."""
    cursor = db.execute(
        "INSERT INTO games (id, record, source, rules, rules_preset, rules_options, "
        "rules_label, players, over, winners, books, actions, created_at, updated_at, "
        "finished_at, deal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, *_game_columns(summary, source), *times, deal),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _write_seats(db: sqlite3.Connection, game_id: int, summary: GameSummary,
                 seats: list[Seat]) -> None:
    """Store the seats of game ``game_id``, with their books and results, in place of any."""
    db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    db.executemany(
        "INSERT INTO seats (game_id, seat, name, bot, books, result) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (game_id, index, seat["name"], seat["bot"], summary.books[index],
             None if summary.winners is None else _result(index, summary.winners))
            for index, seat in enumerate(seats)
        ],
    )


def _game_columns(summary: GameSummary, source: str) -> tuple[Any, ...]:
    """Values for the columns record … actions, in the order of the INSERT."""
    return (
        json.dumps(summary.record, separators=(",", ":")),
        source,
        json.dumps(summary.rules),
        summary.preset,
        json.dumps(summary.options, sort_keys=True),
        summary.rules_label,
        summary.players,
        int(summary.over),
        None if summary.winners is None else json.dumps(list(summary.winners)),
        json.dumps(list(summary.books)),
        summary.actions,
    )


def _restorable(item: object) -> tuple[StoredGame, object]:
    """One entry of :meth:`Store.restore`'s games, a ``(StoredGame, deal)`` pair, else a
    StorageError saying so: a bare game was a TypeError ("cannot unpack"), and a record in
    place of the StoredGame an AttributeError, from inside."""
    if isinstance(item, tuple | list) and len(item) == 2 and isinstance(item[0], StoredGame):
        return item[0], item[1]
    raise StorageError("restore takes (StoredGame, deal) pairs, a deal such as "
                       f"{{\"seed\": 3, \"number\": 0}} or None, not {short_repr(item)}")


def _deal_text(deal: object) -> str | None:
    """``deal`` as the JSON the ``deal`` column holds (None: no deal known); StorageError
    for anything that is not a JSON object."""
    if deal is None:
        return None
    if not isinstance(deal, Mapping):
        raise StorageError(f"deal must be a JSON object such as {{\"seed\": 3, \"number\": 0}}"
                           f" or None, not {short_repr(deal)}")
    try:
        return json.dumps(dict(deal), separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:  # what JSON cannot hold
        raise StorageError(f"deal must be a JSON object: {error}") from None


def _refuse_constant(word: str) -> Any:
    """Refuse NaN and Infinity, which json reads but JSON has not: a deal holding one could
    not be stored again (``_deal_text``), and ``gofish recover`` stopped at it."""
    raise ValueError(f"{word} is no JSON value")


def _finite_float(text: str) -> float:
    """A JSON number as a float, refusing one too large for it (1e400), which Python reads
    as infinity: as NaN, a deal holding it could not be stored again (_deal_text)."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def _fallback_lines(path: Path) -> list[str]:
    """The lines of fallback file ``path``; none if there is no such file."""
    try:
        return existing_fallback_lines(path)
    except OSError as error:
        raise StorageError(f"cannot read the unsaved games in {path}: {error.strerror}") from None


def _written_at(written: object, now: str) -> str:
    """When a rescued copy was written, as the store keeps times: it was played then, not
    when it was moved in (its dates put it out of order in the history). ``now`` if the
    line has no such time (written before it was kept, edited by hand) or one still ahead."""
    if not isinstance(written, str):
        return now
    try:
        when = datetime.fromisoformat(written)
        if when.tzinfo is None:
            return now
        stamp = when.astimezone(UTC).isoformat(timespec="milliseconds")
    except (ValueError, OverflowError):  # not a time; or the year 1 moved out of range
        return now
    return min(stamp, now)


def _checked_entry(entry: dict[str, Any]) -> tuple[GameSummary, list[Seat]]:
    """A fallback entry's game and seats; StorageError if it is not one gofish can store."""
    summary = summarize(entry["record"])
    return summary, check_seats(entry["seats"], summary.players)


def _unreadable(line: str) -> bool:
    """Whether fallback ``line`` is not a game gofish could ever move in (edited by hand)."""
    entry = parse_fallback_line(line)
    if entry is None:
        return True
    try:
        _checked_entry(entry)
    except StorageError:
        return True
    return False


def _longest_first(lines: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The readable entries of fallback ``lines``, each with its line, most asks first."""
    entries = [(line, entry) for line in lines
               if (entry := parse_fallback_line(line)) is not None]
    return sorted(entries, key=lambda pair: _action_count(pair[1]), reverse=True)


def _action_count(entry: dict[str, Any]) -> int:
    record = entry.get("record")
    actions = record.get("actions") if isinstance(record, dict) else None
    return len(actions) if isinstance(actions, list) else 0


def _same_deal(stored: dict[str, Any], record: dict[str, Any]) -> bool:
    keys = ("rules", "players", "deck", "first_player")
    return all(stored.get(key) == record.get(key) for key in keys)


def _stored_moves(stored: dict[str, Any], record: dict[str, Any]) -> list[Any] | None:
    """The asks of stored record ``stored`` as ``record`` (as the core writes it) spells
    them, if ``stored`` is a record of the same deal; None if it is another deal. The one
    comparison of a stored game with one to save or move in, wherever it is made: RULES.md
    lets a record leave out first_player and actions and write {"preset": "classic"}, "T"
    or lower case, and a row written so (by hand, another program) is the same game. Made
    as written when that settles it (the usual case: nothing replayed), else as the game
    it replays to (its asks replayed only for the same deal: most stored games are another
    one). Saves compared so, but moving a waiting copy in re-spelt a row only when its
    fields differed, and so stored a game spelt another way a second time."""
    played = stored.get("actions") or []
    if not isinstance(played, list):
        played = None
    elif _same_deal(stored, record) and _one_begins_the_other(played, record["actions"]):
        return played
    try:
        game, actions = start_from_record(stored)
        if not _same_deal(game_to_record(game), record):
            return None
        for index, action in enumerate(actions):
            apply_record_action(game, index, action)
    except GoFishError:  # does not replay: only its own spelling is left to compare
        return played if _same_deal(stored, record) else None
    respelt: list[Any] = game_to_record(game)["actions"]
    return respelt


def _one_begins_the_other(first: list[Any], second: list[Any]) -> bool:
    shorter, longer = sorted((first, second), key=len)
    return longer[:len(shorter)] == shorter


#: Seconds: SQLite's busy timeout is a 32-bit count of milliseconds.
_LONGEST_TIMEOUT = 2**31 // 1000


def _check_id(game_id: object) -> int:
    """``game_id`` as an int (numpy's int64 too); UnknownGameError for one that cannot be
    stored, saying so when it is not a whole number at all (the text '1')."""
    number = whole_number(game_id)
    if number is None or abs(number) > LARGEST_ID:
        raise UnknownGameError(game_id)
    return number


def _check_count(name: str, value: object) -> int:
    """A limit or offset as an int (numpy's int64 too), or StorageError."""
    number = whole_number(value)
    if number is None or number < 0:
        raise StorageError(f"{name} must be a whole number of 0 or more, not {value!r}")
    return number


def _over_filter(finished: object) -> str:
    """The WHERE clause for ``finished`` (None: every game)."""
    condition = _over_condition(finished)
    return f"WHERE {condition}" if condition else ""


def _over_condition(finished: object) -> str | None:
    """The condition for ``finished``; None for every game."""
    if finished is None:
        return None
    if not isinstance(finished, bool):  # "no" is true, and listed the finished games
        raise StorageError(f"finished must be True, False or None (every game), "
                           f"not {finished!r}")
    return f"over = {int(finished)}"


def _page_filter(finished: object, before: PageKey | None) -> tuple[str, tuple[Any, ...]]:
    """The WHERE clause, and its parameters, for a page of games past ``before``."""
    over = _over_condition(finished)
    conditions = [] if over is None else [over]
    parameters: tuple[Any, ...] = ()
    if before is not None:
        # As the bytes stored: a blob compares as one (after all text), and text that is
        # not UTF-8 cannot be bound as a str.
        time = "?" if before.blob else "CAST(? AS TEXT)"
        conditions.append(f"(updated_at, id) < ({time}, ?)")
        parameters = (before.raw(), before.id)
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), parameters


def _check_before(before: object) -> PageKey | None:
    """A page's key (its id an int: numpy's int64 cannot be bound), or None; anything else
    was an error of sqlite3's, or a wrong page."""
    if before is None:
        return None
    if isinstance(before, PageKey) and key_problem(before.updated_at, before.id) is None:
        number = whole_number(before.id)
        assert number is not None  # key_problem found it a whole number
        return PageKey(before.updated_at, number, before.blob is True,
                       before.damaged_last is True)
    raise StorageError(f"before must be the next_before of a page of games (a PageKey) or "
                       f"None, not {short_repr(before)}")


def _check_flag(name: str, value: object) -> bool:
    """A true-or-false argument: the text "no" is true, and would open read-only."""
    if not isinstance(value, bool):
        raise StorageError(f"{name} must be True or False, not {value!r}")
    return value


def _check_skipped(skipped: object) -> None:
    """A list to add damaged games to, or None: "x" failed at .append."""
    if skipped is not None and not isinstance(skipped, list):
        raise StorageError(f"skipped must be a list to add damaged games to, not {skipped!r}")


def _check_timeout(timeout: object) -> float:
    """Seconds to wait for a lock: "x" was sqlite3's TypeError, nan a ValueError."""
    if (isinstance(timeout, bool) or not isinstance(timeout, numbers.Real)
            or not 0 <= float(timeout) < _LONGEST_TIMEOUT):
        raise StorageError(f"timeout must be a number of seconds from 0 to "
                           f"{_LONGEST_TIMEOUT:,}, not {timeout!r}")
    return float(timeout)


def _check_save_arguments(game_id: object, source: object) -> tuple[int | None, str]:
    """The id and source of a save, checked before anything is written, or rescued to the
    fallback file (where a numpy id would not go into JSON)."""
    if not isinstance(source, str):  # stored as the text '5', or refused by SQLite
        raise StorageError("source must be a short text naming where the game came from "
                           f"(such as 'terminal' or 'web'), not {source!r}")
    return (None if game_id is None else _check_id(game_id)), source


def _seat_list(numbered: list[tuple[Any, Seat]], players: object, path: Path,
               game_id: int) -> list[Seat]:
    """The seats of a game, which must be numbered 0 to players - 1 (a seat row deleted by
    hand made history fail on ``names[w]`` and show call the players "Player 0"), each one
    that ``save`` takes: a blank name or bot name let a game be resumed and played that
    could then never be saved."""
    if not _is_count(players) or [number for number, _ in numbered] != list(range(players)):
        raise DamagedGameError(game_id, path)
    seats = [seat for _, seat in numbered]
    try:
        check_seats(seats, players)
    except StorageError:
        raise DamagedGameError(game_id, path) from None
    return seats


def lost_seat(number: int) -> Seat:
    """What stands for seat ``number`` (from 0) of a game whose seat row was lost with a
    damaged page: its name says so, and nothing says it was a bot's."""
    return {"name": _LOST_NAME.format(number + 1), "bot": None}


def lost_seats(seats: Sequence[Mapping[str, Any]]) -> list[int]:
    """The numbers (from 0) of the seats in ``seats`` that ``gofish recover`` named
    ``lost_seat``: who sat there, person or bot, is not known."""
    return [number for number, seat in enumerate(seats)
            if seat.get("bot") is None and seat.get("name") == lost_seat(number)["name"]]


def seats_lost_words(game_id: int, seats: Sequence[Mapping[str, Any]]) -> str | None:
    """Why game ``game_id`` has more than one person's seat, if ``gofish recover`` made
    some (``lost_seats``), for the tables that seat one person and refuse it: they said
    "game 5 has 2 people" of a game of one person and Emma. None otherwise."""
    people = sum(1 for seat in seats if seat.get("bot") is None)
    lost = [str(number + 1) for number in lost_seats(seats)]
    if people < 2 or not lost:
        return None
    return (f"game {game_id} came back from gofish recover without who sat in "
            f"seat{'s' if len(lost) > 1 else ''} {', '.join(lost)} (person or bot)")


def _readable_seats(rows: list[Any], players: int) -> dict[int, Seat]:
    """The seats among seat ``rows`` (game id, number, name, bot, ...) that read as a save
    writes them, by number."""
    readable: dict[int, Seat] = {}
    for _, number, name, bot, *_ in rows:
        seat = {"name": name, "bot": bot}
        if _is_count(number) and number < players and _fits_a_seat(seat):
            readable[number] = seat
    return readable


def _fits_a_seat(seat: Seat) -> bool:
    try:
        check_seats([seat], 1)
    except StorageError:
        return False
    return True


def _is_over_flag(over: object) -> bool:
    """Whether a game's ``over`` column is what a save writes, 0 or 1: one edited to 2 was
    shown finished by history and left out of stats unnamed."""
    return type(over) is int and over in (0, 1)


def _check_figures(game: StoredGame, path: Path) -> None:
    """DamagedGameError unless the books and winners fit the seats (_figures_fit)."""
    if not _figures_fit(game.over, game.books, game.winners, game.players):
        raise DamagedGameError(game.id, path)


def _figures_fit(over: bool, books: object, winners: object, players: int) -> bool:
    """Whether a game's books and winners fit its seats: each is indexed by seat, and one
    edited by hand (a winner 5 of 2 players) failed as an IndexError. A game over has
    winners (R10: a tie shares the win) and one in progress has none: either way round,
    history showed a finished game as "in progress". History and stats both ask it."""
    if over != (winners is not None):
        return False
    if not (isinstance(books, list) and len(books) == players
            and all(_is_count(count) for count in books)):
        return False
    return winners is None or (
        isinstance(winners, list) and bool(winners)
        and all(_is_count(seat) and seat < players for seat in winners))


@functools.lru_cache(maxsize=256)
def _seat_fits(name: object, bot: object) -> bool:
    """Whether a seat row's name and bot are what a save writes (check_seats), as history
    reads them; cached, as a few names sit at most of the games' seats."""
    return _fits_a_seat({"name": name, "bot": bot})  # type: ignore[dict-item]


def _json_reads(text: object) -> bool:
    """Whether a column's ``text`` is JSON, as history's _load_json reads it."""
    try:
        json.loads(str(text))
    except (ValueError, RecursionError):
        return False
    return True


class _Replays:
    """What each record of one read replays to, each text replayed once (copies of one
    game), None for one that does not replay."""

    def __init__(self) -> None:
        self._known: dict[str, GameSummary | None] = {}

    def of(self, record: dict[str, Any]) -> GameSummary | None:
        text = json.dumps(record, sort_keys=True)
        if text not in self._known:
            try:
                self._known[text] = summarize(record)
            except StorageError:
                self._known[text] = None
        return self._known[text]


def _as_its_record_plays(game: StoredGame | DamagedGameError, row: Sequence[Any],
                         seat_figures: list[tuple[Any, Any]],
                         replays: _Replays) -> StoredGame | DamagedGameError:
    """``game`` with what its record replays to in place of any column of its row that
    says otherwise, those columns named in ``changed``. The record is the game; the
    columns beside it (its rules, label, books, winners, and its seats' books and results)
    are only derived from it, and one edited by hand made history and show's heading say
    otherwise than the replay. The record is replayed only when the columns disagree with
    each other (as stats() checks them) or with it (its rules, its number of asks): a
    replay of every game listed made a page of history ten times slower. A record that
    does not replay is left to say so."""
    if isinstance(game, DamagedGameError):
        return game
    (_, _, _, rules_json, players, _, winners_json, books_json, _, label, *_, preset,
     options_json) = row
    played = game.record.get("actions") or []
    if (game.record.get("rules") == game.rules and isinstance(played, list)
            and len(played) == game.actions
            and _rules_columns_fit(label, preset, options_json, rules_json, players)
            and _figures_agree([(None, None, None, *figures) for figures in seat_figures],
                               books_json, winners_json)):
        return game
    summary = replays.of(game.record)
    if summary is None:
        return game
    derived = _derived_columns(summary)
    said = {"rules": game.rules, "rules_label": game.rules_label, "over": game.over,
            "winners": game.winners, "books": game.books, "actions": game.actions,
            "rules_options": game.book_size, "seat results": seat_figures}
    changed = tuple(name for name, value in said.items() if derived[name] != value
                    and not (name == "rules_label" and value == _older_label(summary)))
    if not changed:
        return game
    values = {name: value for name, value in derived.items()
              if name not in ("seat results", "rules_options")}
    return replace(game, **values, book_size=derived["rules_options"], changed=changed)


def _derived_columns(summary: GameSummary) -> dict[str, Any]:
    """What a save writes beside the record (``_game_columns``), as a StoredGame holds it."""
    winners = summary.winners
    return {
        "rules": summary.rules, "rules_label": summary.rules_label, "over": summary.over,
        "winners": None if winners is None else list(winners), "books": list(summary.books),
        "actions": summary.actions, "rules_options": _summary_book_size(summary),
        "seat results": [(books, None if winners is None else _result(seat, winners))
                         for seat, books in enumerate(summary.books)],
    }


def _older_label(summary: GameSummary) -> str:
    return _older_label_of(summary.preset, summary.options)


def _older_label_of(preset: str, options: Mapping[str, Any]) -> str:
    """The rules label as gofish wrote it in its first days: text options in JSON quotes
    ('nordic (ask="card")'). Such a label is not a row changed since."""
    if not options:
        return preset
    shown = ", ".join(f"{name}={json.dumps(value)}" for name, value in options.items())
    return f"{preset} ({shown})"


def _summary_book_size(summary: GameSummary) -> int:
    return _book_size(summary.preset, json.dumps(summary.options))


def _texts(*values: object, or_none: bool = False) -> bool:
    """Whether every one of ``values`` is text (or None, with ``or_none``)."""
    return all(isinstance(value, str) or (or_none and value is None) for value in values)


#: How sqlite3 refuses a text value that is not UTF-8.
_NOT_UTF8 = "Could not decode to UTF-8"


def _decoded(data: bytes) -> str:
    """A TEXT value as read: UTF-8, with U+FFFD for bytes that are not."""
    return data.decode("utf-8", "replace")


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _load_json(text: object, path: Path, game_id: int) -> Any:
    try:
        return json.loads(str(text))
    except (ValueError, RecursionError):  # not JSON, or past json's limits (depth, digits)
        raise DamagedGameError(game_id, path) from None


def _load_record(text: object, path: Path, game_id: int) -> dict[str, Any]:
    record = _load_json(text, path, game_id)
    if not isinstance(record, dict):
        raise DamagedGameError(game_id, path)
    return record


#: Games read at a time when looking past damaged ones.
_PAGE = 20


def _readable(entries: list[StoredGame | DamagedGameError]) -> list[StoredGame]:
    """The games of ``entries``; the first damaged one is raised."""
    games: list[StoredGame] = []
    for entry in entries:
        if isinstance(entry, DamagedGameError):
            raise entry
        games.append(entry)
    return games


# ------------------------------------------------------------- functions


def open_store(
    path: str | os.PathLike[str] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    recover: bool = True,
    read_only: bool = False,
) -> Store:
    """Open (creating it, its directory and its tables if needed) the games database.

    ``path`` None means :func:`default_db_path`. With ``recover``, games that an
    earlier failure left in the fallback file are moved back in (best effort).
    ``read_only`` opens an existing database only to read it (a read-only file or
    folder): nothing is created, moved in or written.
    """
    resolved = chosen_db_path(path)
    recover = _check_flag("recover", recover)
    store = Store(resolved, timeout=timeout, read_only=read_only)
    if recover and not read_only:
        with contextlib.suppress(StorageError):
            store.recover_unsaved()
    return store


def open_store_to_read(path: str | os.PathLike[str] | None = None) -> Store:
    """:func:`open_store` for a reader that would also write if it could (gofish history,
    the web server): read-only around a damaged page that opening a file to write must
    read (its schema version), where it showed none of the games it still holds. Saves
    into it go to the fallback file, as in any damaged file."""
    try:
        return open_store(path)
    except DamagedFileError:
        return open_store(path, read_only=True)


def save_game(
    record: dict[str, Any],
    *,
    seats: list[dict[str, Any]],
    game_id: int | None = None,
    source: str = "terminal",
    path: str | os.PathLike[str] | None = None,
    deal: Mapping[str, Any] | None = None,
) -> int:
    """Open the database, save one game and close it, never losing the game.

    For apps that do not keep a Store open: even when the database cannot be
    opened at all, the game goes to the fallback file and StorageError says where.
    """
    resolved = chosen_db_path(path)
    try:
        store = Store(resolved)
    except StorageError as error:
        summary = summarize(record)
        checked = check_seats(seats, summary.players)
        game_id, source = _check_save_arguments(game_id, source)
        raise rescue(resolved, error, summary.record, checked, game_id, source,
                     deal) from None
    with store:
        return store.save(record, seats=seats, game_id=game_id, source=source, deal=deal)


class FallbackSaver:
    """Stands in for a Store that could not be opened, so a game is still never lost.

    Each ``save`` tries the database again (it may have been unlocked or moved
    away meanwhile); if it still fails, the game goes to the fallback file and
    StorageError says where. ``error`` is why the database could not be opened.
    """

    def __init__(self, path: Path, error: StorageError) -> None:
        self.path = path
        self.error = error

    def save(
        self,
        record: dict[str, Any],
        *,
        seats: list[dict[str, Any]],
        game_id: int | None = None,
        source: str = "terminal",
        deal: Mapping[str, Any] | None = None,
    ) -> int:
        return save_game(record, seats=seats, game_id=game_id, source=source, path=self.path,
                         deal=deal)

    def delete(self, game_id: int, *, unplayed_only: bool = False) -> None:
        """Delete stored game ``game_id`` (a save that reached the database made it), as
        :meth:`Store.delete` does; StorageError if the database still cannot be opened."""
        with Store(self.path) as store:
            store.delete(game_id, unplayed_only=unplayed_only)

    def close(self) -> None:
        """Nothing to close: present so it can be used where a Store is closed."""


def open_saver(path: str | os.PathLike[str] | None = None) -> Store | FallbackSaver:
    """A Store if the database opens, else a FallbackSaver: for apps that only need to save.

    Check ``isinstance(saver, FallbackSaver)`` (and ``saver.error``) to warn the player.
    """
    resolved = chosen_db_path(path)
    try:
        return open_store(resolved)
    except StorageError as error:
        return FallbackSaver(resolved, error)


def rescue(
    db_path: Path, error: StorageError, record: dict[str, Any], seats: list[Seat],
    game_id: int | None, source: str, deal: Mapping[str, Any] | None = None,
) -> StorageError:
    """Write a game the database refused to the fallback file; the error to raise, saying where."""
    entry: dict[str, Any] = {"record": record, "seats": seats, "game_id": game_id,
                             "source": source, "reason": str(error)}
    if deal is not None:  # left out otherwise: older gofish read the same lines
        entry["deal"] = dict(deal)
    where = write_fallback(db_path, entry)
    if where is None:
        return StorageError(f"{error}; the game could not be written anywhere else either")
    # From the temp folder too: recover_unsaved takes the lines that name this database.
    return StorageError(
        f"{error}. The game is not lost: it was written to {where} and will be added to the "
        "database the next time gofish can write to it", fallback_path=where
    )

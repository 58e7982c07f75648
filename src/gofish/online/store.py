"""Durable rooms: a rooms table and an append-only table of room entries.

Nothing is ever updated or deleted: a room is its row plus its entries in
order, and :class:`gofish.online.room.Room` rebuilt by replaying them is the
room as it was. SQLite (the default) and PostgreSQL (psycopg 3) share the SQL;
only the driver calls differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATABASE_ENV = "GOFISH_ROOMS_DB"
_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS online_rooms (
        code       TEXT PRIMARY KEY,
        rules      TEXT NOT NULL,      -- the rules value of a game record, JSON
        players    INTEGER NOT NULL,
        created_at TEXT NOT NULL       -- UTC, ISO 8601
    )""",
    """CREATE TABLE IF NOT EXISTS online_entries (
        room       TEXT NOT NULL REFERENCES online_rooms(code),
        seq        INTEGER NOT NULL,   -- 1, 2, ...: the room's version after this entry
        kind       TEXT NOT NULL,      -- seat, bot, unseat, leave, start, ask, miss, fish
        data       TEXT NOT NULL,      -- JSON
        created_at TEXT NOT NULL,
        PRIMARY KEY (room, seq)
    )""",
)
_INSERT_ROOM = "INSERT INTO online_rooms (code, rules, players, created_at) VALUES (?, ?, ?, ?)"
_INSERT_ENTRY = (
    "INSERT INTO online_entries (room, seq, kind, data, created_at) VALUES (?, ?, ?, ?, ?)"
)
_SELECT_ROOM = "SELECT rules, players, created_at FROM online_rooms WHERE code = ?"
_SELECT_ENTRIES = "SELECT seq, kind, data FROM online_entries WHERE room = ? ORDER BY seq"


class StoreError(Exception):
    """The database could not be opened or written; the message says which and why."""


class DuplicateKey(StoreError):
    """A room code or entry number that is already taken."""


@dataclass(frozen=True)
class StoredRoom:
    code: str
    rules: object
    players: int
    created_at: str
    entries: list[tuple[int, str, dict[str, Any]]]


class RoomStore(ABC):
    """Where rooms live between server runs. All methods run on the server's event loop."""

    async def create_room(self, code: str, rules: object, players: int, created_at: str) -> None:
        await self._write(_INSERT_ROOM, (code, json.dumps(rules), players, created_at))

    async def append(
        self, code: str, seq: int, kind: str, data: dict[str, Any], created_at: str
    ) -> None:
        await self._write(_INSERT_ENTRY, (code, seq, kind, json.dumps(data), created_at))

    async def load_room(self, code: str) -> StoredRoom | None:
        rows = await self._read(_SELECT_ROOM, (code,))
        if not rows:
            return None
        rules, players, created_at = rows[0]
        entries = [
            (int(seq), str(kind), json.loads(data))
            for seq, kind, data in await self._read(_SELECT_ENTRIES, (code,))
        ]
        return StoredRoom(code, json.loads(rules), int(players), str(created_at), entries)

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def _write(self, sql: str, params: tuple[Any, ...]) -> None: ...

    @abstractmethod
    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]: ...


_Job = tuple[str, tuple[Any, ...], bool, "asyncio.Future[Any]"]  # sql, params, is_read, result


class SqliteStore(RoomStore):
    """SQLite in WAL mode, written by one thread with group commit; the event loop never waits
    on the disk.

    Every insert is handed to the writer thread, which takes all the inserts
    waiting, runs them in one transaction, commits, and only then resolves each
    caller's future: an entry is on disk before the server broadcasts it.
    ``synchronous=NORMAL`` in WAL mode makes a commit durable against a killed
    process without an fsync; the fsyncs happen in checkpoints, which a second
    thread runs on its own connection so that commits never wait for them.
    """

    CHECKPOINT_SECONDS = 1.0

    def __init__(self, path: str) -> None:
        self.path = path if path == ":memory:" else str(_expanded(path))
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._stopping = threading.Event()
        self._claim: int | None = None  # the lock file held while open: one server per file

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                             timeout=30.0)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    async def open(self) -> None:
        if self.path != ":memory:":
            self._check_path()
            self._claim = _claim_for_one_server(self.path)
        try:
            db = self._connect()
            db.execute("PRAGMA foreign_keys=ON")
            for statement in _SCHEMA:
                db.execute(statement)
            if self.path != ":memory:":
                db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
                checkpoints = self._connect()
        except (OSError, sqlite3.Error) as error:
            self._release_claim()
            raise StoreError(f"cannot open the rooms database {self.path}: {error}") from None
        loop = asyncio.get_running_loop()
        self._threads = [threading.Thread(target=self._write_loop, args=(db, loop),
                                          name="rooms-db-writer", daemon=True)]
        if self.path != ":memory:":
            self._threads.append(threading.Thread(target=self._checkpoint_loop,
                                                  args=(checkpoints,), name="rooms-db-checkpoint",
                                                  daemon=True))
        for thread in self._threads:
            thread.start()

    def _check_path(self) -> None:
        """Make the folder, and name what SQLite would not: it says "unable to open" alike
        of a folder, a file that may not be read and a folder that cannot be written, and
        a pipe hangs it."""
        from gofish.storage.access import (
            create_private,
            folder_not_made,
            make_folder,
            uncreatable,
            unopenable,
            unwritable,
        )

        path = Path(self.path)
        try:
            if path.is_dir():
                reason: str | None = "it is a folder, not a file (name a file in it instead)"
            elif path.exists():  # the server writes every action: read-only is no use
                reason = unopenable(path) or unwritable(path)
            else:
                make_folder(path.parent)
                reason = uncreatable(path)
                if reason is None:
                    create_private(path)
        except OSError as error:  # mkdir's, or a folder on the way that may not be searched
            reason = folder_not_made(path.parent, error)
        if reason:
            raise StoreError(f"cannot open the rooms database {self.path}: {reason}")

    async def close(self) -> None:
        self._stopping.set()
        self._jobs.put(None)
        for thread in self._threads:
            await asyncio.to_thread(thread.join, 10)
        self._threads = []
        self._release_claim()

    def _release_claim(self) -> None:
        if self._claim is not None:
            os.close(self._claim)  # closing the file lets go of its lock
            self._claim = None

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        await self._submit(sql, params, is_read=False)

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = await self._submit(sql, params, is_read=True)
        return rows

    def _submit(self, sql: str, params: tuple[Any, ...], *, is_read: bool) -> asyncio.Future[Any]:
        if not self._threads:
            raise StoreError("the rooms database is not open")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.put((sql, params, is_read, future))
        return future

    def _write_loop(self, db: sqlite3.Connection, loop: asyncio.AbstractEventLoop) -> None:
        while (job := self._jobs.get()) is not None:
            batch = [job]
            while True:  # group commit: everything already waiting goes in this transaction
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)
                    break
                batch.append(more)
            outcomes = self._run_batch(db, batch)
            for (_, _, _, future), outcome in zip(batch, outcomes, strict=True):
                loop.call_soon_threadsafe(_settle, future, outcome)
        db.close()

    @staticmethod
    def _run_batch(db: sqlite3.Connection, batch: list[_Job]) -> list[Any]:
        outcomes: list[Any] = []
        try:
            db.execute("BEGIN")
            for sql, params, is_read, _ in batch:
                try:
                    cursor = db.execute(sql, params)
                    outcomes.append(cursor.fetchall() if is_read else None)
                except sqlite3.IntegrityError as error:  # this insert only; the rest go on
                    outcomes.append(DuplicateKey(str(error)))
            db.execute("COMMIT")
        except sqlite3.Error as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            failure = StoreError(f"cannot write to the rooms database: {error}")
            return [failure] * len(batch)
        return outcomes

    def _checkpoint_loop(self, db: sqlite3.Connection) -> None:
        while not self._stopping.wait(self.CHECKPOINT_SECONDS):
            with contextlib.suppress(sqlite3.Error):  # busy now: the next round does it
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        db.close()


def _claim_for_one_server(path: str) -> int | None:
    """Lock ``PATH-lock`` for as long as the store is open, refusing a database another
    server has open: a room lives in its server's memory, and a second server would
    neither see the first one's moves nor tell its players of its own. The lock is the
    kernel's (``flock``), so a killed server lets go of it. Where no lock can be taken
    (no ``fcntl``, a folder that may not be written), nothing is refused."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return None
    try:
        descriptor = os.open(path + "-lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        raise StoreError(_IN_USE.format(where=f"the rooms database {path}")) from None
    return descriptor


_IN_USE = ("{where} is in use by another gofish rooms server (gofish rooms or gofish serve): "
           "rooms live in one server's memory, so only one server may use a database at a time")


def _settle(future: asyncio.Future[Any], outcome: Any) -> None:
    if future.cancelled():
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


class PostgresStore(RoomStore):
    """psycopg 3's async connection; an insert is durable (committed) when it returns.

    Inserts that arrive while a commit is under way wait and share the next one,
    so a busy server pays one commit (one fsync) for many asks.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._db: Any = None
        self._lock = asyncio.Lock()
        self._pending: list[tuple[str, tuple[Any, ...], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def open(self) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "a postgresql:// database needs psycopg: pip install 'psycopg[binary]' "
                "(or, in the gofish checkout, pip install '.[postgres]')"
            ) from None
        try:
            self._db = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            for statement in _SCHEMA:
                await self._db.execute(statement)
            claimed = await self._claim_for_one_server()
        except psycopg.Error as error:
            await self.close()
            raise StoreError(f"cannot open the rooms database: {error}") from None
        if not claimed:
            await self.close()
            raise StoreError(_IN_USE.format(where="the rooms database"))

    async def _claim_for_one_server(self) -> bool:
        """Take a session advisory lock, one per schema's rooms: the database's one rooms
        server is the connection holding it (see :func:`_claim_for_one_server`)."""
        cursor = await self._db.execute(
            "SELECT pg_try_advisory_lock(hashtext(current_schema() || '.online_rooms'))")
        row = await cursor.fetchone()
        return bool(row[0])

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Wait until the insert is committed; inserts waiting together share one commit."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((sql.replace("?", "%s"), params, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        """Group commit: every insert queued by now goes into one transaction."""
        while self._pending:
            batch, self._pending = self._pending, []
            async with self._lock:
                outcomes = await self._commit_batch(batch)
            for (_, _, future), outcome in zip(batch, outcomes, strict=True):
                _settle(future, outcome)

    async def _commit_batch(self, batch: list[tuple[str, tuple[Any, ...], Any]]) -> list[Any]:
        import psycopg

        try:
            async with self._db.transaction():
                for sql, params, _ in batch:
                    await self._db.execute(sql, params)
            return [None] * len(batch)
        except psycopg.Error:
            pass  # one bad insert spoils the batch: retry each alone, so only it fails
        outcomes: list[Any] = []
        for sql, params, _ in batch:
            try:
                await self._db.execute(sql, params)
                outcomes.append(None)
            except psycopg.errors.UniqueViolation as error:
                outcomes.append(DuplicateKey(str(error)))
            except psycopg.Error as error:
                outcomes.append(StoreError(f"cannot write to the rooms database: {error}"))
        return outcomes

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        import psycopg

        try:
            async with self._lock:
                cursor = await self._db.execute(sql.replace("?", "%s"), params)
                rows: list[tuple[Any, ...]] = await cursor.fetchall()
                return rows
        except psycopg.Error as error:
            raise StoreError(f"cannot read the rooms database: {error}") from None


def chosen_database(database_url: str | None) -> str | None:
    """The database asked for: ``database_url``, else ``$GOFISH_ROOMS_DB``; None: the default."""
    if database_url is None:
        return os.environ.get(DATABASE_ENV, "").strip() or None
    return database_url


def store_for(database_url: str | None) -> RoomStore:
    """The store for ``postgresql://…``, ``sqlite:///PATH``, a plain path or None (default).

    As in SQLAlchemy, ``sqlite:///rooms.db`` is relative to the current folder and
    ``sqlite:////srv/rooms.db`` (four slashes) is absolute.
    """
    database_url = chosen_database(database_url)
    if database_url is None:
        return SqliteStore(str(_data_home() / "gofish" / "rooms.sqlite3"))
    if database_url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(database_url)
    return SqliteStore(_sqlite_file(database_url))


def _sqlite_file(url: str) -> str:
    """The file a ``sqlite:///PATH`` URL or a plain path names.

    Never an in-memory database (``sqlite://``, ``:memory:``, an empty path): a
    restart would silently lose every room.
    """
    path = url
    if url.startswith("sqlite://"):
        rest = url.removeprefix("sqlite://")
        path = rest[1:] if rest.startswith("/") else ""
    elif "://" in url:
        scheme = url.split("://", 1)[0]
        raise StoreError(
            f"unsupported database {scheme}://: use a file path, sqlite:///path or postgresql://…"
        )
    if not path.strip() or path == ":memory:":
        raise StoreError(
            f"the rooms database {url!r} names no file (rooms must outlive a restart): "
            "use a file path, sqlite:///relative/path or sqlite:////absolute/path"
        )
    return path


def _data_home() -> Path:
    from gofish.storage.paths import data_home

    with _storage_errors_as_store_errors():
        return data_home()


def _expanded(path: str) -> Path:
    """``path`` with a leading ``~`` expanded: StoreError, not pathlib's RuntimeError (a
    traceback), when it names no home directory (no such user, or no $HOME nor user)."""
    from gofish.storage.paths import expand_home

    with _storage_errors_as_store_errors():
        return expand_home(path)


@contextlib.contextmanager
def _storage_errors_as_store_errors() -> Iterator[None]:
    from gofish.storage import StorageError

    try:
        yield
    except StorageError as error:
        raise StoreError(str(error)) from None

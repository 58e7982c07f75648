"""Durable rooms: a rooms table and an append-only table of room entries.

Nothing is ever updated or deleted: a room is its row plus its entries in
order, and :class:`gofish.online.room.Room` rebuilt by replaying them is the
room as it was. SQLite (the default) and PostgreSQL (psycopg 3) share the SQL;
only the driver calls differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import queue
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

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


def _decoded_entries(rows: list[tuple[Any, ...]]) -> list[tuple[int, str, dict[str, Any]]]:
    return [(int(seq), str(kind), json.loads(data)) for seq, kind, data in rows]


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
        rows = await self._read(_SELECT_ENTRIES, (code,))
        # Thousands of entries in a long-played room: read on a thread, not the event loop.
        entries = await asyncio.to_thread(_decoded_entries, rows)
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
        self._stopping.clear()  # opened again after a close: checkpoints and writes resume
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
        # Closing: a job queued behind the writer's last one would never be answered.
        if not self._threads or self._stopping.is_set():
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
    if future.done():  # cancelled by its caller, or failed by a closing store
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


def _one_line(error: BaseException) -> str:
    """psycopg's message in one line: it adds its hints on lines of their own, indented
    by a tab, which read as a second error in a log and broke a refusal's one line."""
    return " ".join(str(error).split())


class PostgresStore(RoomStore):
    """psycopg 3's async connection; an insert is durable (committed) when it returns.

    Inserts that arrive while a commit is under way wait and share the next one,
    so a busy server pays one commit (one fsync) for many asks. A lost connection
    is made again by the next read or write (see :class:`_PostgresLink`).
    """

    CLOSE_GRACE_SECONDS = 1.0  # how long close lets a commit under way finish

    def __init__(self, url: str) -> None:
        self.url = url
        self._link = _PostgresLink(url)
        self._open = False
        self._pending: list[_Insert] = []
        self._flusher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # the flusher and the reads under way
        self._unsettled: set[asyncio.Future[Any]] = set()  # what callers are awaiting

    async def open(self) -> None:
        try:
            import psycopg  # noqa: F401 - only to say what is missing
        except ImportError:
            raise StoreError(
                "a postgresql:// database needs psycopg: pip install 'psycopg[binary]' "
                "(or, in the gofish checkout, pip install '.[postgres]')"
            ) from None
        self._link = _PostgresLink(self.url)  # a store closed and opened again starts afresh
        await self._link.open()
        self._open = True

    async def close(self) -> None:
        """Fail what is queued at once, give a commit under way a moment, then fail the rest:
        nobody awaits a closed store for ever."""
        self._open = False
        self._link.stopping = True
        queued, self._pending = self._pending, []
        _fail(queued, StoreError("not saved: the rooms database is closing"))
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=self.CLOSE_GRACE_SECONDS)
        for future in list(self._unsettled):
            _settle(future, StoreError("the rooms database closed before this was confirmed: "
                                       "it may or may not have been saved"))
        late = set(self._tasks)
        for task in late:
            task.cancel()
        if late:  # psycopg cancels the query on the server; a dead server gets no longer
            await asyncio.wait(late, timeout=self.CLOSE_GRACE_SECONDS)
        await self._link.close()

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Wait until the insert is committed; inserts waiting together share one commit."""
        future = self._new_future()
        self._pending.append((sql, params, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = self._start(self._flush())
        await future

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        future = self._new_future()
        self._start(self._read_into(future, sql, params))
        rows: list[tuple[Any, ...]] = await future
        return rows

    def _new_future(self) -> asyncio.Future[Any]:
        """A future for one caller, tracked so that close can settle it; StoreError (at once)
        when the store may not be used."""
        if not self._open:
            raise StoreError("the rooms database is not open")
        self._link.check_usable()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._unsettled.add(future)
        future.add_done_callback(self._unsettled.discard)
        return future

    def _start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _flush(self) -> None:
        """Group commit: every insert queued by now goes into one transaction."""
        while self._pending:
            batch, self._pending = self._pending, []
            # Filled in as each insert's outcome is known: inserts committed one by one before
            # the connection was lost are not retried, nor reported failed with the rest.
            outcomes: list[Any] = [_UNKNOWN] * len(batch)
            try:
                await self._link.run(functools.partial(_commit_batch, batch, outcomes))
            except StoreError as error:
                _settle_batch(batch, outcomes, error)
            except BaseException:  # cancelled (a closing store) or a bug: nobody waits for ever
                _settle_batch(batch, outcomes, StoreError("not saved: the write was interrupted"))
                raise
            else:
                _settle_batch(batch, outcomes, StoreError("not saved"))  # none is left unknown

    async def _read_into(self, future: asyncio.Future[Any], sql: str,
                         params: tuple[Any, ...]) -> None:
        try:
            outcome: Any = await self._link.run(functools.partial(_select, sql, params))
        except StoreError as error:
            outcome = error
        except BaseException:  # as in _flush
            _settle(future, StoreError("not read: the read was interrupted"))
            raise
        _settle(future, outcome)


_Insert = tuple[str, tuple[Any, ...], "asyncio.Future[Any]"]  # sql, params, result
_T = TypeVar("_T")
# What a link runs: given the connection and whether this is a retry after a lost connection
# (so a lost commit may have stored it), the result; psycopg.Error only if the connection is lost.
_Operation = Callable[[Any, bool], Awaitable[_T]]

_APPLICATION_NAME = "gofish rooms"  # how the connection shows in pg_stat_activity
# libpq settings the URL may set itself. Without them a network that drops packets silently
# leaves a query waiting for the kernel's keepalive (about 2 hours): probes after 10 s idle,
# and unacknowledged data given up after 20 s, notice it in about half a minute.
_CONNECTION_DEFAULTS = {
    "application_name": _APPLICATION_NAME,
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "5",
    "keepalives_count": "3",
    "tcp_user_timeout": "20000",  # milliseconds
}
_LOCK_KEY = "SELECT hashtext(current_schema() || '.online_rooms')"  # one per schema's rooms
# A session is its server process and when that started: a process number alone may be
# another server's after PostgreSQL restarted.
_SESSION = "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
_LOCK_HOLDERS = (
    "SELECT l.pid, a.backend_start FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
    " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
    " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    " AND l.classid::bigint = %s AND l.objid::bigint = %s"
)
_END_SESSION = ("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE pid = %s AND backend_start = %s")
_TAKEN_OVER = (
    "another gofish rooms server now holds the rooms database: it took it over while this "
    "server's connection to PostgreSQL was lost, so this server no longer writes to it (rooms "
    "live in one server's memory); stop one of the two servers and restart the other"
)


#: How long a closing server waits for PostgreSQL to release the rooms' lock.
UNLOCK_SECONDS = 1.0


async def _let_go_of_the_rooms(db: Any) -> None:
    """Release the rooms' lock before hanging up. PostgreSQL frees a session's locks only
    when its server process ends, a moment after the connection closes, so a rooms server
    started meanwhile (a restart, a second server) would be refused as if this one still
    ran. A dead connection or a slow server is left to that: closing goes on regardless."""
    import psycopg

    with contextlib.suppress(psycopg.Error, TimeoutError):
        await asyncio.wait_for(db.execute("SELECT pg_advisory_unlock_all()"), UNLOCK_SECONDS)


class _PostgresLink:
    """The one connection of a rooms server to PostgreSQL, holding the rooms' advisory lock.

    When an operation finds the connection lost (the server restarted, the network dropped
    it), the link connects again within :attr:`RECONNECT_SECONDS`, takes the lock again and
    runs the operation once more; if another server took the lock meanwhile, every
    operation fails from then on, so that two servers never write the same rooms.
    """

    RECONNECT_SECONDS = 5.0  # then the caller hears that the database cannot be reached
    RETRY_PAUSE_SECONDS = 1.0  # after giving up, fail at once for this long, not queue up

    def __init__(self, url: str) -> None:
        self.url = url
        self.stopping = False
        self._db: Any = None
        self._lock = asyncio.Lock()  # one operation at a time on the connection
        self._key = 0  # the advisory lock's
        self._session: tuple[int, Any] = (0, None)  # the connection's, remembered once lost
        self._taken_over = False
        self._gave_up: tuple[float, str] | None = None  # when reconnecting last failed, and why

    async def open(self) -> None:
        import psycopg

        try:
            self._db = await self._connect()
            for statement in _SCHEMA:
                await self._db.execute(statement)
            cursor = await self._db.execute(_LOCK_KEY)
            self._key = int((await cursor.fetchone())[0])
            claimed = await self._try_claim(self._db)
            self._session = await _session_of(self._db)
        except psycopg.Error as error:
            await self.close()
            raise StoreError(f"cannot open the rooms database: {_one_line(error)}") from None
        except BaseException:  # cancelled (Ctrl-C as the server starts): let go of the lock
            await self.close()
            raise
        if not claimed:
            await self.close()
            raise StoreError(_IN_USE.format(where="the rooms database"))

    async def close(self) -> None:
        self.stopping = True
        db, self._db = self._db, None
        if db is None:
            return
        if not db.closed and not self._lock.locked():  # not under an operation: see run()
            await _let_go_of_the_rooms(db)
        await db.close()

    def check_usable(self) -> None:
        if self.stopping or self._db is None:
            raise StoreError("the rooms database is not open")
        if self._taken_over:
            raise StoreError(_TAKEN_OVER)

    async def run(self, operation: _Operation[_T]) -> _T:
        """``operation``'s result, on a connection made again (and the operation tried once
        more) if it was lost; StoreError if it cannot be made again."""
        import psycopg

        async with self._lock:
            self.check_usable()
            db = self._db  # close may drop it from the link while the operation runs
            attempted = not db.closed
            if attempted:
                try:
                    return await operation(db, False)
                except psycopg.Error as error:
                    if not db.closed:  # an operation lets through only a lost connection
                        raise StoreError(f"the rooms database failed: {_one_line(error)}") from None
            await self._reconnect()
            try:
                return await operation(self._db, attempted)
            except psycopg.Error as error:
                raise StoreError("the rooms database failed again after reconnecting: "
                                 f"{_one_line(error)}"
                                 ) from None

    async def _connect(self) -> Any:
        import psycopg
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        given = conninfo_to_dict(self.url)
        defaults = {name: value for name, value in _CONNECTION_DEFAULTS.items()
                    if name not in given}  # the URL's own win
        conninfo = make_conninfo(self.url, **defaults)
        return await psycopg.AsyncConnection.connect(conninfo, autocommit=True)

    async def _try_claim(self, db: Any) -> bool:
        """Take the session advisory lock: the database's one rooms server is the connection
        holding it (see :func:`_claim_for_one_server`)."""
        cursor = await db.execute("SELECT pg_try_advisory_lock(%s::bigint)", (self._key,))
        row = await cursor.fetchone()
        return bool(row[0])

    async def _reconnect(self) -> None:
        import psycopg

        loop = asyncio.get_running_loop()
        if self._gave_up is not None and loop.time() < self._gave_up[0] + self.RETRY_PAUSE_SECONDS:
            raise StoreError(self._gave_up[1])
        deadline = loop.time() + self.RECONNECT_SECONDS
        try:
            db = await self._connect_by(deadline)
        except StoreError as error:
            self._gave_up = (loop.time(), str(error))
            raise
        try:
            await self._reclaim(db, deadline)
            session = await _session_of(db)
        except psycopg.Error as error:
            await db.close()
            raise StoreError(f"cannot reach the rooms database: {_one_line(error)}") from None
        except BaseException:
            await db.close()
            raise
        self._db, self._session, self._gave_up = db, session, None

    async def _connect_by(self, deadline: float) -> Any:
        """A new connection, tried with a growing pause until ``deadline``."""
        import psycopg

        loop = asyncio.get_running_loop()
        pause, attempts, refusal, unanswered = 0.05, 0, "", False
        while not self.stopping and (left := deadline - loop.time()) > 0:
            attempts += 1
            try:
                return await asyncio.wait_for(self._connect(), left)
            except psycopg.Error as error:
                refusal = _one_line(error)
            except TimeoutError:
                unanswered = True
            await asyncio.sleep(max(0.0, min(pause, deadline - loop.time())))
            pause = min(2 * pause, 1.0)
        self.check_usable()  # closed meanwhile: say so, not that the server is away
        # The server's last refusal says why; "no answer" only if none came. The last
        # attempt is often cut short by the deadline, and on a busy machine that hid
        # "the database is not accepting connections" behind "no answer".
        problem = refusal or ("no answer" if unanswered else "no time left")
        raise StoreError(
            f"cannot reach the rooms database: the connection to PostgreSQL was lost and "
            f"{_attempts(attempts)} in {self.RECONNECT_SECONDS:g} s to connect again failed "
            f"({problem}); the next read or write tries again"
        )

    async def _reclaim(self, db: Any, deadline: float) -> None:
        """Take the lock again on the new connection ``db``. The lost session may hold it a
        moment more (or, the network cut, until the server notices): that one is ended. Any
        other holder is another rooms server: this one is taken over for good."""
        loop = asyncio.get_running_loop()
        while not await self._try_claim(db):
            holders = await self._lock_holders(db)
            if any(holder != self._session for holder in holders):
                self._taken_over = True
                raise StoreError(_TAKEN_OVER)
            if holders:
                await db.execute(_END_SESSION, self._session)
            if loop.time() >= deadline:
                raise StoreError("cannot take the rooms database again: this server's lost "
                                 "connection still holds it on the PostgreSQL server")
            await asyncio.sleep(0.05)

    async def _lock_holders(self, db: Any) -> list[tuple[int, Any]]:
        high, low = (self._key >> 32) & 0xFFFFFFFF, self._key & 0xFFFFFFFF
        cursor = await db.execute(_LOCK_HOLDERS, (high, low))
        return [(int(pid), started) for pid, started in await cursor.fetchall()]


def _attempts(count: int) -> str:
    """ "1 attempt", "3 attempts"; none when the time ran out before the first."""
    if count == 0:
        return "no attempt"
    return "1 attempt" if count == 1 else f"{count} attempts"


async def _session_of(db: Any) -> tuple[int, Any]:
    cursor = await db.execute(_SESSION)
    pid, started = await cursor.fetchone()
    return int(pid), started


_UNKNOWN: Any = object()  # an insert's outcome not known yet


async def _commit_batch(batch: list[_Insert], outcomes: list[Any], db: Any,
                        in_doubt: bool) -> None:
    """Set each insert's outcome still unknown: None, DuplicateKey or StoreError."""
    import psycopg

    todo = [index for index, outcome in enumerate(outcomes) if outcome is _UNKNOWN]
    try:
        async with db.transaction():
            for index in todo:
                sql, params, _ = batch[index]
                await db.execute(_placeholders(sql), params)
    except psycopg.Error:
        if db.closed:
            raise  # lost: the link connects again and runs the rest once more
    else:
        for index in todo:
            outcomes[index] = None
        return
    # One bad insert spoils the batch: each alone, so that only it fails.
    for index in todo:
        sql, params, _ = batch[index]
        outcomes[index] = await _insert_alone(db, sql, params, in_doubt)


async def _insert_alone(db: Any, sql: str, params: tuple[Any, ...], in_doubt: bool) -> Any:
    import psycopg

    try:
        await db.execute(_placeholders(sql), params)
    except psycopg.errors.UniqueViolation as error:
        if in_doubt and await _stored_already(db, sql, params):
            return None  # the commit whose answer was lost with the connection stored it
        return DuplicateKey(str(error))
    except psycopg.Error as error:
        if db.closed:
            raise
        return StoreError(f"cannot write to the rooms database: {error}")
    return None


# Each insert's row as stored, by its key (the first so many of its parameters).
_SELECT_ENTRY = "SELECT kind, data, created_at FROM online_entries WHERE room = ? AND seq = ?"
_STORED_ROW = {_INSERT_ROOM: (_SELECT_ROOM, 1), _INSERT_ENTRY: (_SELECT_ENTRY, 2)}


async def _stored_already(db: Any, sql: str, params: tuple[Any, ...]) -> bool:
    """Whether the row ``sql`` inserts with ``params`` is stored just so."""
    select, key_size = _STORED_ROW[sql]
    cursor = await db.execute(_placeholders(select), params[:key_size])
    row = await cursor.fetchone()
    return row is not None and tuple(row) == params[key_size:]


async def _select(sql: str, params: tuple[Any, ...], db: Any, in_doubt: bool
                  ) -> list[tuple[Any, ...]]:
    import psycopg

    try:
        cursor = await db.execute(_placeholders(sql), params)
        rows: list[tuple[Any, ...]] = await cursor.fetchall()
    except psycopg.Error as error:
        if db.closed:
            raise
        raise StoreError(f"cannot read the rooms database: {error}") from None
    return rows


def _placeholders(sql: str) -> str:
    return sql.replace("?", "%s")  # psycopg's


def _settle_batch(batch: list[_Insert], outcomes: list[Any], failure: StoreError) -> None:
    """Each caller its insert's outcome, ``failure`` where that is still unknown."""
    for (_, _, future), outcome in zip(batch, outcomes, strict=True):
        _settle(future, failure if outcome is _UNKNOWN else outcome)


def _fail(inserts: list[_Insert], error: StoreError) -> None:
    for _, _, future in inserts:
        _settle(future, error)


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

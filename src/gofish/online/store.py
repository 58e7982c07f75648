"""Durable rooms: a rooms table and an append-only table of room entries.

Nothing is ever updated or deleted: a room is its row plus its entries in
order, and :class:`gofish.online.room.Room` rebuilt by replaying them is the
room as it was. SQLite (the default) and PostgreSQL (psycopg 3) share the SQL;
only the driver calls differ.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from abc import ABC, abstractmethod
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
        kind       TEXT NOT NULL,      -- seat, bot, unseat, start, ask
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


class SqliteStore(RoomStore):
    """One connection, used only from the event loop; WAL so a killed server loses nothing.

    Writes are tiny single-row inserts that finish in microseconds, so they run
    inline rather than on a thread. ``synchronous=NORMAL`` in WAL mode survives a
    killed process (the case this server cares about); only a power cut could
    drop the last transactions.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(
                str(Path(self.path).expanduser()) if self.path != ":memory:" else self.path,
                isolation_level=None,
                check_same_thread=False,
                timeout=5.0,
            )
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            for statement in _SCHEMA:
                db.execute(statement)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the rooms database {self.path}: {error}") from None
        self._db = db

    async def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("the rooms database is not open")
        return self._db

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        try:
            self._connection().execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise DuplicateKey(str(error)) from None
        except sqlite3.Error as error:
            raise StoreError(f"cannot write to the rooms database: {error}") from None

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the rooms database: {error}") from None


class PostgresStore(RoomStore):
    """psycopg 3's async connection, in autocommit: each insert is durable when it returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._db: Any = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "a postgresql:// database needs psycopg: pip install 'gofish[postgres]'"
            ) from None
        try:
            self._db = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            for statement in _SCHEMA:
                await self._db.execute(statement)
        except psycopg.Error as error:
            raise StoreError(f"cannot open the rooms database: {error}") from None

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        import psycopg

        try:
            async with self._lock:
                await self._db.execute(sql.replace("?", "%s"), params)
        except psycopg.errors.UniqueViolation as error:
            raise DuplicateKey(str(error)) from None
        except psycopg.Error as error:
            raise StoreError(f"cannot write to the rooms database: {error}") from None

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        import psycopg

        try:
            async with self._lock:
                cursor = await self._db.execute(sql.replace("?", "%s"), params)
                rows: list[tuple[Any, ...]] = await cursor.fetchall()
                return rows
        except psycopg.Error as error:
            raise StoreError(f"cannot read the rooms database: {error}") from None


def store_for(database_url: str | None) -> RoomStore:
    """The store for ``postgresql://…``, ``sqlite:///path``, a plain path or None (default)."""
    if database_url is None:
        database_url = os.environ.get(DATABASE_ENV, "").strip() or None
    if database_url is None:
        return SqliteStore(str(_data_home() / "gofish" / "rooms.sqlite3"))
    if database_url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(database_url)
    if database_url.startswith("sqlite:///"):
        return SqliteStore(database_url.removeprefix("sqlite:///") or ":memory:")
    if "://" in database_url:
        scheme = database_url.split("://", 1)[0]
        raise StoreError(
            f"unsupported database {scheme}://: use a file path, sqlite:///path or postgresql://…"
        )
    return SqliteStore(database_url)


def _data_home() -> Path:
    base = os.environ.get("XDG_DATA_HOME")
    return Path(base) if base else Path.home() / ".local" / "share"

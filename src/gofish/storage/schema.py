"""The database schema and its migrations.

``MIGRATIONS[n]`` upgrades a database from version ``n`` to ``n + 1``; the
current version is kept in the one-row ``schema_version`` table. Add a
migration at the end, never edit an old one.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final

from gofish.storage.errors import DamagedFileError, StorageError, recover_hint
from gofish.storage.salvage import is_damage

MIGRATIONS: Final[tuple[str, ...]] = (
    # 0 -> 1: games and their seats.
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        record        TEXT    NOT NULL,  -- the game record (RULES.md), JSON
        source        TEXT    NOT NULL,  -- which app stored it: terminal, web, ...
        rules         TEXT    NOT NULL,  -- the record's rules value, JSON
        rules_preset  TEXT    NOT NULL,
        rules_options TEXT    NOT NULL,  -- house rules that differ from the preset, JSON
        rules_label   TEXT    NOT NULL,  -- e.g. 'classic (lucky_draw=false)'
        players       INTEGER NOT NULL,
        over          INTEGER NOT NULL,  -- 0 or 1
        winners       TEXT,              -- JSON list of seats, NULL while in progress
        books         TEXT    NOT NULL,  -- JSON list: books per seat
        actions       INTEGER NOT NULL,  -- number of asks played
        created_at    TEXT    NOT NULL,  -- UTC, ISO 8601
        updated_at    TEXT    NOT NULL,
        finished_at   TEXT
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL,
        name    TEXT    NOT NULL,
        bot     TEXT,                    -- NULL for a human
        books   INTEGER NOT NULL,
        result  TEXT,                    -- 'win', 'shared', 'loss'; NULL while in progress
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
    CREATE INDEX games_unfinished ON games (over, updated_at DESC);
    """,
    # 1 -> 2: which deal of a seeded table a game is, so that a resumed table deals on
    # from it. NULL for unseeded games and games stored before.
    """
    ALTER TABLE games ADD COLUMN deal TEXT;  -- JSON {"seed": seed, "number": n}, or NULL
    """,
)

SCHEMA_VERSION: Final = len(MIGRATIONS)

#: How a connection that may not write reads an older schema (the key: its version and
#: the one it is read as) as the current one, in its temporary schema: views of the same
#: name hide the stored tables. A database on read-only storage cannot be migrated, and
#: its games were refused outright. Add one beside each migration that a view can stand
#: in for.
READ_AS_NEWER: Final[dict[tuple[int, int], tuple[str, ...]]] = {
    (1, 2): ("CREATE TEMP VIEW games AS SELECT *, NULL AS deal FROM main.games",),
}


def read_version(connection: sqlite3.Connection) -> int:
    has_table = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if has_table is None:
        return 0
    row = connection.execute("SELECT version FROM schema_version").fetchone()
    if row is None:
        return 0
    version = row[0]
    # gofish writes a whole number from 1 up (the column's INTEGER affinity keeps it one);
    # text, a blob or a number below 1 is damage, or another program's doing.
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"its schema version is {version!r}, which gofish never writes")
    return version


def migrate(connection: sqlite3.Connection, path: Path, *, read_only: bool = False
            ) -> int | None:
    """Bring the schema up to date in one transaction (a no-op when it already is).

    A ``read_only`` connection cannot: a database with no tables yet (made empty, and
    its first save never came) is given empty ones in the connection's temporary schema,
    so it reads as holding no games, not as "cannot write" to a command that only reads;
    one of an older schema is read through views as the current one (``READ_AS_NEWER``),
    and its version returned. None when the schema is (now) the current one.
    """
    connection.execute("BEGIN")  # one snapshot for every look
    try:
        version = _gofish_version(connection, path, read_only)
    finally:
        # Only read: nothing to commit, and a COMMIT after a read that met a damaged
        # page fails with that error again.
        if connection.in_transaction:  # not if an error undid it already
            connection.execute("ROLLBACK")
    if version == SCHEMA_VERSION:
        return None
    if read_only:
        _read_as_empty(connection, path, version)
        return version or None
    # executescript commits first, so run each statement inside our own transaction.
    connection.execute("BEGIN IMMEDIATE")
    try:
        # Again, with the write lock: another gofish (maybe a newer one) may have
        # migrated meanwhile; its version must not be written over with ours.
        version = _gofish_version(connection, path)
        if version < SCHEMA_VERSION:
            for step in MIGRATIONS[version:]:
                for statement in _statements(step):
                    connection.execute(statement)
            connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            connection.execute("DELETE FROM schema_version")
            connection.execute("INSERT INTO schema_version (version) VALUES (?)",
                               (SCHEMA_VERSION,))
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return None


def _gofish_version(connection: sqlite3.Connection, path: Path, read_only: bool = False
                    ) -> int:
    """The schema version of a gofish database this gofish can use; StorageError for a
    newer one or another program's. Call it inside a transaction: the version and the
    tables read apart, a database another gofish was making between the two looks
    seemed to have tables and no version, another program's. ``read_only``, a version
    on a damaged page is the current one if the tables have every column of it: read
    so, the games of a file damaged only there can be recovered (``gofish recover``
    reads it so), where none could; opened to write, the damage is said."""
    try:
        version = _version_read(connection, read_only)
    except sqlite3.DatabaseError as error:
        # gofish's own tables around a damaged version page: damage, not another file
        # ("damaged or is not a gofish database"), and read-only it still reads.
        if is_damage(error) and _missing_part(connection, 1) is None:
            raise DamagedFileError(path, str(error)) from None
        raise
    except ValueError as damage:
        raise StorageError(
            f"the games database {path} is damaged or is not a gofish database ({damage}); "
            f"if it is damaged, {recover_hint(path)}; else move it away to start a fresh one, "
            "or choose another file with --database or $GOFISH_DB") from None
    if version > SCHEMA_VERSION:
        raise StorageError(
            f"the games database {path} was written by a newer gofish (schema {version}, "
            f"this version knows up to {SCHEMA_VERSION}): upgrade gofish to read it"
        )
    if version == 0 and _has_tables(connection):
        raise StorageError(
            f"{path} is an SQLite database of another program, not a gofish games "
            "database: choose another file with --database or $GOFISH_DB"
        )
    if version and (missing := _missing_part(connection, version)):
        raise StorageError(
            f"the games database {path} is not as gofish makes it ({missing}: changed by "
            "another program or by hand), so its games cannot be read; move it away to "
            "start a fresh one, or choose another file with --database or $GOFISH_DB")
    return version


def _version_read(connection: sqlite3.Connection, read_only: bool) -> int:
    """``read_version``, or with ``read_only`` for one on a damaged page the latest
    version whose every table and column the database has: an older gofish's file
    (schema 1, no deal column) is read as that, not refused as the current one was."""
    try:
        return read_version(connection)
    except sqlite3.DatabaseError as error:
        if not (read_only and is_damage(error)):
            raise
        fitting = [version for version in range(SCHEMA_VERSION, 0, -1)
                   if _missing_part(connection, version) is None]
        if not fitting:
            raise
        return fitting[0]


def version_damage(connection: sqlite3.Connection) -> str | None:
    """SQLite's words on the damaged page of the schema version, which a read-only
    connection read past (``_version_read``), for the store to say; None if it reads."""
    try:
        read_version(connection)
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            raise
        return str(error)
    except ValueError:  # not damage: said when it was read
        return None
    return None


#: The columns of each table that gofish reads and writes, as schema 1 made them.
_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    "games": ("id", "record", "source", "rules", "rules_preset", "rules_options",
              "rules_label", "players", "over", "winners", "books", "actions", "created_at",
              "updated_at", "finished_at"),
    "seats": ("game_id", "seat", "name", "bot", "books", "result"),
}
#: The columns a later schema added: version -> table -> columns.
_ADDED_COLUMNS: Final[dict[int, dict[str, tuple[str, ...]]]] = {2: {"games": ("deal",)}}


def _missing_part(connection: sqlite3.Connection, version: int) -> str | None:
    """What a gofish database of schema ``version`` lacks of the tables and columns that
    version has, or None: a table dropped or a column removed (another program, by hand)
    was "cannot be used: no such table: seats" at the first read, which no command mends
    (gofish recover found nothing damaged)."""
    for table, columns in _COLUMNS.items():
        found = {row[1] for row in connection.execute(f"PRAGMA main.table_info({table})")}
        if not found:
            return f"its {table} table is missing"
        wanted = columns + tuple(added for later, tables in _ADDED_COLUMNS.items()
                                 if later <= version for added in tables.get(table, ()))
        missing = [column for column in wanted if column not in found]
        if missing:
            return f"its {table} table has no {missing[0]} column"
    return None


def _read_as_empty(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """The tables of an empty database, made in the temporary schema of a read-only
    connection; from then on it may not write even there, or a save would go to tables
    that vanish when it closes instead of to the fallback file."""
    if version:
        _read_as_current(connection, path, version)
        return
    for step in MIGRATIONS:
        for statement in _statements(step):
            statement = statement.replace("CREATE TABLE ", "CREATE TEMP TABLE ", 1)
            connection.execute(statement.replace("CREATE INDEX ", "CREATE INDEX temp.", 1))
    connection.execute("PRAGMA query_only = ON")


def _read_as_current(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """The stored tables of an older schema, seen through views as the current ones; a
    StorageError if no view can stand in for its migration (temporary tables would hide
    the real ones, and their games)."""
    stand_ins = READ_AS_NEWER.get((version, SCHEMA_VERSION))
    if stand_ins is None:
        raise StorageError(f"the games database {path} must be upgraded (to schema "
                           f"{SCHEMA_VERSION}) by a user who may write it")
    for statement in stand_ins:
        connection.execute(statement)
    connection.execute("PRAGMA query_only = ON")


def _has_tables(connection: sqlite3.Connection) -> bool:
    row = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchone()
    return row is not None


def _statements(script: str) -> list[str]:
    """Split a migration into statements (they contain no semicolons in strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]

"""Reading what a damaged database file still holds, one game at a time.

A page of the file overwritten (a failing disk, a bad copy) makes SQLite refuse every
query that walks over it ("database disk image is malformed"), so a list of all the games
failed for all of them. Read by id, each game stored away from the bad page reads as
before, and those on it can be named. Nothing here writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple


class GameKey(NamedTuple):
    """Where a game sits in the history's order (``updated_at``, then ``id``, both as
    SQLite orders them: text before blobs), and whether it is over (None: unreadable)."""

    blob: bool
    raw: bytes  # updated_at as stored; empty when neither the row nor the index reads
    id: int
    over: object

    @property
    def time_unknown(self) -> bool:
        """Whether neither the row nor the index gave the game's time: its place in the
        history's order is not known, so it is listed last."""
        return self.over is None and not self.raw


#: What every row gofish writes in the games table holds: its columns declared NOT NULL,
#: which SQLite never lets be NULL. A row without them is another table's, read from its
#: page where damage (pages swapped, or one copied over another) put it among the games':
#: a row of seats has six columns, the others read as NULL. Its id was never a game's.
#: Asked by typeof: SQLite takes "IS NOT NULL" of a NOT NULL column as true unread.
A_GAMES_ROW = " AND ".join(f"typeof({column}) <> 'null'" for column in (
    "record", "source", "rules", "rules_preset", "rules_options", "rules_label", "players",
    "over", "books", "actions", "created_at", "updated_at"))


def is_damage(error: sqlite3.Error) -> bool:
    """Whether ``error`` is SQLite finding a damaged page (not a lock, a full disk...)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_CORRUPT") or "malformed" in str(error)


def game_keys(connection: sqlite3.Connection) -> list[GameKey]:
    """The key of every stored game that can still be found, damaged ones included."""
    indexed = _keys_in_index(connection)
    ids = list(indexed) if indexed is not None else _ids_by_walking(connection)
    keys = []
    for game_id in ids:
        try:
            row = connection.execute(
                "SELECT CAST(updated_at AS BLOB), typeof(updated_at) = 'blob', over "
                f"FROM games WHERE id = ? AND {A_GAMES_ROW}", (game_id,)).fetchone()
        except sqlite3.DatabaseError as error:
            if not is_damage(error):
                raise
        else:
            if row is not None:
                keys.append(GameKey(bool(row[1]), bytes(row[0] or b""), game_id, row[2]))
                continue
            if indexed is None:  # walking: an id probed for was never used, or deleted
                continue
            # listed by the index, but its row is not where its id says: damaged too
        blob, raw = (indexed or {}).get(game_id, (False, b""))
        keys.append(GameKey(blob, raw, game_id, None))
    return keys


def table_and_index_ids(connection: sqlite3.Connection) -> set[int]:
    """Every game's id: those the table's own pages hold, walked without an index (the
    damage error if a page of them cannot be read), and those the index lists
    (:func:`indexed_ids`)."""
    walked = _times(connection.execute(
        f"SELECT id, {_TIME_COLUMNS} FROM games NOT INDEXED WHERE {A_GAMES_ROW}").fetchall())
    return walked.keys() | indexed_ids(connection, walked)


def indexed_ids(connection: sqlite3.Connection,
                walked: Mapping[int, tuple[bool, bytes]]) -> set[int]:
    """Every game's id as the history's index holds it (none if the index is damaged
    too): a row that a damaged page keeps under another id is still listed there. Not an
    id the damage made up in the index itself (``walked``: the table's ids and times):
    the row it names is in its place under its own id, which the index leaves out, and
    has the entry's time. The table never held that id."""
    indexed = _keys_in_index(connection) or {}
    unlisted_times = {times for game_id, times in walked.items()
                      if game_id not in indexed and _in_place(connection, game_id)}
    return {game_id for game_id, times in indexed.items()
            if game_id in walked or times not in unlisted_times}


def _in_place(connection: sqlite3.Connection, game_id: int) -> bool:
    """Whether a search by ``game_id`` finds its row (one a damaged page gave another id
    is out of place, and is not found by either)."""
    try:
        return connection.execute("SELECT 1 FROM games WHERE id = ?",
                                  (game_id,)).fetchone() is not None
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            raise
        return False


def listed_in_index(connection: sqlite3.Connection, game_id: int) -> bool:
    """Whether the history's index lists ``game_id``, whose row a search by its id did not
    find: then a damaged page holds that row out of place. False when the index cannot be
    read (or is not there: an older schema read as it is), as for an id never given out."""
    try:
        row = connection.execute("SELECT 1 FROM games INDEXED BY games_by_update WHERE id = ?",
                                  (game_id,)).fetchone()
    except sqlite3.DatabaseError:
        return False
    return row is not None


def _keys_in_index(connection: sqlite3.Connection) -> dict[int, tuple[bool, bytes]] | None:
    """Every game's id and time from the history's index, which holds both and so is read
    without the table's pages; None if the index is damaged too."""
    try:
        rows = connection.execute(
            f"SELECT id, {_TIME_COLUMNS} FROM games ORDER BY updated_at DESC, id DESC"
        ).fetchall()
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            raise
        return None
    return _times(rows)


#: A game's time as the history's index keeps it: a blob or not, and its bytes.
_TIME_COLUMNS = "typeof(updated_at) = 'blob', CAST(updated_at AS BLOB)"


def _times(rows: list[Any]) -> dict[int, tuple[bool, bytes]]:
    return {game_id: (bool(blob), bytes(raw or b"")) for game_id, blob, raw in rows}


def _ids_by_walking(connection: sqlite3.Connection) -> Iterator[int]:
    """Every id in the table, each found from the one before it, and across a damaged
    page every id up to the first one found past it (any of them may be a game there)."""
    largest = largest_id(connection)
    current = 0
    while current < largest:
        try:
            row = connection.execute(
                f"SELECT min(id) FROM games WHERE id > ? AND {A_GAMES_ROW}",
                (current,)).fetchone()
        except sqlite3.DatabaseError as error:
            if not is_damage(error):
                raise
            current += 1
        else:
            if row[0] is None:
                return
            current = row[0]
        yield current


def largest_id(connection: sqlite3.Connection) -> int:
    """The largest id given out (to look for every id up to it, or to give none of them
    out again); the damage error again if neither place that knows it can be read."""
    found: list[int] = []
    failure: sqlite3.DatabaseError | None = None
    # The last row that is a game's, walked back from the end: a row of another table's
    # page there (see A_GAMES_ROW) has an id no game was given.
    for query in ("SELECT seq FROM sqlite_sequence WHERE name = 'games'",
                  f"SELECT id FROM games WHERE {A_GAMES_ROW} ORDER BY id DESC LIMIT 1"):
        try:
            row = connection.execute(query).fetchone()
        except sqlite3.DatabaseError as error:
            if not is_damage(error):
                raise
            failure = error
            continue
        if row is not None and isinstance(row[0], int):
            found.append(row[0])
    if not found and failure is not None:
        raise failure
    return max(found, default=0)

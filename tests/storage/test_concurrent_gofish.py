"""Several gofish on one games database at once: a terminal game, `gofish serve`, a
`gofish history`. Each race is made to happen here, at the worst moment, by a hook
that runs the other gofish's step there (found by a stress run of several processes
saving, reading and moving rescued games in at once)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.storage import StorageError, Store, fallback, schema
from gofish.storage.fallback import fallback_path, write_fallback

from .helpers import EMMA, YOU, played_game


def _rescued(db_path: Path, seed: int, asks: int | None = None) -> dict[str, Any]:
    """A game as write_fallback keeps it when the database refused it."""
    return {"record": gofish.game_to_record(played_game(seed=seed, asks=asks)),
            "seats": [YOU, EMMA], "game_id": None, "source": "terminal", "reason": "locked"}


def test_two_gofish_moving_one_rescued_game_in_at_once_add_it_once(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = Store(db_path), Store(db_path, timeout=0.01)
    write_fallback(db_path, _rescued(db_path, seed=31))
    monkeypatch.setattr("gofish.storage.store.time.sleep", lambda seconds: None)
    look = Store._games_with_deal

    def other_moves_it_in_meanwhile(self: Store, *args: Any) -> dict[int, list[Any]]:
        found = look(self, *args)
        if self is first:  # after the first looked for the game, before it adds it
            second.recover_unsaved()
        return found

    monkeypatch.setattr(Store, "_games_with_deal", other_moves_it_in_meanwhile)
    first.recover_unsaved()
    assert first.count() == 1
    assert not fallback_path(db_path).exists()
    first.close()
    second.close()


def test_a_game_rescued_while_others_are_moved_in_is_kept(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file was removed once its games were in: one appended meanwhile went with it.
    with Store(db_path) as store:
        write_fallback(db_path, _rescued(db_path, seed=32))
        recover_one = Store._recover_one

        def another_save_fails_meanwhile(self: Store, entry: dict[str, Any]) -> int | None:
            if entry["record"] == _rescued(db_path, seed=32)["record"]:
                write_fallback(db_path, _rescued(db_path, seed=33, asks=4))
            return recover_one(self, entry)

        monkeypatch.setattr(Store, "_recover_one", another_save_fails_meanwhile)
        assert len(store.recover_unsaved()) == 1
        [line] = fallback_path(db_path).read_text(encoding="utf-8").splitlines()
        assert json.loads(line)["record"] == _rescued(db_path, seed=33, asks=4)["record"]
        monkeypatch.undo()
        assert len(store.recover_unsaved()) == 1
        assert store.count() == 2 and not fallback_path(db_path).exists()


def test_a_game_rescued_into_a_file_moved_in_meanwhile_is_kept(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file was opened to append, then removed by another gofish that had moved its
    # games in, then written: the game went into a file nobody could find any more.
    db_path.parent.mkdir(parents=True)
    write_fallback(db_path, _rescued(db_path, seed=34))
    fstat, calls = fallback.os.fstat, []

    def drained_after_opening(descriptor: int) -> Any:
        if not calls:
            fallback_path(db_path).unlink()
        calls.append(descriptor)
        return fstat(descriptor)

    monkeypatch.setattr(fallback.os, "fstat", drained_after_opening)
    assert write_fallback(db_path, _rescued(db_path, seed=35)) == fallback_path(db_path)
    monkeypatch.undo()
    [line] = fallback_path(db_path).read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["record"] == _rescued(db_path, seed=35)["record"]


def _wal_database_without_tables(db_path: Path) -> None:
    """A database another gofish has just made: WAL mode, no tables yet."""
    db_path.parent.mkdir(parents=True)
    connection = sqlite3.connect(db_path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.close()


def _tables_made_after_first_look(monkeypatch: pytest.MonkeyPatch, make: Any) -> None:
    """Run ``make`` (another gofish making the tables) right after the first look at the
    schema version."""
    read_version, looks = schema.read_version, []

    def then_made(connection: sqlite3.Connection) -> int:
        version = read_version(connection)
        looks.append(version)
        if len(looks) == 1:
            make()
        return version

    monkeypatch.setattr(schema, "read_version", then_made)


def test_a_database_made_by_another_gofish_while_opening_it_opens(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its tables appeared between the look at the version and the look at the tables:
    # "an SQLite database of another program".
    _wal_database_without_tables(db_path)
    _tables_made_after_first_look(monkeypatch, lambda: Store(db_path).close())
    with Store(db_path) as store:
        assert store.count() == 0
        store.save(gofish.game_to_record(played_game(seed=36)), seats=[YOU, EMMA])


def test_a_database_a_newer_gofish_upgraded_while_opening_it_is_not_written_over(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _wal_database_without_tables(db_path)
    newer = schema.SCHEMA_VERSION + 1

    def newer_gofish_makes_it() -> None:
        connection = sqlite3.connect(db_path, isolation_level=None)
        connection.executescript(schema.MIGRATIONS[0] + (
            f"CREATE TABLE schema_version (version INTEGER NOT NULL);"
            f"INSERT INTO schema_version VALUES ({newer});"))
        connection.close()

    _tables_made_after_first_look(monkeypatch, newer_gofish_makes_it)
    with pytest.raises(StorageError, match="written by a newer gofish"):
        Store(db_path)
    monkeypatch.undo()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(newer,)]


def test_a_game_deleted_by_another_gofish_while_read_is_read_whole(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The games were read, then their seats: a game deleted in between had none.
    with Store(db_path) as reader, Store(db_path) as other:
        game_id = reader.save(gofish.game_to_record(played_game(seed=37)), seats=[YOU, EMMA])
        build = Store._build

        def deleted_meanwhile(self: Store, rows: Any) -> Any:
            if self is reader and other.count():
                other.delete(game_id)
            return build(self, rows)

        monkeypatch.setattr(Store, "_build", deleted_meanwhile)
        assert reader.get(game_id).seats == [YOU, EMMA]
        assert other.count() == 0
        assert reader.list_games() == []


def test_a_new_database_another_gofish_is_making_opens_once_it_is_made(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two gofish opening a new database at once both turn on WAL mode; SQLite refuses
    # one at once ("database is locked"), and its game went to the fallback file.
    db_path.parent.mkdir(parents=True)
    db_path.touch()
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other gofish, halfway through making it
    pauses: list[float] = []

    def other_done_meanwhile(seconds: float) -> None:
        if other.in_transaction:
            other.execute("ROLLBACK")
        pauses.append(seconds)

    monkeypatch.setattr("gofish.storage.store.time.sleep", other_done_meanwhile)
    try:
        with Store(db_path, timeout=0.01) as store:
            assert store.count() == 0 and not store.opened_read_only
    finally:
        other.close()
    assert len(pauses) == 1


def _count_in_another_process(db_path: Path) -> int:
    """The games another process sees; it closes its connection, and a connection that
    closes last checkpoints the database and removes its -wal file."""
    script = ("import sqlite3, sys; connection = sqlite3.connect(sys.argv[1]); "
              "print(connection.execute('SELECT COUNT(*) FROM games').fetchone()[0]); "
              "connection.close()")
    done = subprocess.run([sys.executable, "-c", script, str(db_path)], check=True,
                          capture_output=True, text=True, timeout=60)
    return int(done.stdout)


def test_opening_a_second_store_keeps_the_first_ones_saves_where_others_see_them(
    db_path: Path,
) -> None:
    # The second store's check read the file and closed it, which dropped every lock this
    # process held on it, the first store's too: another gofish then took itself for the
    # last one, removed the -wal file, and the first store's later saves went into it.
    with Store(db_path) as first:
        first.save(gofish.game_to_record(played_game(seed=38)), seats=[YOU, EMMA])
        Store(db_path).close()
        assert _count_in_another_process(db_path) == 1
        assert os.path.exists(f"{db_path}-wal")
        first.save(gofish.game_to_record(played_game(seed=39)), seats=[YOU, EMMA])
        assert _count_in_another_process(db_path) == 2

"""The databases gofish makes are its owner's only: they hold whole deals (every hand and
the pond of an unfinished game), which other users of a shared machine must not read.
SQLite made them with the umask's permissions, 0644 under the usual 022."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import gofish
from gofish.online.store import SqliteStore
from gofish.storage import Store, open_store

from .helpers import EMMA, YOU, played_game


def _save(store: Store, seed: int) -> None:
    store.save(gofish.game_to_record(played_game(seed=seed)), seats=[YOU, EMMA])


@pytest.fixture(autouse=True)
def _usual_umask() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_games_database_and_its_folder_are_private(tmp_path: Path) -> None:
    path = tmp_path / "data" / "gofish" / "games.sqlite3"
    with open_store(path) as store:
        _save(store, 3)
        side_files = [p for p in path.parent.iterdir() if p != path]
        assert {_mode(p) for p in side_files} <= {0o600}  # -wal, -shm: as the database
    assert _mode(path) == 0o600
    assert _mode(path.parent) == 0o700
    with open_store(path) as store:  # the empty file it starts from is a sound database
        assert len(store.list_games()) == 1


def test_an_existing_database_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"
    with open_store(path) as store:
        _save(store, 3)
    path.chmod(0o664)  # shared on purpose by its owner
    with open_store(path) as store:
        _save(store, 4)
    assert _mode(path) == 0o664


def test_a_new_rooms_database_is_private(tmp_path: Path) -> None:
    path = tmp_path / "rooms" / "rooms.sqlite3"
    store = SqliteStore(str(path))

    async def open_and_close() -> None:
        await store.open()
        await store.close()

    asyncio.run(open_and_close())
    assert _mode(path) == 0o600
    assert _mode(path.parent) == 0o700

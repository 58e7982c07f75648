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
from gofish.storage import StorageError, Store, open_store
from gofish.storage import fallback as fallback_module

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


@pytest.fixture
def last_resort(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fallback file in the (shared) temp folder, for a database that refuses games
    and whose folder is a file, so no fallback file beside it can be made either."""
    path = tmp_path / "shared-tmp" / "gofish-you.unsaved.jsonl"
    path.parent.mkdir()
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: path)
    (tmp_path / "in-the-way").write_text("")
    return path


def _nowhere_but_the_temp_folder(tmp_path: Path) -> Path:
    return tmp_path / "in-the-way" / "games.sqlite3"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root can make a file another user's")
def test_a_file_another_user_left_in_the_temp_folder_is_not_written_to(
    tmp_path: Path, last_resort: Path
) -> None:
    # Made there beforehand (0666) by another user, it received every hand of the game.
    last_resort.write_text("")
    os.chown(last_resort, 12345, 12345)
    database = _nowhere_but_the_temp_folder(tmp_path)
    assert not fallback_module.can_keep_games(database)  # so play refuses to deal
    assert fallback_module.write_fallback(database, {"record": {}, "seats": []}) is None
    assert last_resort.read_text() == ""


def test_a_link_in_the_temp_folder_is_not_followed(tmp_path: Path, last_resort: Path) -> None:
    # Another user's link sent the game to a file of their choosing.
    chosen = tmp_path / "chosen.txt"
    chosen.write_text("")
    last_resort.symlink_to(chosen)
    database = _nowhere_but_the_temp_folder(tmp_path)
    assert not fallback_module.can_keep_games(database)
    assert fallback_module.write_fallback(database, {"record": {}, "seats": []}) is None
    assert chosen.read_text() == ""


def test_this_users_own_file_in_the_temp_folder_still_takes_games(
    tmp_path: Path, last_resort: Path
) -> None:
    last_resort.write_text("")
    database = _nowhere_but_the_temp_folder(tmp_path)
    assert fallback_module.can_keep_games(database)
    assert fallback_module.write_fallback(database, {"record": {}, "seats": []}) == last_resort
    assert len(last_resort.read_text().splitlines()) == 1


def test_a_database_made_through_a_link_to_nothing_is_private(tmp_path: Path) -> None:
    # O_EXCL refused the link, so SQLite made the file it points to, readable by all.
    link = tmp_path / "games.sqlite3"
    link.symlink_to(tmp_path / "elsewhere.sqlite3")
    Store(link).close()
    assert stat.S_IMODE((tmp_path / "elsewhere.sqlite3").stat().st_mode) == 0o600


def test_a_link_into_a_missing_directory_is_named(tmp_path: Path) -> None:
    # SQLite said "unable to open", which was called a directory or a missing folder.
    link = tmp_path / "games.sqlite3"
    link.symlink_to(tmp_path / "gone" / "games.sqlite3")
    with pytest.raises(StorageError, match=r"is a link to .*gone.*, in a directory that does"):
        open_store(link)

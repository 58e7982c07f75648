"""A database file with a damaged page is never written into again: a write there can
spread the damage over pages that still read. The game in hand goes to the fallback file
instead, with one message that says what to do, and games waiting there stay there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.storage import StorageError, open_store
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, YOU, played_game
from .test_damaged_pages import GAMES, _overwrite, _pages_of, _stored


@pytest.fixture
def damaged(tmp_path: Path) -> tuple[Path, bytes]:
    """A database of games one of whose games pages (in the middle) is overwritten, as a
    failing disk leaves it: a new game goes on the last page, so SQLite alone writes on."""
    path = tmp_path / "games.sqlite3"
    _stored(path)
    leaves = _pages_of(path, "games")
    return path, _overwrite(path, leaves[len(leaves) // 2])


def _record(seed: int) -> dict[str, object]:
    return gofish.game_to_record(played_game(seed=seed, asks=4))


def test_a_save_into_a_damaged_file_goes_to_the_fallback_file(
        damaged: tuple[Path, bytes]) -> None:
    path, before = damaged
    with open_store(path) as store, pytest.raises(StorageError) as caught:
        store.save(_record(77), seats=[YOU, EMMA])
    message = str(caught.value)
    assert "is damaged" in message, message
    assert f"gofish recover --database {path} gets the games it still holds" in message
    assert "Nothing more is written into it" in message
    assert caught.value.fallback_path == fallback_path(path)
    kept = [json.loads(line) for line in fallback_path(path).read_text().splitlines()]
    assert [entry["record"] for entry in kept] == [_record(77)]  # the game in hand is kept
    assert path.read_bytes() == before


def test_games_waiting_in_the_fallback_file_are_not_moved_into_a_damaged_file(
        damaged: tuple[Path, bytes]) -> None:
    path, before = damaged
    waiting = json.dumps({"record": _record(78), "seats": [YOU, EMMA], "game_id": None,
                          "source": "terminal", "database": str(path)})
    fallback_path(path).write_text(waiting + "\n")
    with open_store(path) as store:
        assert store.damage is not None
        assert [left.lines for left in store.unsaved_left()] == [1]
    assert path.read_bytes() == before


def test_nor_is_a_game_deleted_from_a_damaged_file(damaged: tuple[Path, bytes]) -> None:
    path, before = damaged
    with open_store(path) as store, pytest.raises(StorageError, match="is damaged"):
        store.delete(GAMES)
    assert path.read_bytes() == before


def test_a_sound_file_is_still_written(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _stored(path)
    with open_store(path) as store:
        game_id = store.save(_record(79), seats=[YOU, EMMA])
        assert store.damage is None and store.get(game_id).record == _record(79)


def test_gofish_history_says_the_file_is_damaged_once_it_read_around_a_damaged_index(
        tmp_path: Path) -> None:
    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    stored = _stored(path)
    _overwrite(path, _pages_of(path, "games_by_update")[0])
    result = gofish_cmd("history", "--json", "--limit", "100", "--database", str(path))
    assert sorted(json.loads(line)["id"] for line in result.stdout.splitlines()) == sorted(
        stored)  # every game is still listed...
    assert result.returncode == 1  # ...but the file is damaged: a database problem
    assert f"the games database {path} is damaged" in result.stderr, result.stderr
    assert f"gofish recover --database {path}" in result.stderr
    assert "Traceback" not in result.stderr


def test_every_save_goes_to_the_fallback_file_not_only_the_first(
        damaged: tuple[Path, bytes]) -> None:
    path, before = damaged
    with open_store(path) as store:
        for seed in (80, 81):
            with pytest.raises(StorageError, match="is damaged"):
                store.save(_record(seed), seats=[YOU, EMMA])
    assert len(fallback_path(path).read_text().splitlines()) == 2
    assert path.read_bytes() == before

"""Wrong arguments from Python are refused as StorageError saying what was wrong: a text id
was told "there is no stored game with id 1" while game 1 was there, open_store(5) was a
TypeError from pathlib, and source=5 was stored as the text '5'."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import gofish
from gofish.storage import StorageError, Store, UnknownGameError, open_store, save_game

from .helpers import EMMA, YOU, played_game


def _record() -> dict[str, object]:
    return gofish.game_to_record(played_game(seed=1, asks=2))


@pytest.mark.parametrize(("bad", "kind"), [
    ("1", "text"), (1.0, "a float"), (None, "None"), (True, "True"), (np.True_, "a bool")])
def test_an_id_that_is_not_a_whole_number_is_said_to_be_none(
        store: Store, bad: object, kind: str) -> None:
    game_id = store.save(_record(), seats=[YOU, EMMA])
    assert game_id == 1
    complaint = re.escape(f"with id {bad!r}: a game id is a whole number, not {kind}")
    with pytest.raises(UnknownGameError, match=complaint):
        store.get(bad)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError, match=complaint):
        store.delete(bad)  # type: ignore[arg-type]
    if bad is not None:  # a save without an id stores a new game
        with pytest.raises(UnknownGameError, match=complaint):
            store.save(_record(), seats=[YOU, EMMA], game_id=bad)  # type: ignore[arg-type]
    assert store.count() == 1  # nothing deleted, nothing added


def test_a_missing_whole_id_is_still_only_missing(store: Store) -> None:
    with pytest.raises(UnknownGameError) as caught:
        store.get(7)
    assert str(caught.value) == "there is no stored game with id 7"


def test_numpy_whole_numbers_are_game_ids(store: Store) -> None:
    game_id = store.save(_record(), seats=[YOU, EMMA])
    assert store.get(np.int64(game_id)).id == game_id  # type: ignore[arg-type]
    longer = gofish.game_to_record(played_game(seed=1, asks=3))
    updated = store.save(longer, seats=[YOU, EMMA], game_id=np.int64(game_id))  # type: ignore[arg-type]
    assert updated == game_id and type(updated) is int
    store.delete(np.int32(game_id))  # type: ignore[arg-type]
    assert store.count() == 0


@pytest.mark.parametrize("bad", [5, None, b"games.sqlite3", ["games.sqlite3"]])
def test_a_database_that_is_not_a_path_is_refused(tmp_path: Path, bad: object) -> None:
    complaint = re.escape(f"the games database must be a path (text or a pathlib.Path), "
                          f"not {bad!r}")
    if bad is not None:  # None means the default database
        with pytest.raises(StorageError, match=complaint):
            open_store(bad)  # type: ignore[arg-type]
        with pytest.raises(StorageError, match=complaint):
            save_game(_record(), seats=[YOU, EMMA], path=bad)  # type: ignore[arg-type]
    with pytest.raises(StorageError, match=complaint):
        Store(bad)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("bad", [5, None, b"web"])
def test_a_source_that_is_not_text_is_refused(store: Store, db_path: Path, bad: object) -> None:
    complaint = re.escape(f"source must be a short text naming where the game came from "
                          f"(such as 'terminal' or 'web'), not {bad!r}")
    with pytest.raises(StorageError, match=complaint):
        store.save(_record(), seats=[YOU, EMMA], source=bad)  # type: ignore[arg-type]
    with pytest.raises(StorageError, match=complaint):
        save_game(_record(), seats=[YOU, EMMA], source=bad, path=db_path)  # type: ignore[arg-type]
    assert store.count() == 0


def test_a_bad_source_is_refused_even_when_the_database_cannot_open(tmp_path: Path) -> None:
    # The game would go to the fallback file: a bad source must not be written there either.
    folder = tmp_path / "a folder, not a database"
    folder.mkdir()
    with pytest.raises(StorageError, match="source must be a short text") as caught:
        save_game(_record(), seats=[YOU, EMMA], source=5, path=folder)  # type: ignore[arg-type]
    assert caught.value.fallback_path is None
    assert list(tmp_path.iterdir()) == [folder]


def test_numpy_whole_numbers_limit_a_listing(store: Store) -> None:
    store.save(_record(), seats=[YOU, EMMA])
    store.save(gofish.game_to_record(played_game(seed=2, asks=1)), seats=[YOU, EMMA])
    assert len(store.list_games(limit=np.int64(1), offset=np.int32(1))) == 1


@pytest.mark.parametrize("bad", ["no", 0, 1])
def test_finished_is_true_false_or_none(store: Store, bad: object) -> None:
    # "no" is true: it listed and counted the finished games, silently.
    store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    complaint = re.escape(f"finished must be True, False or None (every game), not {bad!r}")
    with pytest.raises(StorageError, match=complaint):
        store.list_games(finished=bad)  # type: ignore[arg-type]
    with pytest.raises(StorageError, match=complaint):
        store.count(finished=bad)  # type: ignore[arg-type]
    assert store.count(finished=True) == 1 and store.count(finished=False) == 0


def test_human_only_is_true_or_false(store: Store) -> None:
    store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    with pytest.raises(StorageError, match="human_only must be True or False, not 'no'"):
        store.stats(human_only="no")  # type: ignore[arg-type]
    assert {row.player for row in store.stats(human_only=False)} == {"human", "emma"}


@pytest.mark.parametrize("bad", ["x", -1, float("nan"), float("inf"), True])
def test_a_timeout_that_is_not_seconds_is_refused(db_path: Path, bad: object) -> None:
    complaint = re.escape(f"timeout must be a number of seconds from 0 to 2,147,483, "
                          f"not {bad!r}")
    with pytest.raises(StorageError, match=complaint):
        open_store(db_path, timeout=bad)  # type: ignore[arg-type]
    assert not db_path.exists()


def test_a_numpy_timeout_is_seconds(db_path: Path) -> None:
    with open_store(db_path, timeout=np.float64(0.5)) as store:
        assert store.count() == 0


@pytest.mark.parametrize("flag", ["read_only", "recover"])
@pytest.mark.parametrize("bad", ["no", 1, None])
def test_a_flag_that_is_not_true_or_false_is_refused(tmp_path: Path, flag: str,
                                                     bad: object) -> None:
    # read_only="no" is true: it opened the database read-only, and every save then went
    # to the fallback file instead.
    path = tmp_path / "games.sqlite3"
    open_store(path).close()
    with pytest.raises(StorageError, match=re.escape(f"{flag} must be True or False, not {bad!r}")):
        open_store(path, **{flag: bad})  # type: ignore[arg-type]


def test_opening_a_missing_database_read_only_says_it_is_missing(tmp_path: Path) -> None:
    # SQLite's "unable to open" was told as a folder that is missing or not writable.
    path = tmp_path / "games.sqlite3"
    with pytest.raises(StorageError, match=re.escape(
            f"there is no games database at {path}: opened read-only, it is not created")):
        open_store(path, read_only=True)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seat", [2, -1, "0", 0.0, None])
def test_a_result_for_a_seat_the_game_has_not_is_refused(store: Store, seat: object) -> None:
    # A two-player game's seat 5 was a "loss", and seat "0" too, once the game was over.
    game_id = store.save(_record(), seats=[YOU, EMMA])
    game = store.get(game_id)
    with pytest.raises(StorageError, match="seat must be a whole number from 0 to 1"):
        game.result(seat)  # type: ignore[arg-type]
    assert game.result(0) is None  # in progress: no result yet, for a seat it has


@pytest.mark.parametrize("seat", [2, 7, -1, "0", 0.0])
def test_opponents_of_a_seat_the_game_has_not_are_refused(store: Store, seat: object) -> None:
    # Seat 7 of a two-player game listed both players as its opponents.
    game = store.get(store.save(_record(), seats=[YOU, EMMA]))
    with pytest.raises(StorageError, match="seat must be a whole number from 0 to 1"):
        game.opponents(seat)  # type: ignore[arg-type]
    assert game.opponents(1) == ["human"] and game.opponents() == ["emma"]


def test_a_database_path_with_a_nul_character_is_refused_in_words(tmp_path: Path) -> None:
    # The system's "embedded null byte" came out as a ValueError, not a StorageError.
    path = str(tmp_path / "games\0.sqlite3")
    for opening in (lambda: open_store(path), lambda: Store(path),
                    lambda: save_game(_record(), seats=[YOU, EMMA], path=path)):
        with pytest.raises(StorageError, match="has a NUL character in it"):
            opening()
    assert list(tmp_path.iterdir()) == []


def test_skipped_must_be_a_list(store: Store) -> None:
    with pytest.raises(StorageError, match="skipped must be a list"):
        store.latest_unfinished(skipped="x")  # type: ignore[arg-type]
    store.save(_record(), seats=[YOU, EMMA])
    skipped: list[object] = []
    latest = store.latest_unfinished(skipped=skipped)  # type: ignore[arg-type]
    assert latest is not None and skipped == []


@pytest.mark.parametrize("game_id", [10**5000, "9" * 5000], ids=["int", "text"])
def test_a_huge_id_is_quoted_cut_short(store: Store, game_id: object) -> None:
    # Echoed whole (thousands of digits, over a websocket too), and an int past Python's
    # 4,300-digit limit failed with a ValueError while the refusal was being written.
    with pytest.raises(UnknownGameError) as caught:
        store.get(game_id)  # type: ignore[arg-type]
    assert str(caught.value).startswith("there is no stored game with id ")
    assert len(str(caught.value)) < 200


def test_a_long_id_is_cut_as_the_commands_cut_a_long_number(store: Store) -> None:
    with pytest.raises(UnknownGameError) as caught:
        store.get(int("7" * 300))
    assert str(caught.value) == "there is no stored game with id 777777777777… (300 digits)"


@pytest.mark.parametrize("games", [
    [1], [_record()], [(_record(), None)], [("x",)], 5, "games", {"games": []}])
def test_restore_refuses_what_is_not_a_list_of_pairs_of_a_game_and_its_deal(
        store: Store, games: object) -> None:
    # A bare game was a TypeError ("cannot unpack"), a record an AttributeError (.record).
    with pytest.raises(StorageError, match=r"restore takes (a list of )?\(StoredGame, deal\)"):
        store.restore(games)  # type: ignore[arg-type]
    assert store.count() == 0


def test_restore_stores_nothing_when_a_later_entry_is_wrong(tmp_path: Path, store: Store) -> None:
    with open_store(tmp_path / "other.sqlite3") as other:
        other.save(_record(), seats=[YOU, EMMA])
        game = other.get(1)
    with pytest.raises(StorageError, match="not 'x'"):
        store.restore([(game, None), "x"])  # type: ignore[list-item]
    assert store.count() == 0
    assert store.restore(pair for pair in [(game, None)]) == {}  # a generator of pairs
    assert store.get(1).record == game.record


def test_restore_refuses_a_game_given_twice_or_stored_already_naming_it(
        tmp_path: Path, store: Store) -> None:
    # Both were "the games database … cannot be used: UNIQUE constraint failed: games.id",
    # as if the file were at fault.
    with open_store(tmp_path / "other.sqlite3") as other:
        other.save(_record(), seats=[YOU, EMMA])
        game = other.get(1)
    with pytest.raises(StorageError, match="restore was given game 1 twice"):
        store.restore([(game, None), (game, None)])
    assert store.count() == 0
    store.save(_record(), seats=[YOU, EMMA])
    with pytest.raises(StorageError) as caught:
        store.restore([(game, None)])
    assert str(caught.value) == (f"game 1 is stored already in {store.path}: restore stores "
                                 "each game under its own id, so nothing was restored")
    assert store.count() == 1


@pytest.mark.parametrize("deal", [5, "seed 3", [3, 0], {"seed": float("nan")}])
def test_restore_raises_for_a_deal_that_is_no_json_object_and_stores_nothing(
        tmp_path: Path, store: Store, deal: object) -> None:
    # It came back among the refused games, as if the record were at fault, and the games
    # given beside it were stored.
    with open_store(tmp_path / "other.sqlite3") as other:
        for seed in (1, 2):
            other.save(gofish.game_to_record(played_game(seed=seed, asks=2)),
                       seats=[YOU, EMMA])
        first, second = other.get(1), other.get(2)
    with pytest.raises(StorageError, match="deal must be a JSON object"):
        store.restore([(first, None), (second, deal)])  # type: ignore[list-item]
    assert store.count() == 0


@pytest.mark.parametrize("number", ["NaN", "1e400", "-Infinity"])
def test_a_deal_column_holding_nan_reads_as_none_and_the_game_is_recovered(
        tmp_path: Path, store: Store, number: str) -> None:
    # The deal read back from a file edited by hand was given to restore, which now
    # raises for it: recover would have stopped at that game. 1e400 is no constant but a
    # number too large for a float: Python reads it as infinity, which JSON cannot hold.
    from gofish.storage.recovery import recover_database

    from .helpers import damage
    from .test_damaged_pages import _overwrite, _pages_of

    path = tmp_path / "damaged.sqlite3"
    with open_store(path) as damaged:
        for seed in range(1, 31):
            damaged.save(gofish.game_to_record(played_game(seed=seed)), seats=[YOU, EMMA],
                         deal={"seed": 7, "number": seed})
    damage(path, f"UPDATE games SET deal = '{{\"seed\": {number}, \"number\": 1}}' WHERE id = 1")
    damage(path, "PRAGMA wal_checkpoint(TRUNCATE)")
    with open_store(path) as reread:
        assert reread.seeded_deal(1) is None
        assert reread.seeded_deal(2) == {"seed": 7, "number": 2}
    games = _pages_of(path, "games")
    _overwrite(path, games[-1])
    done = recover_database(path)
    assert 1 in done.recovered and done.lost
    with open_store(path) as recovered:
        assert recovered.seeded_deal(1) is None
        assert recovered.seeded_deal(2) == {"seed": 7, "number": 2}

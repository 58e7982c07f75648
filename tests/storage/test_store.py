"""Store round trips: save, list, get, export, update, delete (issue 3, item 4)."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

import gofish
from gofish.storage import StorageError, Store, UnknownGameError, default_db_path, open_store

from .helpers import EMMA, RANDOM, YOU, TickingClock, played_game


def test_a_stored_game_replays_to_the_original(store: Store) -> None:
    game = played_game(seed=3)
    game_id = store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    stored = store.get(game_id)
    exported = json.loads(json.dumps(stored.record))  # what `gofish export` writes
    assert gofish.replay_record(exported) == gofish.snapshot(game)
    assert stored.seats == [YOU, EMMA]
    assert stored.names == ["You", "Emma"]
    assert stored.human_seats == [0]
    assert stored.opponents() == ["emma"]


def test_derived_fields_match_the_game(store: Store) -> None:
    game = played_game("bicycle", players=3, seed=4)
    game_id = store.save(gofish.game_to_record(game), seats=[YOU, EMMA, RANDOM], source="web")
    stored = store.get(game_id)
    assert stored.over is True
    assert stored.winners == list(game.winners or ())
    assert stored.books == [len(books) for books in game.books]
    assert sum(stored.books) == 13  # R17: bicycle plays until every book is down
    assert stored.players == 3
    assert stored.rules == "bicycle"
    assert stored.rules_label == "bicycle"
    assert stored.actions == len(game.actions)
    assert stored.source == "web"
    assert stored.finished_at is not None
    assert stored.created_at == stored.updated_at == stored.finished_at


def test_house_rules_are_kept_and_labelled(store: Store) -> None:
    rules = {"preset": "classic", "lucky_draw": False, "book_size": 2}
    game = played_game(rules, seed=2)
    stored = store.get(store.save(gofish.game_to_record(game), seats=[YOU, EMMA]))
    assert stored.rules == {"preset": "classic", "lucky_draw": False, "book_size": 2}
    assert stored.rules_label == 'classic (lucky_draw=false, book_size=2)'
    assert gofish.replay_record(stored.record) == gofish.snapshot(game)
    card_asks = played_game({"preset": "nordic", "ask": "card"}, seed=2)
    labelled = store.get(store.save(gofish.game_to_record(card_asks), seats=[YOU, EMMA]))
    assert labelled.rules_label == "nordic (ask=card)"


def test_update_an_unfinished_game_then_finish_it(store: Store) -> None:
    game = played_game(seed=5, asks=4)
    record = gofish.game_to_record(game)
    game_id = store.save(record, seats=[YOU, EMMA])
    first = store.get(game_id)
    assert first.over is False and first.winners is None and first.finished_at is None
    assert first.result(0) is None
    assert store.latest_unfinished() == first
    # resume: rebuild, play on, save under the same id
    resumed = first.game()
    assert gofish.snapshot(resumed) == gofish.snapshot(game)
    finished = played_game(seed=5)
    assert gofish.game_to_record(finished)["actions"][:4] == record["actions"]
    assert store.save(gofish.game_to_record(finished), seats=[YOU, EMMA], game_id=game_id) == (
        game_id
    )
    last = store.get(game_id)
    assert last.over is True
    assert last.created_at == first.created_at
    assert last.updated_at > first.updated_at
    assert last.finished_at == last.updated_at
    assert last.winners == list(finished.winners or ())
    assert store.latest_unfinished() is None
    assert store.count() == 1
    # Saving the finished game again keeps the time it finished.
    store.save(gofish.game_to_record(finished), seats=[YOU, EMMA], game_id=game_id)
    assert store.get(game_id).finished_at == last.finished_at


def test_two_tables_on_one_game_never_overwrite_each_others_moves(store: Store) -> None:
    # A browser tab left open on game N while the terminal resumed it and played on:
    # the tab's next save replaced the terminal's moves with its own shorter game.
    opened = gofish.game_to_record(played_game(seed=5, asks=4))
    game_id = store.save(opened, seats=[YOU, EMMA])
    ahead = gofish.game_to_record(played_game(seed=5, asks=10))  # the terminal, 6 asks on
    assert store.save(ahead, seats=[YOU, EMMA], game_id=game_id) == game_id
    stale = gofish.game_to_record(played_game(seed=5, asks=5))  # the tab, one ask on
    assert stale["actions"][:4] == opened["actions"]
    elsewhere = store.save(stale, seats=[YOU, EMMA], game_id=game_id)
    assert elsewhere != game_id  # kept as a game of its own
    assert store.get(game_id).record["actions"] == ahead["actions"]
    assert store.get(elsewhere).record["actions"] == stale["actions"]
    # A record that does carry on from the stored one still updates it in place.
    finished = gofish.game_to_record(played_game(seed=5))
    assert store.save(finished, seats=[YOU, EMMA], game_id=game_id) == game_id
    assert store.count() == 2


def test_list_newest_first_with_filters_and_paging(store: Store) -> None:
    ids = [store.save(gofish.game_to_record(played_game(seed=s)), seats=[YOU, EMMA])
           for s in range(1, 4)]
    unfinished = store.save(gofish.game_to_record(played_game(seed=9, asks=2)), seats=[YOU, EMMA])
    assert [g.id for g in store.list_games()] == [unfinished, *reversed(ids)]
    assert [g.id for g in store.list_games(finished=True)] == list(reversed(ids))
    assert [g.id for g in store.list_games(finished=False)] == [unfinished]
    assert [g.id for g in store.list_games(limit=2, offset=1)] == [ids[2], ids[1]]
    assert store.list_games(limit=0) == []
    # touching an old game moves it to the front
    store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA], game_id=ids[0])
    assert store.list_games(limit=1)[0].id == ids[0]
    with pytest.raises(StorageError, match="limit"):
        store.list_games(limit=-1)


def test_latest_unfinished_is_the_most_recently_played(store: Store) -> None:
    older = store.save(gofish.game_to_record(played_game(seed=1, asks=1)), seats=[YOU, EMMA])
    newer = store.save(gofish.game_to_record(played_game(seed=2, asks=1)), seats=[YOU, EMMA])
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == newer
    store.save(gofish.game_to_record(played_game(seed=1, asks=2)), seats=[YOU, EMMA],
               game_id=older)
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == older


def test_delete(store: Store) -> None:
    game_id = store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    store.delete(game_id)
    assert store.count() == 0
    with pytest.raises(UnknownGameError, match=f"no stored game with id {game_id}"):
        store.get(game_id)
    with pytest.raises(UnknownGameError):
        store.delete(game_id)
    # seats go with their game
    rows = store.connection.execute("SELECT COUNT(*) FROM seats").fetchone()
    assert rows[0] == 0


def test_unknown_ids_are_reported(store: Store) -> None:
    record = gofish.game_to_record(played_game(seed=1))
    for bad in (1, 999, -3, "7", None, True, 10**25, -(10**25)):  # 10**25: past SQLite
        with pytest.raises(UnknownGameError, match="no stored game"):
            store.get(bad)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        store.save(record, seats=[YOU, EMMA], game_id=42)
    assert store.count() == 0


def test_updating_with_a_different_game_is_refused(store: Store) -> None:
    game_id = store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    other = gofish.game_to_record(played_game(seed=2))
    with pytest.raises(StorageError, match="different game") as caught:
        store.save(other, seats=[YOU, EMMA], game_id=game_id)
    assert caught.value.fallback_path is None
    assert gofish.replay_record(store.get(game_id).record) == gofish.snapshot(played_game(seed=1))


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"rules": "classic"}, "no 'players'"),
        ("not a record", "must be a JSON object"),
        ({"rules": "classic", "players": 2, "deck": ["AS"] * 52}, "cannot be replayed"),
    ],
)
def test_records_that_do_not_replay_are_refused(store: Store, record: object,
                                                message: str) -> None:
    with pytest.raises(StorageError, match=message):
        store.save(record, seats=[YOU, EMMA])  # type: ignore[arg-type]
    assert store.count() == 0


def test_an_illegal_action_in_the_record_is_counted_from_1(store: Store) -> None:
    # The third action (list index 2), as gofish replay's readable form counts it.
    record = gofish.game_to_record(played_game(seed=1, asks=2))
    assert len(record["actions"]) == 2
    record["actions"].append({"player": 7, "target": 0, "rank": "A"})
    with pytest.raises(StorageError, match=r"\(action 3\)"):
        store.save(record, seats=[YOU, EMMA])


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([YOU], "2 players but 1 seats"),
        ([YOU, {"name": "", "bot": None}], "seat 1 needs a name"),
        ([YOU, {"name": "Emma", "bot": 3}], "seat 1: bot must be"),
        ([YOU, "Emma"], "seat 1 must be an object"),
    ],
)
def test_bad_seats_are_refused(store: Store, seats: list[object], message: str) -> None:
    with pytest.raises(StorageError, match=message):
        store.save(gofish.game_to_record(played_game(seed=1)), seats=seats)  # type: ignore[arg-type]


def test_default_path_follows_env_and_xdg(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.delenv("GOFISH_DB", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db_path() == tmp_path / ".local" / "share" / "gofish" / "games.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "gofish" / "games.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG spec says ignore it
    assert default_db_path() == tmp_path / ".local" / "share" / "gofish" / "games.sqlite3"
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "mine.db"))
    assert default_db_path() == tmp_path / "mine.db"


def test_open_store_without_a_path_creates_the_default(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.delenv("GOFISH_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    with open_store() as store:
        store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    assert (tmp_path / "share" / "gofish" / "games.sqlite3").is_file()


def test_schema_is_versioned_and_in_wal_mode(db_path: Path) -> None:
    with open_store(db_path):
        pass
    with open_store(db_path) as store:  # opening twice does not migrate twice
        version = store.connection.execute("SELECT version FROM schema_version").fetchall()
        mode = store.connection.execute("PRAGMA journal_mode").fetchone()[0]
    assert version == [(2,)]
    assert mode == "wal"


@pytest.mark.parametrize("version", ["'abc'", "x'00'", "-1", "0", "2.5"])
def test_a_schema_version_gofish_never_writes_is_damage_in_words(db_path: Path,
                                                                 version: str) -> None:
    # Text in the version gave a traceback (ValueError from int()) to every command, and
    # play crashed instead of keeping its game in the fallback file; -1 read as "cannot
    # be used: table games already exists".
    with open_store(db_path) as store:
        store.connection.execute(f"UPDATE schema_version SET version = {version}")
    with pytest.raises(StorageError, match="is damaged or is not a gofish database") as error:
        open_store(db_path)
    assert "which gofish never writes" in str(error.value)


def test_a_database_from_a_newer_gofish_is_refused(db_path: Path) -> None:
    with open_store(db_path) as store:
        store.connection.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(StorageError, match="newer gofish"):
        open_store(db_path)


def test_a_path_that_cannot_be_a_database(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(StorageError, match="cannot create the directory"):
        open_store(blocker / "sub" / "games.sqlite3")
    with pytest.raises(StorageError, match="is a directory"):
        open_store(tmp_path)


def test_a_closed_store_says_so(db_path: Path) -> None:
    store = open_store(db_path)
    store.close()
    with pytest.raises(StorageError, match="closed"):
        store.list_games()
    game = played_game(seed=2)
    with pytest.raises(StorageError, match="closed") as caught:  # the game is still kept
        store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    assert caught.value.fallback_path is not None
    with open_store(db_path) as reopened:
        [stored] = reopened.list_games()
        assert gofish.replay_record(stored.record) == gofish.snapshot(game)


def test_one_store_shared_by_threads(db_path: Path) -> None:
    # The documented web-server set-up: one Store, many threads, the Store's lock.
    records = [gofish.game_to_record(played_game(seed=s, asks=3)) for s in range(1, 9)]
    ids: list[int] = []
    errors: list[BaseException] = []
    with Store(db_path, clock=TickingClock()) as store:

        def work(record: dict[str, object]) -> None:
            try:
                game_id = store.save(record, seats=[YOU, EMMA])
                ids.append(game_id)
                store.get(game_id)
                store.list_games()
            except BaseException as error:  # report in the main thread
                errors.append(error)

        threads = [threading.Thread(target=work, args=(r,)) for r in records * 3]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert len(set(ids)) == len(threads) == store.count()


def test_stores_in_separate_threads_share_the_file(db_path: Path) -> None:
    open_store(db_path).close()
    ids: list[int] = []

    def work(seed: int) -> None:
        with open_store(db_path, timeout=5.0) as own:
            ids.append(own.save(gofish.game_to_record(played_game(seed=seed, asks=1)),
                                seats=[YOU, EMMA]))

    threads = [threading.Thread(target=work, args=(s,)) for s in range(1, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with sqlite3.connect(db_path) as check:
        assert check.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 6
    assert len(set(ids)) == 6


def test_another_programs_database_is_left_alone(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as other:
        other.execute("CREATE TABLE notes (body TEXT)")
    with pytest.raises(StorageError, match="database of another program"):
        open_store(db_path)
    with sqlite3.connect(db_path) as other:
        tables = {row[0] for row in other.execute("SELECT name FROM sqlite_master")}
    assert tables == {"notes"}


def test_a_store_opens_from_a_path_given_as_text(tmp_path: Path) -> None:
    # open_store takes text; Store itself raised AttributeError ('str' has no 'parent').
    text = str(tmp_path / "kept" / "games.sqlite3")
    with Store(text) as store:
        assert store.path == Path(text) and store.path.is_file()
        assert store.list_games() == []


def test_latest_unfinished_passes_over_games_it_is_not_asked_for(store: Store) -> None:
    # `gofish resume` wants a game with a person's seat: a newer bots-only game is passed
    # over, and a damaged one is still reported as skipped.
    person = store.save(gofish.game_to_record(played_game(seed=1, asks=1)), seats=[YOU, EMMA])
    store.save(gofish.game_to_record(played_game(seed=2, asks=1)), seats=[EMMA, RANDOM])
    wanted = store.latest_unfinished(wanted=lambda game: bool(game.human_seats))
    assert wanted is not None and wanted.id == person
    assert store.latest_unfinished(wanted=lambda game: False) is None
    with pytest.raises(StorageError, match="wanted must be a function of a stored game"):
        store.latest_unfinished(wanted="people")  # type: ignore[arg-type]


def test_a_deal_that_is_no_json_object_is_refused_before_anything_is_written(
    store: Store,
) -> None:
    record = gofish.game_to_record(played_game(seed=1, asks=1))
    for bad in (["seed", 3], "3/1", {"seed": object()}, {"seed": float("nan")}):
        with pytest.raises(StorageError, match="deal must be a JSON object"):
            store.save(record, seats=[YOU, EMMA], deal=bad)  # type: ignore[arg-type]
    assert store.count() == 0
    kept = store.save(record, seats=[YOU, EMMA], deal={"seed": 3, "number": 1})
    assert store.seeded_deal(kept) == {"seed": 3, "number": 1}


def test_deleting_only_an_unplayed_game_keeps_one_with_asks(store: Store) -> None:
    # A table dealing again forgets its deal so; another table may have resumed that
    # deal and asked in it meanwhile, and its asks are a game to keep.
    played = store.save(gofish.game_to_record(played_game(seed=5, asks=3)),
                        seats=[YOU, EMMA])
    dealt = store.save(gofish.game_to_record(played_game(seed=6, asks=0)),
                       seats=[YOU, EMMA])
    store.delete(played, unplayed_only=True)
    store.delete(dealt, unplayed_only=True)
    assert [game.id for game in store.list_games()] == [played]
    store.delete(dealt, unplayed_only=True)  # gone already: nothing to forget
    with pytest.raises(StorageError, match="unplayed_only must be True or False"):
        store.delete(played, unplayed_only="no")  # type: ignore[arg-type]

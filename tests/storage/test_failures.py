"""A damaged or locked database gives a clear message and never loses the game."""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

import gofish
from gofish.storage import FallbackSaver, StorageError, Store, open_saver, open_store, save_game

from .helpers import EMMA, YOU, played_game

GARBAGE = bytes(range(256)) * 64


def _fallback(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".unsaved.jsonl")


def test_opening_a_garbage_file_says_it_is_damaged(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(GARBAGE)
    with pytest.raises(StorageError, match="damaged or is not a gofish database") as caught:
        open_store(db_path)
    assert "Traceback" not in str(caught.value)
    assert db_path.read_bytes() == GARBAGE  # we never overwrite what we cannot read


def test_saving_into_a_corrupt_database_keeps_the_game(db_path: Path) -> None:
    game = played_game(seed=11)
    with open_store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=12)), seats=[YOU, EMMA])
    db_path.write_bytes(GARBAGE)  # the file is damaged between two games
    with pytest.raises(StorageError, match="damaged") as caught:
        save_game(gofish.game_to_record(game), seats=[YOU, EMMA], path=db_path)
    where = caught.value.fallback_path
    assert where == _fallback(db_path)
    assert str(where) in str(caught.value)
    entry = json.loads(where.read_text().splitlines()[0])
    assert entry["seats"] == [YOU, EMMA]
    assert gofish.replay_record(entry["record"]) == gofish.snapshot(game)
    # Once the damaged file is moved away, the next open takes the game back in.
    db_path.rename(db_path.with_suffix(".broken"))
    with open_store(db_path) as store:
        [stored] = store.list_games()
        assert gofish.replay_record(stored.record) == gofish.snapshot(game)
        assert stored.seats == [YOU, EMMA]
    assert not where.exists()


def test_a_store_whose_file_is_replaced_by_garbage(db_path: Path) -> None:
    game = played_game(seed=13)
    store = Store(db_path)
    store.close()
    db_path.write_bytes(GARBAGE)
    for name in ("-wal", "-shm"):
        db_path.with_name(db_path.name + name).unlink(missing_ok=True)
    with pytest.raises(StorageError):
        Store(db_path)
    with pytest.raises(StorageError) as caught:
        save_game(gofish.game_to_record(game), seats=[YOU, EMMA], path=db_path)
    assert caught.value.fallback_path is not None


def _hold_write_lock(db_path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(db_path, isolation_level=None, timeout=0, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO schema_version (version) SELECT version FROM schema_version")
    return holder


def test_a_locked_database_gives_a_clear_error_and_keeps_the_game(db_path: Path) -> None:
    game = played_game(seed=14)
    store = open_store(db_path, timeout=0.05)
    holder = _hold_write_lock(db_path)
    try:
        started = time.monotonic()
        with pytest.raises(StorageError, match="locked by another program") as caught:
            store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
        assert time.monotonic() - started < 3  # brief retries, not a hang
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    where = caught.value.fallback_path
    assert where is not None and where.exists()
    assert store.count() == 0
    # After the lock is gone, the rescued game comes back in, once only.
    assert len(store.recover_unsaved()) == 1
    assert store.recover_unsaved() == []
    [stored] = store.list_games()
    assert gofish.replay_record(stored.record) == gofish.snapshot(game)
    store.close()


def test_a_lock_released_while_retrying_lets_the_save_through(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The lock goes in the store's first pause between attempts. (A thread released it
    # after 0.15 s, racing the 0.55 s of retries: a loaded machine could wake it too late.)
    game = played_game(seed=15)
    store = open_store(db_path, timeout=0.1)
    holder = _hold_write_lock(db_path)
    pauses: list[float] = []
    sleep = time.sleep

    def pause_then_release(seconds: float) -> None:
        if not pauses:
            holder.execute("ROLLBACK")
        pauses.append(seconds)
        sleep(seconds)

    monkeypatch.setattr("gofish.storage.store.time.sleep", pause_then_release)
    try:
        game_id = store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    finally:
        monkeypatch.undo()
        if not pauses:
            holder.execute("ROLLBACK")
        holder.close()
    assert len(pauses) == 1  # refused while locked, saved at the next attempt
    assert store.get(game_id).over
    assert not _fallback(db_path).exists()
    store.close()


def test_reading_a_locked_database_is_not_blocked_by_a_writer(db_path: Path) -> None:
    # WAL mode: the history can be listed while another program writes.
    with open_store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=16)), seats=[YOU, EMMA])
        holder = _hold_write_lock(db_path)
        try:
            assert len(store.list_games()) == 1
        finally:
            holder.execute("ROLLBACK")
            holder.close()


def test_recovery_skips_games_saved_meanwhile(db_path: Path) -> None:
    # The app kept playing after a failed save and a later save of the same game worked:
    # the older rescued copy must not come back as a duplicate or overwrite it.
    partial = played_game(seed=17, asks=3)
    finished = played_game(seed=17)
    store = open_store(db_path, timeout=0.05)
    holder = _hold_write_lock(db_path)
    try:
        with pytest.raises(StorageError):
            store.save(gofish.game_to_record(partial), seats=[YOU, EMMA])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    game_id = store.save(gofish.game_to_record(finished), seats=[YOU, EMMA])
    assert store.recover_unsaved() == []
    assert store.count() == 1 and store.get(game_id).over
    assert not _fallback(db_path).exists()
    store.close()


def test_an_unwritable_place_still_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    game = played_game(seed=18)
    with pytest.raises(StorageError, match="cannot create the directory") as caught:
        save_game(gofish.game_to_record(game), seats=[YOU, EMMA],
                  path=blocker / "gofish" / "games.sqlite3")
    where = caught.value.fallback_path
    assert where is not None and where.parent == tmp_path / "temp"  # beside it is impossible
    [line] = where.read_text().splitlines()
    assert gofish.replay_record(json.loads(line)["record"]) == gofish.snapshot(game)


def test_many_rescued_copies_of_one_game_come_back_as_one(db_path: Path) -> None:
    # Apps save after every ask; with the database locked throughout, each save leaves
    # a copy. Only the longest may come back, as one game.
    store = open_store(db_path, timeout=0.02)
    holder = _hold_write_lock(db_path)
    try:
        for asks in (2, 4, 6):
            with pytest.raises(StorageError):
                store.save(gofish.game_to_record(played_game(seed=19, asks=asks)),
                           seats=[YOU, EMMA])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(_fallback(db_path).read_text().splitlines()) == 3
    [game_id] = store.recover_unsaved()
    assert store.get(game_id).actions == 6
    assert store.count() == 1 and not _fallback(db_path).exists()
    store.close()


def test_rescued_asks_carry_on_a_stored_game(db_path: Path) -> None:
    store = open_store(db_path, timeout=0.02)
    game_id = store.save(gofish.game_to_record(played_game(seed=20, asks=2)), seats=[YOU, EMMA])
    holder = _hold_write_lock(db_path)
    try:
        with pytest.raises(StorageError):
            store.save(gofish.game_to_record(played_game(seed=20, asks=5)), seats=[YOU, EMMA],
                       game_id=game_id)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.recover_unsaved() == [game_id]
    assert store.count() == 1 and store.get(game_id).actions == 5
    store.close()


def test_a_saver_for_a_database_that_cannot_be_opened(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(GARBAGE)
    saver = open_saver(db_path)
    assert isinstance(saver, FallbackSaver)
    assert "damaged" in str(saver.error)
    game = played_game(seed=21)
    with pytest.raises(StorageError) as caught:
        saver.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    assert caught.value.fallback_path == _fallback(db_path)
    db_path.unlink()  # the player moves the damaged file away; the next save gets through
    game_id = saver.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    with open_store(db_path) as store:
        assert store.count() == 1
        assert gofish.replay_record(store.get(game_id).record) == gofish.snapshot(game)
    assert isinstance(open_saver(db_path), Store)


def test_a_name_with_undecodable_bytes_is_saved_with_a_replacement_character(
    store: Store,
) -> None:
    # A name typed on a non-UTF-8 terminal reaches Python as lone surrogates, which
    # SQLite refuses: the save crashed and the game was lost.
    game_id = store.save(gofish.game_to_record(played_game(seed=3)),
                         seats=[{"name": "Ann\udcff", "bot": None}, EMMA])
    assert store.get(game_id).names == ["Ann\ufffd", "Emma"]


def test_text_the_database_cannot_hold_still_goes_to_the_fallback_file(db_path: Path) -> None:
    game = played_game(seed=4)
    with open_store(db_path) as store, pytest.raises(StorageError) as caught:
        store.save(gofish.game_to_record(game), seats=[YOU, EMMA], source="web\udcff")
    where = caught.value.fallback_path
    assert where == _fallback(db_path) and str(where) in str(caught.value)
    entry = json.loads(where.read_text().splitlines()[0])
    assert gofish.replay_record(entry["record"]) == gofish.snapshot(game)


def test_a_damaged_row_is_named_and_does_not_stop_saves_or_recovery(db_path: Path) -> None:
    from gofish.storage import DamagedGameError

    first, second = played_game(seed=5, asks=4), played_game(seed=6)
    with open_store(db_path) as store:
        damaged_id = store.save(gofish.game_to_record(first), seats=[YOU, EMMA])
        store.connection.execute("UPDATE games SET record = '[1]' WHERE id = ?", (damaged_id,))
        with pytest.raises(DamagedGameError, match=f"game {damaged_id} in the games database"):
            store.list_games()
        assert [type(entry) for entry in store.list_entries()] == [DamagedGameError]
        # The table saving that game again must not lose it: it becomes a new game.
        new_id = store.save(gofish.game_to_record(first), seats=[YOU, EMMA],
                            game_id=damaged_id)
        assert new_id != damaged_id
        assert store.get(new_id).record == gofish.game_to_record(first)
    # A rescued game still comes back in beside the damaged row.
    _fallback(db_path).write_text(json.dumps(
        {"record": gofish.game_to_record(second), "seats": [YOU, EMMA]}) + "\n")
    with open_store(db_path) as store:
        assert store.count() == 3 and not _fallback(db_path).exists()


# Valid JSON that Python's json module cannot read: nested too deeply, or too many digits.
UNREADABLE_JSON = ["[" * 100_000 + "]" * 100_000, "[" + "9" * 5000 + "]"]


@pytest.mark.parametrize("text", UNREADABLE_JSON)
def test_a_row_json_cannot_read_is_a_damaged_game_not_a_crash(db_path: Path, text: str) -> None:
    from gofish.storage import DamagedGameError

    with open_store(db_path) as store:
        damaged_id = store.save(gofish.game_to_record(played_game(seed=5)), seats=[YOU, EMMA])
        kept_id = store.save(gofish.game_to_record(played_game(seed=6)), seats=[YOU, EMMA])
        store.connection.execute("UPDATE games SET record = ?, books = ? WHERE id = ?",
                                 (text, text, damaged_id))
        with pytest.raises(DamagedGameError, match=f"game {damaged_id} in the games database"):
            store.get(damaged_id)
        entries = store.list_entries()
        assert [type(entry) for entry in entries] == [gofish.storage.StoredGame, DamagedGameError]
        assert isinstance(entries[0], gofish.storage.StoredGame) and entries[0].id == kept_id


@pytest.mark.parametrize("text", UNREADABLE_JSON)
def test_a_fallback_line_json_cannot_read_is_skipped_and_the_others_recovered(
    db_path: Path, text: str
) -> None:
    game = played_game(seed=7)
    _fallback(db_path).parent.mkdir(parents=True)
    _fallback(db_path).write_text(text + "\n" + json.dumps(
        {"record": gofish.game_to_record(game), "seats": [YOU, EMMA]}) + "\n")
    with open_store(db_path) as store:
        assert [stored.record for stored in store.list_games()] == [gofish.game_to_record(game)]


def test_a_line_cut_short_before_does_not_swallow_the_next_rescued_game(db_path: Path) -> None:
    """An earlier append cut off midway (a full disk, a crash) left half a line: the next
    rescued game was glued onto it and could never be read back."""
    game = played_game(seed=21)
    store = open_store(db_path, timeout=0.05)
    _fallback(db_path).write_text('{"record": {"rul')  # no newline at the end
    holder = _hold_write_lock(db_path)
    try:
        with pytest.raises(StorageError, match="locked by another program"):
            store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(store.recover_unsaved()) == 1
    assert [stored.record for stored in store.list_games()] == [gofish.game_to_record(game)]
    store.close()
    assert _fallback(db_path).read_text() == '{"record": {"rul\n'  # the broken half stays


@pytest.mark.parametrize("existed", [True, False])
def test_an_append_that_fails_midway_is_taken_back(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, existed: bool
) -> None:
    """The disk fills halfway through a rescued game's line: the file is left as it was
    (no half line for the next one to join), and a file the append made goes with it."""
    from gofish.storage import fallback

    db_path.parent.mkdir(parents=True)
    before = json.dumps({"record": {}, "seats": []}) + "\n"
    if existed:
        _fallback(db_path).write_text(before)
    real_write = fallback._write_all

    def disk_fills(descriptor: int, data: bytes) -> None:
        real_write(descriptor, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fallback, "_write_all", disk_fills)
    monkeypatch.setattr(fallback, "_last_resort_path", lambda: db_path.parent / "last.jsonl")
    entry = {"record": gofish.game_to_record(played_game(seed=22)), "seats": [YOU, EMMA]}
    assert fallback.write_fallback(db_path, entry) is None  # nowhere could take it
    if existed:
        assert _fallback(db_path).read_text() == before
    else:
        assert not _fallback(db_path).exists()
    assert not (db_path.parent / "last.jsonl").exists()


@pytest.mark.parametrize(("written", "kept"), [
    ("2026-01-02T03:04:05+00:00", "2026-01-02T03:04:05.000+00:00"),
    ("2026-01-02T08:34:05+05:30", "2026-01-02T03:04:05.000+00:00"),  # said in UTC
    ("yesterday", None), ("2026-01-02T03:04:05", None), ("9999-01-01T00:00:00+00:00", None),
    ("0001-01-01T00:00:00+05:00", None),  # before the year 1 in UTC
])
def test_a_rescued_game_keeps_the_time_it_was_played(
    db_path: Path, written: str, kept: str | None
) -> None:
    """A game moved in from the fallback file was dated when it was moved in, so the
    history (last played first) put it out of order; a time that is not one, has no
    zone or is still ahead is left for the time it is moved in."""
    from gofish.storage import fallback

    db_path.parent.mkdir(parents=True)
    game = played_game(seed=31)  # finished
    fallback.write_fallback(db_path, {"record": gofish.game_to_record(game),
                                      "seats": [YOU, EMMA]})
    line = json.loads(_fallback(db_path).read_text())
    _fallback(db_path).write_text(json.dumps({**line, "written_at": written}) + "\n")
    with Store(db_path, clock=lambda: "2026-06-01T00:00:00.000+00:00") as store:
        store.recover_unsaved()
        [stored] = store.list_games()
    when = kept or "2026-06-01T00:00:00.000+00:00"
    assert stored.over and (stored.created_at, stored.updated_at, stored.finished_at) == (
        when, when, when)

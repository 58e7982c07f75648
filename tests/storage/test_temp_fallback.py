"""Games rescued to the temp folder's fallback file go back into their database, as those
rescued beside it do; lines of either file that cannot go in are mentioned, not left to
be found by chance. Before, the temp folder's copy was read back by nothing, and a line
that could not be moved in stayed beside the database without a word."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gofish
from gofish.cli._database import mention_unsaved_left
from gofish.storage import fallback as fallback_module
from gofish.storage import open_store

from .helpers import EMMA, YOU, played_game


@pytest.fixture
def temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This user's fallback file in a temp folder of the test's own."""
    path = tmp_path / "shared-tmp" / "gofish-you.unsaved.jsonl"
    path.parent.mkdir()
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: path)
    return path


def _entry(seed: int, asks: int | None = None) -> dict[str, object]:
    game = played_game(seed=seed, asks=asks)
    return {"record": gofish.game_to_record(game), "seats": [YOU, EMMA], "source": "terminal"}


def _rescued_to_temp(tmp_path: Path, seed: int) -> Path:
    """A database whose folder is in the way (a file), so its game went to the temp
    folder; the folder is then made, as when the player fixes it. Returns the database."""
    in_the_way = tmp_path / "data"
    in_the_way.write_text("")
    database = in_the_way / "games.sqlite3"
    assert fallback_module.write_fallback(database, _entry(seed)) == \
        fallback_module.temp_folder_fallback()
    in_the_way.unlink()
    in_the_way.mkdir()
    return database


def test_a_game_rescued_to_the_temp_folder_goes_into_its_database(
    tmp_path: Path, temp_file: Path
) -> None:
    database = _rescued_to_temp(tmp_path, seed=5)
    with open_store(database) as store:
        (stored,) = store.list_games()
        assert stored.record == _entry(5)["record"]
        assert store.unsaved_left() == []
    assert not temp_file.exists()  # its only line went in


def test_only_the_lines_for_this_database_are_taken_from_the_temp_folder(
    tmp_path: Path, temp_file: Path
) -> None:
    database = _rescued_to_temp(tmp_path, seed=5)
    (tmp_path / "other").write_text("")  # in the way too, for a while
    other = tmp_path / "other" / "games.sqlite3"
    assert fallback_module.write_fallback(other, _entry(6)) == temp_file
    with temp_file.open("a") as stream:
        stream.write("not a game\n")  # nobody's: it stays, and is counted for no database
    with open_store(database) as store:
        assert len(store.list_games()) == 1
        assert store.unsaved_left() == []
    left = temp_file.read_text().splitlines()
    assert left[1] == "not a game" and len(left) == 2
    assert json.loads(left[0])["database"] == str(other)
    (tmp_path / "other").unlink()
    with open_store(other) as store:
        assert [game.record for game in store.list_games()] == [_entry(6)["record"]]
    assert temp_file.read_text() == "not a game\n"


def test_the_database_is_named_by_its_full_path(
    tmp_path: Path, temp_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A relative --database named another file from another folder.
    monkeypatch.chdir(tmp_path)
    Path("data").write_text("")
    fallback_module.write_fallback(Path("data/games.sqlite3"), _entry(5))
    assert json.loads(temp_file.read_text())["database"] == str(tmp_path / "data/games.sqlite3")


def test_a_link_in_the_temp_folder_is_not_read(tmp_path: Path, temp_file: Path) -> None:
    # Another user's link could feed the database games of their making.
    planted = tmp_path / "planted.jsonl"
    database = tmp_path / "games.sqlite3"
    planted.write_text(json.dumps({**_entry(5), "database": str(database)}) + "\n")
    temp_file.symlink_to(planted)
    with open_store(database) as store:
        assert store.list_games() == []
        assert store.unsaved_left() == []
    assert planted.read_text().count("\n") == 1


def test_lines_that_cannot_go_in_are_counted(tmp_path: Path, temp_file: Path) -> None:
    database = tmp_path / "games.sqlite3"
    beside = fallback_module.fallback_path(database)
    beside.write_text('garbage\n{"record": {}, "seats": []}\n')
    fallback_module.write_fallback(database, _entry(5))  # beside it: this one goes in
    temp_file.write_text(json.dumps({"record": {"players": 2}, "seats": [],
                                     "database": str(database)}) + "\n")
    with open_store(database) as store:
        assert len(store.list_games()) == 1
        assert store.unsaved_left() == [(beside, 2, 2), (temp_file, 1, 1)]


def test_games_the_locked_database_did_not_take_are_not_called_edited_by_hand(
    tmp_path: Path, temp_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lines that wait only because the database was locked (or the disk full) are games
    that go in later: they were reported as "not a game gofish can read"."""
    import sqlite3

    database = tmp_path / "games.sqlite3"
    beside = fallback_module.fallback_path(database)
    with open_store(database, timeout=0.05) as store:
        holder = sqlite3.connect(database, isolation_level=None, timeout=0)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            fallback_module.write_fallback(database, _entry(5))
            fallback_module.write_fallback(database, _entry(6))
            with beside.open("a") as stream:
                stream.write("garbage\n")
            assert store.recover_unsaved() == []  # locked: nothing moved in
            assert store.unsaved_left() == [(beside, 3, 1)]
            mention_unsaved_left("history", store)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert len(store.recover_unsaved()) == 2  # the lock gone, the games go in
    assert capsys.readouterr().err == (
        f"gofish history: 2 lines of unsaved games wait in {beside}: the database did not "
        "take them (locked by another program, or the disk full?); they go in the next "
        "time gofish opens it\n"
        f"gofish history: 1 line in {beside} could not be moved into the database (not a "
        "game gofish can read: edited by hand?), so it is kept there\n")


def test_a_read_only_database_says_its_games_wait(
    tmp_path: Path, temp_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    open_store(database).close()
    fallback_module.write_fallback(database, _entry(5))
    with open_store(database, read_only=True) as store:
        mention_unsaved_left("history", store)
        assert store.list_games() == []  # not moved in: nothing is written
    beside = fallback_module.fallback_path(database)
    assert capsys.readouterr().err == (
        f"gofish history: 1 line of unsaved games waits in {beside}: they go into the "
        "database once it can be written\n")


def _gofish(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``gofish ARGS`` with its temp folder (and user name) the test's own."""
    return subprocess.run(
        [sys.executable, "-m", "gofish", *args], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "LOGNAME": "you",
             "TMPDIR": str(tmp_path / "shared-tmp")})


def test_history_moves_in_a_game_waiting_only_in_the_temp_folder(
    tmp_path: Path, temp_file: Path
) -> None:
    database = _rescued_to_temp(tmp_path, seed=5)
    assert not database.exists()  # nothing but the temp folder's line, which must count
    result = _gofish(tmp_path, "history", "--database", str(database))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert [line.split()[0] for line in result.stdout.splitlines()[2:]] == ["1"]
    assert not temp_file.exists()


@pytest.mark.parametrize("command", ["history", "stats"])
def test_lines_left_beside_the_database_are_mentioned(
    tmp_path: Path, temp_file: Path, command: str
) -> None:
    database = tmp_path / "games.sqlite3"
    beside = fallback_module.fallback_path(database)
    beside.write_text("garbage\n")
    result = _gofish(tmp_path, command, "--database", str(database))
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert result.stderr == (
        f"gofish {command}: 1 line in {beside} could not be moved into the database (not a "
        "game gofish can read: edited by hand?), so it is kept there\n")
    assert beside.read_text() == "garbage\n"  # kept, to be looked at

"""Reading a games database this user may not write: never what a save left half-done,
never "cannot write" to a command that only reads, and a clear word when it cannot be read.

As in test_permissions, a read-only file or folder is simulated for root (os.access says
no); SQLite's own refusals (mode=ro) are real.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.cli.play import open_games_store
from gofish.storage import StorageError, Store, open_store
from gofish.storage import access as access_module
from gofish.storage import schema as schema_module
from gofish.storage.access import read_only_uri
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, YOU, denied_for, played_game

#: A save that stops halfway (the process killed) in rollback-journal mode: with a cache of
#: one page, SQLite writes changed pages into the database before the end, keeping the
#: old ones in the -journal file beside it to undo them.
_INTERRUPTED_SAVE = (
    "import os, sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
    "db.execute('PRAGMA cache_size = 1'); db.execute('BEGIN'); "
    "db.execute(\"UPDATE seats SET name = 'Halfway'\"); "
    "db.execute('UPDATE filler SET x = randomblob(3000)'); os._exit(0)"
)


def _save_one(path: Path, seed: int = 21) -> None:
    with Store(path) as store:
        store.save(gofish.game_to_record(played_game(seed=seed)), seats=[YOU, EMMA])


def test_a_save_left_half_done_is_not_read_as_if_it_had_been_made(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read as immutable, the -journal file was ignored and the half-written pages were
    # shown: history listed seats named 'Halfway', show called a game edited by hand.
    _save_one(db_path)
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA journal_mode = DELETE")
        db.execute("CREATE TABLE filler AS SELECT randomblob(3000) AS x FROM "
                   "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                   "WHERE i < 40) SELECT i FROM n)")
    subprocess.run([sys.executable, "-c", _INTERRUPTED_SAVE, str(db_path)], check=True)
    assert Path(f"{db_path}-journal").stat().st_size > 0
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with pytest.raises(StorageError, match="a save to it was interrupted"):
        open_store(db_path, read_only=True)
    monkeypatch.undo()  # its owner's next open undoes the half-done save
    with open_store(db_path) as store:
        assert store.list_games()[0].names == ["You", "Emma"]


@pytest.mark.parametrize("denied", ["file", "folder"])
@pytest.mark.parametrize("command", ["history", "stats", "show"])
def test_an_empty_database_that_may_not_be_written_reads_as_holding_no_games(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch,
    denied: str, command: str,
) -> None:
    # A database made empty (0600) whose first save never came: the commands that only
    # read it said "cannot write to the games database".
    db_path.parent.mkdir()
    db_path.touch()
    monkeypatch.setattr(os, "access", denied_for(db_path if denied == "file" else db_path.parent))
    arguments = [command, "1"] if command == "show" else [command]
    code = main([*arguments, "--database", str(db_path)])
    captured = capsys.readouterr()
    assert "cannot write" not in captured.err
    if command == "show":
        assert (code, captured.err.strip()) == (2, "gofish show: there is no stored game with id 1")
    else:
        assert code == 0
        assert "No games stored yet" in captured.out or "No finished games yet" in captured.out
    assert db_path.stat().st_size == 0  # nothing was written into it


def test_a_game_saved_to_an_empty_read_only_database_goes_to_the_fallback_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its stand-in tables live only as long as the connection: a save must not go there.
    db_path.parent.mkdir()
    db_path.touch()
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with Store(db_path) as store, pytest.raises(StorageError) as refused:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    assert refused.value.fallback_path == fallback_path(db_path)
    assert len(fallback_path(db_path).read_text().splitlines()) == 1


def test_a_read_only_database_of_an_older_schema_is_not_hidden_by_empty_tables(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Temporary tables of the same names would hide its games; only its owner can upgrade it.
    _save_one(db_path)
    monkeypatch.setattr(schema_module, "SCHEMA_VERSION", schema_module.SCHEMA_VERSION + 1)
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with pytest.raises(StorageError, match="must be upgraded"):
        open_store(db_path, read_only=True)


def test_moves_in_a_wal_file_with_no_shm_in_a_read_only_folder_are_named(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite cannot make the -shm file it needs there: it said "unable to open database
    # file", which gofish called a directory or a missing folder.
    _save_one(db_path)
    holder = sqlite3.connect(db_path)  # while it is open the -wal file is kept, unmerged
    holder.execute("SELECT 1 FROM games").fetchall()
    _save_one(db_path, seed=22)
    copy = tmp_path / "copy" / "games.sqlite3"
    copy.parent.mkdir()
    for suffix in ("", "-wal"):
        Path(f"{copy}{suffix}").write_bytes(Path(f"{db_path}{suffix}").read_bytes())
    holder.close()
    monkeypatch.setattr(os, "access", denied_for(copy.parent))
    with pytest.raises(StorageError, match=r"wait in games\.sqlite3-wal .* read-only directory"):
        open_store(copy, read_only=True)
    assert main(["history", "--database", str(copy)]) == 1


def test_resume_reads_a_database_in_a_read_only_folder_as_it_does_a_read_only_file(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A writable file in a read-only folder was opened to write: SQLite could not make
    # its -wal and -shm files, and resume refused what play and a read-only file allow.
    _save_one(db_path)
    monkeypatch.setattr(os, "access", denied_for(db_path.parent))
    store = open_games_store(str(db_path), required=True)
    with store, pytest.raises(StorageError) as refused:
        store.save(gofish.game_to_record(played_game(seed=23)), seats=[YOU, EMMA])
    assert refused.value.fallback_path is not None  # not written into the database
    assert "warning: cannot write to the games database" in capsys.readouterr().err
    assert not os.path.exists(f"{db_path}-wal")


def test_a_database_another_program_has_open_is_read_with_it_not_as_immutable(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read as immutable while its -wal file was still empty, a reader that stays open
    # (gofish serve) never saw the games saved after it opened, and could read pages a
    # checkpoint was rewriting.
    _save_one(db_path)
    holder = sqlite3.connect(db_path)  # another program with it open: -wal and -shm
    holder.execute("SELECT 1 FROM games").fetchall()
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with open_store(db_path) as reader:
        monkeypatch.undo()
        _save_one(db_path, seed=22)
        assert reader.count() == 2
    holder.close()


def test_a_folder_that_cannot_be_made_names_the_read_only_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said only "Permission denied", where a database in that directory is said to be
    # uncreatable because "the directory … is not writable".
    read_only = tmp_path / "read-only"
    read_only.mkdir()
    monkeypatch.setattr(os, "access", denied_for(read_only))
    reason = access_module.folder_not_made(read_only / "gofish",
                                           PermissionError(13, "Permission denied"))
    assert reason == f"the directory {read_only} is not writable"


def test_resume_does_not_warn_about_saving_a_game_it_will_not_resume(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "warning: … Your game will be kept in a fallback file" came first, then "game 1 is
    # already finished".
    _save_one(db_path)  # a finished game
    monkeypatch.setattr(os, "access", denied_for(db_path))
    assert main(["resume", "1", "--plain", "--database", str(db_path)]) == 2
    err = capsys.readouterr().err
    # The hint names the same database (a bare "gofish show 1" read the default one).
    assert err == ("gofish resume: game 1 is already finished: gofish show 1 --database "
                   f"{db_path} replays it\n")


def test_a_path_in_the_home_of_no_such_user_is_not_said_to_lack_home_and_xdg(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It said "$HOME is not set, and this user has none: set $HOME or $XDG_DATA_HOME".
    assert main(["history", "--database", "~no-such-gofish-user/games.sqlite3"]) == 1
    assert capsys.readouterr().err == (
        "gofish history: ~no-such-gofish-user/games.sqlite3 names the home directory of "
        "no-such-gofish-user, and there is no such user\n")


def test_a_pipe_in_place_of_the_journal_does_not_hang_reading(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Looking for an interrupted save in it would wait for a writer for ever.
    _save_one(db_path)
    os.mkfifo(f"{db_path}-journal")
    monkeypatch.setattr(os, "access", denied_for(db_path))
    finished: list[str] = []
    reader = threading.Thread(target=lambda: finished.append(read_only_uri(db_path)),
                              daemon=True)
    reader.start()
    reader.join(timeout=5)
    assert finished and "immutable" not in finished[0]


def test_games_waiting_beside_an_empty_read_only_database_stay_in_their_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Moved into the stand-in tables, they would be lost at close with their file removed.
    db_path.parent.mkdir()
    db_path.touch()
    record = gofish.game_to_record(played_game(seed=21))
    waiting = fallback_path(db_path)
    waiting.write_text(json.dumps({"record": record, "seats": [YOU, EMMA]}) + "\n")
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with open_store(db_path) as store:
        assert store.count() == 0
    assert len(waiting.read_text().splitlines()) == 1


def test_resume_on_a_read_only_database_says_where_the_game_left_waits(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game just left went to the fallback file beside the read-only database, and
    # resume said only "there is no unfinished game", as if it were lost.
    from gofish.storage.fallback import write_fallback

    open_store(db_path).close()
    unfinished = gofish.game_to_record(played_game(seed=24, asks=3))
    write_fallback(db_path, {"record": unfinished, "seats": [YOU, EMMA]})
    monkeypatch.setattr(os, "access", denied_for(db_path))
    assert main(["resume", "--plain", "--database", str(db_path)]) == 2
    err = capsys.readouterr().err
    assert (f"gofish resume: 1 line of unsaved games waits in {fallback_path(db_path)}: "
            "they go into the database once it can be written") in err
    assert "there is no unfinished game" in err


def _of_schema_one(path: Path) -> None:
    """The database as a gofish of schema 1 left it: no deal column, version 1."""
    _save_one(path)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE games DROP COLUMN deal")
        db.execute("UPDATE schema_version SET version = 1")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all in the file itself, no -wal
    db.close()


def test_a_read_only_database_of_schema_one_is_read_as_it_is(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It could not be upgraded there, and was refused: every game in it out of reach.
    _of_schema_one(db_path)
    before = db_path.read_bytes()
    monkeypatch.setattr(os, "access", denied_for(db_path, db_path.parent))
    with open_store(db_path) as store:
        assert store.opened_read_only and store.older_schema == 1
        [game] = store.list_games()
        assert game.over and store.seeded_deal(game.id) is None
        assert store.get(game.id).record == game.record
        assert store.stats()[0].games == 1
    assert main(["history", "--database", str(db_path)]) == 0
    out, err = capsys.readouterr()
    assert out.count("Emma") == 1
    assert "of an older gofish (schema 1)" in err and "read as it is" in err
    assert main(["stats", "--database", str(db_path)]) == 0
    assert main(["export", str(game.id), "--database", str(db_path)]) == 0
    assert db_path.read_bytes() == before  # not upgraded, nor written at all
    assert sorted(os.listdir(db_path.parent)) == [db_path.name]


def test_a_game_saved_to_a_read_only_database_of_schema_one_goes_to_the_fallback_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _of_schema_one(db_path)
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with open_store(db_path) as store, pytest.raises(StorageError) as refused:
        store.save(gofish.game_to_record(played_game(seed=22)), seats=[YOU, EMMA])
    assert refused.value.fallback_path == fallback_path(db_path)
    monkeypatch.undo()
    with open_store(db_path) as store:  # writable again: upgraded, and the game moved in
        assert store.older_schema is None and len(store.list_games()) == 2


def test_resume_goes_on_from_the_moves_waiting_beside_a_read_only_database(
    capsys: pytest.CaptureFixture[str], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Game 1 was played on while the database was read-only: its later moves went to the
    # fallback file. resume dealt it from the database's older copy, so those moves were
    # played again and the two copies split into two games once the database took them.
    from gofish.cli import resume as resume_module

    with open_store(db_path) as store:
        game_id = store.save(gofish.game_to_record(played_game(seed=25, asks=2)),
                             seats=[YOU, EMMA])
    later = gofish.game_to_record(played_game(seed=25, asks=8))
    monkeypatch.setattr(os, "access", denied_for(db_path))
    with open_store(db_path) as store, pytest.raises(StorageError):
        store.save(later, seats=[YOU, EMMA], game_id=game_id)
    resumed: list[gofish.Game] = []
    monkeypatch.setattr(resume_module, "launch",
                        lambda session, **_: resumed.append(session.game) or 0)
    assert main(["resume", "--plain", "--database", str(db_path)]) == 0
    assert [game.to_record()["actions"] for game in resumed] == [later["actions"]]
    assert f"game {game_id} goes on from its last moves" in capsys.readouterr().err

"""Games databases the user may not read or write: one line saying what is wrong, no
traceback, and the read-only commands still read what they can.

CI runs as root, for whom every file is readable and writable: permission errors are
simulated (PermissionError from open, os.access saying no, SQLite refusing to write),
and the cases root also meets (a pipe, a file where a folder should be) are real. The
tests with real modes are skipped as root.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.cli import main
from gofish.cli.play import open_games_store
from gofish.cli.serve import games_database_checked
from gofish.storage import StorageError, Store, open_store
from gofish.storage import access as access_module
from gofish.storage import fallback as fallback_module
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, YOU, denied_for, played_game

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
needs_non_root = pytest.mark.skipif(AS_ROOT, reason="root may read and write any file")


@pytest.fixture
def stored(db_path: Path) -> Path:
    """A database holding one finished game (id 1)."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    return db_path


def _unsearchable(monkeypatch: pytest.MonkeyPatch, behind: Callable[[Path], bool]) -> None:
    """Path.exists as for paths (``behind`` says which) in a folder that may not be
    searched: pathlib raises PermissionError for them."""
    real_exists = Path.exists

    def exists(path: Path, *args: Any, **kwargs: Any) -> bool:
        if behind(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_exists(path, *args, **kwargs)

    monkeypatch.setattr(Path, "exists", exists)


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


def test_a_database_that_may_not_be_read_says_so(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite said "the path is a directory, or its directory is missing or not writable".
    real_access = os.access

    def unreadable(path: Any, mode: int, **kwargs: Any) -> bool:
        refused = mode == os.R_OK and os.path.abspath(path) == str(stored)
        return not refused and real_access(path, mode, **kwargs)  # root may read anything

    monkeypatch.setattr(access_module.os, "access", unreadable)
    assert main(["history", "--database", str(stored)]) == 1
    err = _one_line(capsys)
    assert f"cannot open the games database {stored}: it may not be read (Permission denied)" in err


def test_a_pipe_as_the_database_is_refused_not_opened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pipe = tmp_path / "games.sqlite3"
    os.mkfifo(pipe)
    assert main(["history", "--database", str(pipe)]) == 1
    assert "is not a regular file (a device or a pipe)" in _one_line(capsys)
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def test_a_file_where_the_database_folder_should_be_is_named(tmp_path: Path) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("notes\n")
    with pytest.raises(StorageError, match=f"{in_the_way} is a file, not a directory"):
        open_store(in_the_way / "gofish" / "games.sqlite3")
    assert in_the_way.read_text() == "notes\n"


@pytest.mark.parametrize(("command", "code"), [("history", 1), ("resume", 1)])
def test_a_folder_that_may_not_be_searched_is_not_a_missing_database(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch,
    command: str, code: int,
) -> None:
    # pathlib raises PermissionError for it: a bare "Permission denied" came out before.
    _unsearchable(monkeypatch, lambda path: path.parent == stored.parent)
    assert main([command, "--database", str(stored)]) == code
    assert f"cannot reach the games database {stored}: Permission denied" in _one_line(capsys)


def _sqlite_refusing_to_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """sqlite3.connect as in a read-only folder: only a read-only (URI) opening works."""
    real_connect = sqlite3.connect

    def connect(target: Any, *args: Any, uri: bool = False, **kwargs: Any) -> Any:
        if not uri:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        assert "mode=ro" in str(target)
        return real_connect(target, *args, uri=uri, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)


def test_history_reads_a_database_in_a_read_only_folder(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said "cannot write to the games database" to a command that only reads.
    _sqlite_refusing_to_write(monkeypatch)
    monkeypatch.setattr(access_module.os, "access", denied_for(stored.parent))
    assert main(["history", "--database", str(stored)]) == 0
    out = capsys.readouterr().out
    assert "classic" in out and "Emma" in out
    assert main(["export", "1", "--database", str(stored)]) == 0
    assert '"actions"' in capsys.readouterr().out


def test_a_read_only_store_reads_without_writing_anything(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(access_module.os, "access", denied_for(stored.parent))
    before = sorted(path.name for path in stored.parent.iterdir())
    with open_store(stored, read_only=True) as store:
        [game] = store.list_games()
        assert game.over and game.names == ["You", "Emma"]
    assert sorted(path.name for path in stored.parent.iterdir()) == before


def test_a_damaged_database_is_not_read_as_read_only(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"not a database" * 100)
    assert main(["history", "--database", str(db_path)]) == 1
    assert "damaged or is not a gofish database" in _one_line(capsys)


def test_play_warns_before_the_deal_that_a_read_only_database_keeps_nothing(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It opened without a word, and the first save only was refused.
    monkeypatch.setattr(access_module.os, "access", denied_for(stored))
    saver = open_games_store(str(stored), required=False)
    try:
        err = _one_line(capsys)
    finally:
        saver.close()
    assert f"warning: cannot write to the games database {stored}: the file is read-only" in err
    assert "fallback file" in err


def test_a_database_on_a_read_only_mount_is_not_called_a_read_only_file(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file's own mode was 0600: making it writable would not have helped.
    monkeypatch.setattr(access_module.os, "access", denied_for(stored))
    real_statvfs = os.statvfs

    def mounted_read_only(path: Any) -> Any:
        found = real_statvfs(path)
        return os.statvfs_result((*found[:8], found.f_flag | os.ST_RDONLY, *found[9:]))

    monkeypatch.setattr(access_module.os, "statvfs", mounted_read_only)
    saver = open_games_store(str(stored), required=False)
    try:
        err = _one_line(capsys)
    finally:
        saver.close()
    assert (f"cannot write to the games database {stored}: it is on a read-only file system"
            in err)


def test_play_says_nothing_of_a_database_that_can_be_written(
    capsys: pytest.CaptureFixture[str], stored: Path
) -> None:
    open_games_store(str(stored), required=False).close()
    assert capsys.readouterr().err == ""


def test_serve_warns_when_the_database_cannot_be_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A missing database was taken to be made at the first save: no word of why it could not.
    # A byte of the path that is not UTF-8 showed as \udcff (printed past report()).
    (tmp_path / "data\udcff").write_text("")
    assert games_database_checked(str(tmp_path / "data\udcff" / "games.sqlite3"))
    err = _one_line(capsys)
    assert err.startswith("gofish serve: warning: ") and "data\\xff is a file" in err
    assert "kept in a fallback file meanwhile" in err


def test_serve_warns_of_a_folder_where_the_database_cannot_be_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(access_module.os, "access", denied_for(tmp_path))
    assert games_database_checked(str(tmp_path / "games.sqlite3"))
    assert f"the directory {tmp_path} is not writable" in _one_line(capsys)
    assert not (tmp_path / "games.sqlite3").exists()


def test_serve_warns_of_a_read_only_database(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(access_module.os, "access", denied_for(stored))
    assert games_database_checked(str(stored))
    assert "the file is read-only" in _one_line(capsys)


def test_a_read_only_file_is_read_without_leaving_read_only_files_beside_it(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite made -wal and -shm files as read-only as the database, and left them: once
    # the database was made writable again they kept it read-only, and every game went
    # to the fallback file.
    monkeypatch.setattr(os, "access", denied_for(stored))
    game = gofish.game_to_record(played_game(seed=22))
    with open_store(stored) as store:
        assert len(store.list_games()) == 1
        with pytest.raises(StorageError, match="read-only") as refused:
            store.save(game, seats=[YOU, EMMA])
    assert refused.value.fallback_path is not None  # the game is kept beside it
    assert not any(Path(f"{stored}{side}").exists() for side in ("-wal", "-shm"))
    monkeypatch.undo()  # writable again: the next opening takes the game in
    with open_store(stored) as store:
        assert len(store.list_games()) == 2


def test_a_read_only_side_file_is_named(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shm = Path(f"{stored}-shm")
    shm.write_bytes(b"")
    Path(f"{stored}-wal").write_bytes(b"")
    monkeypatch.setattr(access_module.os, "access", denied_for(shm))
    open_games_store(str(stored), required=False).close()
    assert f"{shm} beside it is read-only" in _one_line(capsys)


@needs_non_root
def test_real_modes(capsys: pytest.CaptureFixture[str], stored: Path) -> None:
    """The same with real file modes (skipped as root, who may read anything)."""
    folder = stored.parent
    try:
        stored.chmod(0o000)
        assert main(["history", "--database", str(stored)]) == 1
        assert "Permission denied" in _one_line(capsys)
        stored.chmod(0o444)
        folder.chmod(0o555)
        assert main(["history", "--database", str(stored)]) == 0
        assert "Emma" in capsys.readouterr().out
        assert games_database_checked(str(stored))
        assert "read-only" in _one_line(capsys)
    finally:
        folder.chmod(0o755)
        stored.chmod(0o644)


@pytest.fixture
def no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """No $HOME, and a user id with no entry in the user database (a container started
    with another user id): pathlib cannot expand ``~``."""
    for name in ("HOME", "XDG_DATA_HOME", "GOFISH_DB", "GOFISH_ROOMS_DB"):
        monkeypatch.delenv(name, raising=False)
    real_expanduser = Path.expanduser

    def expanduser(path: Path) -> Path:
        if str(path).startswith("~"):
            raise RuntimeError("Could not determine home directory.")
        return real_expanduser(path)

    monkeypatch.setattr(Path, "expanduser", expanduser)


@pytest.mark.parametrize(("command", "code"), [
    (["history"], 1), (["export", "1"], 1), (["resume", "--plain"], 1),
    (["play", "--plain"], 2), (["rooms", "--port", "0"], 2), (["serve", "--port", "0"], 2),
])
@pytest.mark.usefixtures("no_home")
def test_no_home_directory_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], command: list[str], code: int
) -> None:
    # pathlib's RuntimeError came out as a traceback from every command.
    assert main(command) == code
    assert "there is no home directory to keep data in" in _one_line(capsys)


@pytest.mark.usefixtures("no_home")
def test_serve_refuses_when_only_the_games_database_has_no_home(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # With the rooms database named, serve warned and served: no game was ever saved.
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda *_, **__: pytest.fail("it served"))
    monkeypatch.setenv("GOFISH_ROOMS_DB", str(tmp_path / "rooms.sqlite3"))
    assert main(["serve", "--port", "0"]) == 2
    assert _one_line(capsys).startswith("gofish serve: there is no home directory to keep")


def test_a_storage_error_no_command_caught_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gofish.cli.stats

    def failing(args: Any) -> int:
        raise StorageError("the games database x cannot be used: it is gone")

    monkeypatch.setattr(gofish.cli.stats, "run", failing)
    assert main(["stats"]) == 1
    assert "gofish stats: the games database x cannot be used: it is gone" in _one_line(capsys)


def test_a_pipe_where_unsaved_games_wait_does_not_hang_history(stored: Path) -> None:
    # Reading it to move the games in waited for a writer for ever.
    os.mkfifo(fallback_path(stored))
    result = subprocess.run(
        [sys.executable, "-m", "gofish", "history", "--database", str(stored)],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 0, result.stderr
    assert "Emma" in result.stdout
    assert result.stderr == (f"gofish history: cannot read the unsaved games in "
                             f"{fallback_path(stored)}: not a regular file\n")


def test_a_game_is_not_written_into_a_pipe_but_kept_elsewhere(
    stored: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Appending to it waited for a reader for ever: the saving thread hung.
    last_resort = tmp_path / "last-resort.unsaved.jsonl"
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: last_resort)
    os.mkfifo(fallback_path(stored))
    written: list[Path | None] = []
    saver = threading.Thread(target=lambda: written.append(
        fallback_module.write_fallback(stored, {"record": {}, "seats": []})), daemon=True)
    saver.start()
    saver.join(timeout=10)
    assert written == [last_resort]
    assert json.loads(last_resort.read_text())["seats"] == []


def test_a_new_fallback_file_is_private(stored: Path) -> None:
    # The temp folder is everyone's, and the records show every hand.
    where = fallback_module.write_fallback(stored, {"record": {}, "seats": []})
    assert where == fallback_path(stored)
    assert stat.S_IMODE(where.stat().st_mode) & 0o077 == 0


def test_play_names_a_folder_on_the_way_that_may_not_be_searched(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said "the games database … cannot be used: Permission denied".
    _unsearchable(monkeypatch, lambda path: path == stored)
    open_games_store(str(stored), required=False).close()
    assert f"warning: cannot reach the games database {stored}" in _one_line(capsys)


def test_play_refuses_to_deal_when_no_game_could_be_kept_anywhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It warned that the game "will be kept in a fallback file", dealt, and lost every move.
    in_the_way = tmp_path / "data"
    in_the_way.write_text("")
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: in_the_way / "last.jsonl")
    assert main(["play", "--plain", "--database", str(in_the_way / "games.sqlite3")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no deal
    assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) == 1
    assert "no fallback file can be written either" in captured.err


@pytest.mark.parametrize("required", [True, False], ids=["resume", "play"])
def test_a_game_only_the_fallback_file_can_keep_is_dealt_with_a_warning(
    capsys: pytest.CaptureFixture[str], stored: Path, monkeypatch: pytest.MonkeyPatch,
    required: bool,
) -> None:
    # resume, too, warned only at the first save.
    monkeypatch.setattr(os, "access", denied_for(stored))
    open_games_store(str(stored), required=required).close()
    err = _one_line(capsys)
    assert "warning: cannot write to the games database" in err
    assert "Your game will be kept in a fallback file" in err


def test_a_link_to_nothing_where_the_folder_should_be_is_named_as_a_link(
    tmp_path: Path,
) -> None:
    # It was called "a file, not a directory".
    link = tmp_path / "data"
    link.symlink_to(tmp_path / "gone")
    with pytest.raises(StorageError, match=f"{link} is a link to {tmp_path / 'gone'}, which"):
        open_store(link / "games.sqlite3")


def test_the_warning_before_the_deal_names_the_command_and_shows_bytes_as_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # printed past report(): no command name, and a byte that is not UTF-8 as "\udcff".
    database = tmp_path / "games\udcff.sqlite3"
    Store(database).close()
    monkeypatch.setattr(os, "access", denied_for(database))
    open_games_store(str(database), required=False).close()
    err = _one_line(capsys)
    assert err.startswith("gofish play: warning: cannot write to the games database")
    assert "games\\xff.sqlite3" in err



def test_moves_waiting_in_the_wal_file_are_read_from_a_read_only_folder(
    stored: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read as immutable, the database showed only what was checkpointed into it.
    holder = sqlite3.connect(stored)  # while it is open the -wal file is kept, unmerged
    holder.execute("SELECT 1 FROM games").fetchall()
    with Store(stored) as store:
        store.save(gofish.game_to_record(played_game(seed=22)), seats=[YOU, EMMA])
    copy = tmp_path / "copy" / "games.sqlite3"
    copy.parent.mkdir()
    for suffix in ("", "-wal", "-shm"):  # without -shm: test_reading_read_only
        Path(f"{copy}{suffix}").write_bytes(Path(f"{stored}{suffix}").read_bytes())
    holder.close()
    assert Path(f"{copy}-wal").stat().st_size > 0
    monkeypatch.setattr(os, "access", denied_for(copy.parent))
    with open_store(copy, read_only=True) as store:
        assert len(store.list_games()) == 2

"""``gofish rooms`` given a rooms database it may not read or create: one line naming the
cause, before the server starts. SQLite said "unable to open database file" for all of
them, and a file in the way of the folder came out as "[Errno 17] File exists".

CI runs as root: permission errors are simulated; a file where a folder should be is real.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import gofish.cli.rooms
from gofish.cli import main
from gofish.storage import access as access_module


@pytest.fixture(autouse=True)
def _never_listen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gofish.cli.rooms, "listen_or_explain", None)  # never reached
    monkeypatch.delenv("GOFISH_ROOMS_DB", raising=False)


def _refuse_writing(monkeypatch: pytest.MonkeyPatch, refused: Path) -> None:
    """os.access as for a user who may not write ``refused``."""
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.W_OK and os.path.abspath(path) == str(refused):
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)


def _refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["rooms", "--port", "0", *args]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_a_file_where_the_rooms_folder_should_be(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "data").write_text("notes\n")
    err = _refusal(capsys, "--database", str(tmp_path / "data" / "rooms.sqlite3"))
    assert f"{tmp_path / 'data'} is a file, not a directory" in err
    assert (tmp_path / "data").read_text() == "notes\n"


def test_the_default_rooms_database_is_not_said_to_come_from_the_environment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "data").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    err = _refusal(capsys)
    assert "is a file, not a directory" in err
    assert "$GOFISH_ROOMS_DB" not in err  # it was not set


def test_a_rooms_database_that_may_not_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rooms = tmp_path / "rooms.sqlite3"
    rooms.write_bytes(b"")

    real_access = os.access

    def unreadable(path: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.R_OK and os.path.abspath(path) == str(rooms):
            return False  # as for a user who may not read it
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(access_module.os, "access", unreadable)
    err = _refusal(capsys, "--database", str(rooms))
    assert f"cannot open the rooms database {rooms}: it may not be read (Permission denied)" in err


def test_a_rooms_database_that_cannot_be_made_in_its_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _refuse_writing(monkeypatch, tmp_path)
    err = _refusal(capsys, "--database", str(tmp_path / "rooms.sqlite3"))
    assert f"the directory {tmp_path} is not writable" in err
    assert not (tmp_path / "rooms.sqlite3").exists()


def test_a_read_only_rooms_database_is_refused_before_sqlite_opens_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite said "attempt to write a readonly database", and left -wal and -shm files
    # as read-only as it beside it.
    rooms = tmp_path / "rooms.sqlite3"
    rooms.write_bytes(b"")
    _refuse_writing(monkeypatch, rooms)
    err = _refusal(capsys, "--database", str(rooms))
    assert f"cannot open the rooms database {rooms}: the file is read-only" in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["rooms.sqlite3"]


def test_a_rooms_database_in_the_home_of_no_such_user(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # pathlib's RuntimeError came out as a traceback.
    err = _refusal(capsys, "--database", "~no-such-gofish-user/rooms.sqlite3")
    assert "names the home directory of no-such-gofish-user, and there is no such user" in err

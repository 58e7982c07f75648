"""``gofish serve`` refuses to start, as ``gofish play`` refuses to deal (exit status 2,
README "Exit statuses"), where no game played at its table could be kept anywhere: it
warned "will not be saved while this lasts" and served. A database it can only warn about
(a folder, a damaged file: test_serve_database_warning.py) still opens the table. And it
names a folder that takes no new file whatever its permissions say (/sys, even to root),
in play's words: serve said nothing there, play "Permission denied"."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

from gofish.cli import main
from gofish.cli.play import open_games_store
from gofish.cli.serve import games_database_checked
from gofish.storage import fallback as fallback_module


@pytest.fixture
def refused_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """A serve that went on to listen fails the test rather than serving for ever."""
    import gofish.cli.serve

    monkeypatch.setattr(gofish.cli.serve, "listen_or_explain",
                        lambda *_: pytest.fail("serve went on to listen"))
    monkeypatch.setenv("GOFISH_ROOMS_DB", "")


@pytest.mark.usefixtures("refused_early")
def test_serve_refuses_a_database_where_no_game_could_be_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_the_way = tmp_path / "data"  # a file where the database's folder should be
    in_the_way.write_text("")
    last_resort = in_the_way / "last.jsonl"
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: last_resort)
    database = in_the_way / "games.sqlite3"
    assert main(["serve", "--port", "0", "--database", str(database)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # never announced an address
    assert captured.err == (
        f"gofish serve: cannot create the games database {database}: {in_the_way} is a file, "
        "not a directory, and no fallback file can be written either "
        f"({database}.unsaved.jsonl nor {last_resort}): choose another file with --database\n")


def test_serve_and_play_name_a_folder_that_takes_no_new_file_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = tmp_path / "sysfs"  # writable by its mode, as /sys is to root; no file goes in
    closed.mkdir()
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if Path(kwargs.get("dir") or ".") == closed:
            raise PermissionError(13, "Permission denied")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(fallback_module, "_last_resort_path", lambda: tmp_path / "last.jsonl")
    database = closed / "games.sqlite3"
    said = (f"cannot create the games database {database}: the directory {closed} takes no "
            "new files (Permission denied)")
    assert games_database_checked(str(database))  # a warning: serve starts
    assert capsys.readouterr().err.startswith(f"gofish serve: warning: {said}. Games played")
    open_games_store(str(database), required=False).close()
    assert capsys.readouterr().err.startswith(f"gofish play: warning: {said}. Your game")
    assert list(closed.iterdir()) == []

"""A database path that cannot be reached says why in words of its own: a link that leads
round in a loop read as "does not exist", and a name too long as "a folder on the way may
not be opened"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import StorageError, Store, open_store, save_game

from .helpers import EMMA, YOU, played_game


def test_a_link_round_in_a_loop_is_named_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    first.symlink_to(second)
    second.symlink_to(first)
    assert main(["history", "--database", str(first)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gofish history: cannot reach the games database {first}: ")
    assert err.endswith("(a link on the way leads round in a loop)\n")


def test_a_name_longer_than_the_system_allows_is_named_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / ("x" * 300 + ".db")
    assert main(["stats", "--database", str(database)]) == 1
    err = capsys.readouterr().err
    assert err.endswith("(the path, or a name in it, is longer than this system allows)\n")
    assert "a folder on the way may not be opened" not in err


def test_play_with_a_name_too_long_warns_and_keeps_the_game_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It stopped with "gofish play: File name too long (…)": the check of where a game
    # could be kept tried the fallback file beside the database, whose name is longer still.
    from tests.plain.test_plain import gofish

    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the fallback file of last resort goes here
    done = gofish(["play", "--plain", "--seed", "3"], "quit\n", tmp_path / ("x" * 300 + ".db"))
    assert done.returncode == 0, done.stderr
    assert "longer than this system allows" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.glob("gofish-*.unsaved.jsonl"))  # the game is kept there


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        pytest.skip("this system does not say how long a name may be")


def test_a_name_too_long_for_sqlite_s_files_beside_it_is_named_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A name the system takes, but not with SQLite's "-journal" after it: "the path is a
    # directory, or its directory is missing or not writable", none of which was so.
    database = tmp_path / ("x" * (_name_max(tmp_path) - 10) + ".db")
    with pytest.raises(StorageError) as refused:
        Store(database)
    assert "its name is too long" in str(refused.value)
    assert "-journal" in str(refused.value) and "directory" not in str(refused.value)
    assert not database.exists()  # not made, to stand there empty
    with pytest.raises(StorageError) as kept:
        save_game(gofish.game_to_record(gofish.new_game("classic", players=2, seed=1)),
                  seats=[YOU, EMMA], path=database)
    assert kept.value.fallback_path is not None  # the game kept elsewhere, as ever
    capsys.readouterr()


def test_a_database_whose_fallback_file_name_is_too_long_is_still_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite takes the name, but not with ".unsaved.jsonl" after it: history stopped with
    # "cannot reach the games database ….unsaved.jsonl: File name too long", a file that
    # can never be there (a game the database refused goes to the temp folder's file).
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    database = tmp_path / ("x" * (_name_max(tmp_path) - 12) + ".db")
    with Store(database) as store:
        store.save(gofish.game_to_record(played_game()), seats=[YOU, EMMA])
    for command in (["history"], ["stats"], ["show", "1", "--delay", "0"], ["export", "1"]):
        assert main([*command, "--database", str(database)]) == 0, capsys.readouterr().err
        assert capsys.readouterr().err == ""
    with open_store(database) as store:
        assert [game.id for game in store.list_games()] == [1]

"""A database path that cannot be reached says why in words of its own: a link that leads
round in a loop read as "does not exist", and a name too long as "a folder on the way may
not be opened"."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


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

"""The commands that only read the games database leave an empty file as it is.

docs/storage.md: these commands do not create a database that does not exist, and a
database with no tables yet reads as holding no games. Yet an existing empty file (made
by ``touch``, or a file of some other program's not written yet) was made a games
database by ``gofish history``: gofish's tables written into a file that was not ours.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import gofish_cmd


@pytest.mark.parametrize(("command", "status", "said"), [
    (["history"], 0, "No games stored yet in "),
    (["stats"], 0, "No finished games yet in "),
    (["show", "1"], 2, "there is no stored game with id 1"),
    (["export", "1"], 2, "there is no stored game with id 1"),
])
def test_an_empty_file_reads_as_no_games_and_stays_empty(
        tmp_path: Path, command: list[str], status: int, said: str) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    result = gofish_cmd(*command, "--database", str(path))
    assert result.returncode == status, result.stderr
    assert said in result.stdout + result.stderr
    assert path.stat().st_size == 0
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["empty.sqlite3"]


def test_a_missing_file_is_still_not_created(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    result = gofish_cmd("history", "--database", str(path))
    assert result.returncode == 0 and "does not exist" in result.stdout
    assert not path.exists()


@pytest.mark.parametrize(("words", "what"), [
    ([], "there is no unfinished game to resume"),
    (["1"], "there is no stored game with id 1"),
])
def test_resume_leaves_an_empty_file_as_it_is(
        tmp_path: Path, words: list[str], what: str) -> None:
    # resume of a missing file creates nothing; of an empty one it wrote gofish's tables.
    path = tmp_path / "empty.sqlite3"
    path.touch()
    result = gofish_cmd("resume", *words, "--database", str(path))
    assert result.returncode == 2, result.stderr
    assert f"gofish resume: {what}: the games database {path} is an empty file" in result.stderr
    assert path.stat().st_size == 0
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["empty.sqlite3"]

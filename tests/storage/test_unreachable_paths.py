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

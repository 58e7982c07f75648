"""The line that tells a player how to pick their game up again (gofish resume …)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish.session
from gofish.core import make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import StorageError, open_store


def _session(database: Path) -> TableSession:
    settings = TableSettings(rules=make_rules("classic"), players=2, opponents=("emma",),
                             seed=3)
    return TableSession.deal(settings, open_store(database))


def test_a_game_in_another_database_names_it(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "default.sqlite3"))
    session = _session(tmp_path / "mine.sqlite3")
    command = session.resume_command()
    assert command.startswith("gofish resume") and "--database" in command
    assert command.endswith(str(tmp_path / "mine.sqlite3"))


def test_the_default_database_needs_no_option(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "default.sqlite3"))
    assert "--database" not in _session(tmp_path / "default.sqlite3").resume_command()


def test_with_no_home_directory_the_database_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With no home there is no default database: the hint cannot leave the option out, and
    # must not fail either (it is printed as the game is left, after it was saved).
    session = _session(tmp_path / "mine.sqlite3")

    def no_home() -> Path:
        raise StorageError("there is no home directory to keep data in")

    monkeypatch.setattr(gofish.session, "default_db_path", no_home)
    assert session.resume_command(plain=True).endswith(
        f"--plain --database {tmp_path / 'mine.sqlite3'}")

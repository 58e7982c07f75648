"""The line that tells a player how to pick their game up again (gofish resume …)."""

from __future__ import annotations

import os
import subprocess
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


@pytest.mark.skipif(not Path("/bin/bash").exists(), reason="needs bash")
def test_a_path_that_is_not_utf8_is_named_byte_for_byte(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The hint printed "�" for the byte 0xff, and pasted back it named another file.
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "default.sqlite3"))
    database = tmp_path / "games\udcff.sqlite3"  # the byte 0xff, as Python reads it
    command = _session(database).resume_command()
    word = command.split(" --database ", 1)[1]
    assert "\ufffd" not in command and word.startswith("$'")
    said = subprocess.run(["/bin/bash", "-c", f"printf %s {word}"], capture_output=True,
                          check=True).stdout
    assert said == os.fsencode(database)

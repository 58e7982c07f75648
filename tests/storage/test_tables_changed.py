"""A gofish database whose tables were changed by another program or by hand (a table
dropped, a column removed) is named as such by every command: it was "cannot be used: no
such table: seats" at the first read, and gofish recover found nothing damaged."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import StorageError, Store, save_game

from .helpers import EMMA, YOU, damage, played_game

CHANGES = {
    "DROP TABLE seats": "its seats table is missing",
    "ALTER TABLE games DROP COLUMN rules_label": "its games table has no rules_label column",
    "ALTER TABLE games DROP COLUMN deal": "its games table has no deal column",
}


@pytest.mark.parametrize("change", CHANGES)
def test_every_command_names_the_part_that_is_missing(
    db_path: Path, capsys: pytest.CaptureFixture[str], change: str
) -> None:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game()), seats=[YOU, EMMA])
    damage(db_path, change)
    said = (f"the games database {db_path} is not as gofish makes it ({CHANGES[change]}: "
            "changed by another program or by hand)")
    for command in (["history"], ["stats"], ["show", "1"], ["export", "1"]):
        assert main([*command, "--database", str(db_path)]) == 1
        assert capsys.readouterr().err.startswith(f"gofish {command[0]}: {said}")
    assert main(["recover", "--database", str(db_path)]) == 2  # refused, nothing changed
    assert said in capsys.readouterr().err
    with pytest.raises(StorageError) as kept:  # a game saved meanwhile is not lost
        save_game(gofish.game_to_record(played_game(seed=2)), seats=[YOU, EMMA], path=db_path)
    assert said in str(kept.value) and kept.value.fallback_path is not None


def test_an_older_gofish_s_database_is_not_missing_the_newer_column(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Schema 1 had no deal column: it is upgraded, not refused.
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game()), seats=[YOU, EMMA])
    damage(db_path, "ALTER TABLE games DROP COLUMN deal")
    damage(db_path, "UPDATE schema_version SET version = 1")
    assert main(["history", "--database", str(db_path)]) == 0
    assert capsys.readouterr().err == ""

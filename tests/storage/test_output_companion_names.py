"""``gofish export -o`` (and ``tournament --csv/--plot``) refuse to write over the files
SQLite keeps beside a database (``games.sqlite3-wal``, ``-journal``, ``-shm``). Every name
that merely ended so was refused, a file that does not exist included: ``export 1 -o
travel-journal`` exited 2, "will not write over travel-journal: it is part of a database",
with no database anywhere (README, "Exit statuses": 2 is for an -o file that holds stored
games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store

from .helpers import EMMA, YOU, played_game

#: How a -wal file begins (SQLite's file format, "WAL file format").
WAL_MAGIC = bytes.fromhex("377f0682")


@pytest.fixture
def stored(db_path: Path) -> Path:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    return db_path


@pytest.mark.parametrize(("name", "suffix"), [("travel-journal", "-journal"),
                                            ("notes-wal", "-wal"), ("game-shm", "-shm")])
def test_a_new_file_named_like_a_side_file_of_no_database_is_written(
    capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path, name: str, suffix: str
) -> None:
    target = tmp_path / name
    assert main(["export", "1", "-o", str(target), "--database", str(stored)]) == 0
    assert capsys.readouterr().err == ""
    assert json.loads(target.read_text(encoding="utf-8"))["players"] == 2
    # The database's own, there or not, is still refused, and left as it was.
    beside = Path(f"{stored}{suffix}")
    before = beside.read_bytes() if beside.exists() else None
    assert main(["export", "1", "-o", str(beside), "--database", str(stored)]) == 2
    assert "it is part of a database" in capsys.readouterr().err
    assert (beside.read_bytes() if beside.exists() else None) == before


def test_an_ordinary_file_so_named_is_written_over_but_not_a_wal_file(
    capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path
) -> None:
    target = tmp_path / "travel-journal"
    target.write_text("an older export\n", encoding="utf-8")
    assert main(["export", "1", "-o", str(target), "--database", str(stored)]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["players"] == 2
    # A -wal file whose database was moved away still holds its last saves: refused.
    wal = tmp_path / "moved-away.sqlite3-wal"
    wal.write_bytes(WAL_MAGIC + bytes(28))
    assert main(["export", "1", "-o", str(wal), "--database", str(stored)]) == 2
    assert "it is part of a database" in capsys.readouterr().err
    assert wal.read_bytes() == WAL_MAGIC + bytes(28)

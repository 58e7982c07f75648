"""A games database row changed by another program so that a cell holds what gofish never
writes there: a blob where text belongs (a date, a seat's name, the rules label, the
number of asks), or text that is not UTF-8. Such a game is damaged, named as damaged, and
the others still listed: a blob was a traceback in history (the date), history --json
(any blob) and stats (the label); text that is not UTF-8 made SQLite's decoding fail for
the whole query, so history, show and resume refused every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import DamagedGameError, Store

from .helpers import EMMA, YOU, damage, played_game

BLOBS = {
    "date": "UPDATE games SET updated_at = X'00ff' WHERE id = 2",
    "start": "UPDATE games SET created_at = X'00ff' WHERE id = 2",
    "finish": "UPDATE games SET finished_at = X'00ff' WHERE id = 2",
    "label": "UPDATE games SET rules_label = X'41' WHERE id = 2",
    "source": "UPDATE games SET source = X'41' WHERE id = 2",
    "asks": "UPDATE games SET actions = X'00' WHERE id = 2",
    "name": "UPDATE seats SET name = X'ff00' WHERE game_id = 2 AND seat = 1",
    "bot": "UPDATE seats SET bot = X'656d6d61' WHERE game_id = 2 AND seat = 1",
}
#: Blobs that stats reads too: the others it does not look at, and counts the game.
COUNTED_BY_STATS = {"finish", "label", "bot"}


@pytest.fixture
def three_finished(db_path: Path) -> Path:
    with Store(db_path) as store:
        for seed in (31, 32, 33):
            store.save(gofish.game_to_record(played_game(seed=seed)), seats=[YOU, EMMA])
    return db_path


@pytest.mark.parametrize("statement", BLOBS.values(), ids=BLOBS.keys())
def test_a_blob_where_text_belongs_is_a_damaged_game(
    three_finished: Path, statement: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, statement)
    with Store(three_finished) as store:
        with pytest.raises(DamagedGameError):
            store.get(2)
        entries = store.list_entries()
    # (A blob sorts after any text: a blob date puts the game first.)
    assert sorted(entry.id for entry in entries if not isinstance(entry, DamagedGameError)) == [
        1, 3]
    assert [entry.game_id for entry in entries if isinstance(entry, DamagedGameError)] == [2]

    database = ["--database", str(three_finished)]
    assert main(["history", *database]) == 1
    captured = capsys.readouterr()
    assert "(damaged: cannot be read)" in captured.out
    assert "game 2 is damaged" in captured.err

    assert main(["history", "--json", *database]) == 1
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(game["id"] for game in listed) == [1, 2, 3]
    assert {"id": 2, "damaged": True} in listed

    assert main(["show", "2", *database]) == 1
    assert "game 2 in the games database" in capsys.readouterr().err
    assert main(["export", "2", *database]) == 1
    assert "damaged" in capsys.readouterr().err


@pytest.mark.parametrize("kind", sorted(COUNTED_BY_STATS))
def test_stats_leaves_a_game_out_whose_counted_cells_are_blobs(
    three_finished: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, BLOBS[kind])
    assert main(["stats", "--all-seats", "--json", "--database", str(three_finished)]) == 1
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert sum(row["games"] for row in rows if row["player"] == "human") == 2
    assert "game 2 is damaged" in captured.err


def test_a_name_that_is_not_utf8_is_read_with_a_replacement_character(
    three_finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished,
           "UPDATE seats SET name = CAST(X'456d6dff' AS TEXT) WHERE game_id = 2 AND seat = 1")
    assert main(["history", "--database", str(three_finished)]) == 0
    out = capsys.readouterr().out
    assert "Emm\ufffd" in out
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["3", "2", "1"]
    assert main(["show", "2", "--database", str(three_finished)]) == 0
    assert "Emm\ufffd" in capsys.readouterr().out


def test_a_record_that_is_not_utf8_damages_only_its_game(
    three_finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, "UPDATE games SET record = CAST(X'7bff7d' AS TEXT) WHERE id = 2")
    database = ["--database", str(three_finished)]
    assert main(["history", *database]) == 1
    captured = capsys.readouterr()
    assert [line.split()[0] for line in captured.out.splitlines()[2:]] == ["3", "2", "1"]
    assert "game 2 is damaged" in captured.err
    assert main(["show", "1", *database]) == 0
    assert "Game 1:" in capsys.readouterr().out

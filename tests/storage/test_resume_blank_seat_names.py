"""A stored game whose seat has a blank name or bot name (a row edited by hand) is damaged:
``save`` refuses such seats, so ``gofish resume`` dealt the game back and let the player
play on, and then no move could be saved anywhere ("Could not save the game: seat 0
needs a name", exit 0): every move played was lost. Now it is refused up front, exit 1,
as any damaged game is (docs/storage.md, "Errors")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import DamagedGameError, Store

from .helpers import EMMA, YOU, damage, played_game

BLANKS = {
    "blank name": "UPDATE seats SET name = '   ' WHERE game_id = ? AND seat = 0",
    "empty name": "UPDATE seats SET name = '' WHERE game_id = ? AND seat = 0",
    "blank bot": "UPDATE seats SET bot = ' ' WHERE game_id = ? AND seat = 1",
}


@pytest.fixture
def unfinished(db_path: Path) -> int:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=41, asks=3)), seats=[YOU, EMMA])
        return store.save(gofish.game_to_record(played_game(seed=42, asks=3)),
                          seats=[YOU, EMMA])


@pytest.mark.parametrize("statement", BLANKS.values(), ids=BLANKS.keys())
def test_resuming_a_game_with_a_blank_seat_is_refused_before_any_move(
    db_path: Path, unfinished: int, statement: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    damage(db_path, statement, (unfinished,))
    with Store(db_path) as store:
        with pytest.raises(DamagedGameError):
            store.get(unfinished)
        before = store.list_entries()

    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["resume", str(unfinished), "--plain", "--speed", "0",
                 "--database", str(db_path)])
    captured = capsys.readouterr()
    assert code == 1, captured
    assert f"game {unfinished} in the games database" in captured.err
    assert "damaged" in captured.err
    assert "Could not save" not in captured.out  # no game was dealt to be lost

    # Without an id, the older game is resumed instead, the damaged one named.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["resume", "--plain", "--speed", "0", "--database", str(db_path)]) == 0
    captured = capsys.readouterr()
    assert f"game {unfinished} in the games database" in captured.err
    assert "Could not save" not in captured.out
    assert f"Game {unfinished - 1} saved unfinished" in captured.out
    with Store(db_path) as store:
        after = store.list_entries()
    assert len(after) == len(before)  # nothing was stored as a new game either

"""``gofish stats`` and ``gofish history`` call the same games damaged. Stats counted a game
from its seat rows alone, so a game whose record (or source, times, rules, books,
winners or a seat's name) could not be read was counted there while history named it
damaged; and a seat's result it could not read left the game out, where history showed
it as its record plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main
from gofish.storage import DamagedGameError, Store

from .helpers import copies_of_one_game, damage

# Each damages game 2 of three copies of one finished game (You against Emma).
DAMAGED = {
    "record not JSON": "UPDATE games SET record = '{not json' WHERE id = 2",
    "record not an object": "UPDATE games SET record = '[1]' WHERE id = 2",
    "record a blob": "UPDATE games SET record = CAST(record AS BLOB) WHERE id = 2",
    "source a blob": "UPDATE games SET source = x'00' WHERE id = 2",
    "update time a blob": "UPDATE games SET updated_at = x'00' WHERE id = 2",
    "asks a blob": "UPDATE games SET actions = x'01' WHERE id = 2",
    "asks negative": "UPDATE games SET actions = -1 WHERE id = 2",
    "rules not JSON": "UPDATE games SET rules = 'not json' WHERE id = 2",
    "books not JSON": "UPDATE games SET books = 'x' WHERE id = 2",
    "books for too few seats": "UPDATE games SET books = '[1]' WHERE id = 2",
    "no winners": "UPDATE games SET winners = '[]' WHERE id = 2",
    "a winner past the seats": "UPDATE games SET winners = '[5]' WHERE id = 2",
    "over without winners": "UPDATE games SET winners = NULL WHERE id = 2",
    "a blank name": "UPDATE seats SET name = '  ' WHERE game_id = 2 AND seat = 0",
    "a blank bot": "UPDATE seats SET bot = '\u3000' WHERE game_id = 2 AND seat = 1",
    "a seat deleted": "DELETE FROM seats WHERE game_id = 2 AND seat = 1",
    # Neither finished nor not: history showed it finished, stats left it out unnamed.
    "finished or not, 2": "UPDATE games SET over = 2 WHERE id = 2",
    "finished or not, text": "UPDATE games SET over = 'yes' WHERE id = 2",
}
# Columns only derived from the record: history shows the game as its record plays.
CHANGED = {
    "a result no game has": "UPDATE seats SET result = 'won' WHERE game_id = 2 AND seat = 0",
    "books that are no count": "UPDATE seats SET books = -1 WHERE game_id = 2 AND seat = 0",
}


def _read_both(db_path: Path, statement: str) -> tuple[list[int], list[int], list[int]]:
    """The games history calls damaged, stats leaves out and stats counts as changed."""
    copies_of_one_game(db_path, 3)
    damage(db_path, statement)
    with Store(db_path) as store:
        listed = store.list_entries(limit=10)
        skipped: list[DamagedGameError] = []
        changed: list[int] = []
        store.stats(human_only=False, skipped=skipped, changed=changed)
    history = [entry.game_id for entry in listed if isinstance(entry, DamagedGameError)]
    return history, [error.game_id for error in skipped], changed


@pytest.mark.parametrize("statement", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_game_history_calls_damaged_stats_leaves_out(tmp_path: Path, statement: str) -> None:
    history, skipped, changed = _read_both(tmp_path / "games.sqlite3", statement)
    assert history == [2]
    assert skipped == [2] and changed == []


@pytest.mark.parametrize("statement", CHANGED.values(), ids=CHANGED.keys())
def test_a_seat_figure_past_reading_is_counted_as_the_record_plays(
        tmp_path: Path, statement: str) -> None:
    history, skipped, changed = _read_both(tmp_path / "games.sqlite3", statement)
    assert history == [] and skipped == [] and changed == [2]


@pytest.mark.parametrize("damaged", [[2], [1, 2]])
def test_the_stats_table_says_how_many_damaged_games_it_leaves_out(
        tmp_path: Path, damaged: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    # Named on stderr alone, the table looked like every game's figures.
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 3)
    for game_id in damaged:
        damage(db_path, "UPDATE games SET record = 'x' WHERE id = ?", (game_id,))
    assert main(["stats", "--database", str(db_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[2].split()[2] == str(3 - len(damaged))  # the games column of the one row
    assert out[-1] == ("(1 damaged game is not counted: gofish history marks it)"
                       if len(damaged) == 1 else
                       "(2 damaged games are not counted: gofish history marks them)")

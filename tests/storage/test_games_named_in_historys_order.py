"""``gofish stats`` names damaged and changed games in the order ``gofish history`` does,
newest first: stats read them oldest first and said "games 3, 4 are damaged" of the
games history named "games 4, 3"."""

from __future__ import annotations

from pathlib import Path

from gofish.storage import Store
from gofish.web.stats import stats_answer

from .helpers import copies_of_one_game, damage
from .test_cli import gofish_cmd


def test_stats_names_damaged_games_newest_first(tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 5)
    damage(db_path, "UPDATE seats SET result = 'junk' WHERE game_id IN (3, 4)")
    result = gofish_cmd("stats", "--database", str(db_path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "gofish stats: games 4, 3 are damaged and cannot be read" in result.stderr


def test_stats_and_history_name_changed_rows_in_one_order(tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 5)
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (2, 3) AND seat = 0")
    history = gofish_cmd("history", "--database", str(db_path))
    stats = gofish_cmd("stats", "--database", str(db_path))
    assert "the rows of games 3, 2 say otherwise" in history.stderr
    assert "the rows of games 3, 2 say otherwise" in stats.stderr



def test_the_stats_page_names_them_newest_first_too(tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 5)
    damage(db_path, "UPDATE seats SET result = 'junk' WHERE game_id IN (1, 2)")
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (3, 4) AND seat = 0")
    with Store(db_path) as store:
        answer = stats_answer(store)
    assert answer["damaged"] == [2, 1] and answer["changed"] == [4, 3]
    assert answer["changed_note"].startswith("the rows of games 4, 3 say otherwise")

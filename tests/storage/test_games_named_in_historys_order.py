"""``gofish stats`` names damaged and changed games in the order ``gofish history`` does,
newest first: stats read them oldest first and said "games 3, 4 are damaged" of the
games history named "games 4, 3"."""

from __future__ import annotations

from pathlib import Path

from gofish.storage import DamagedGameError, Store
from gofish.web.stats import stats_answer

from .helpers import copies_of_one_game, damage
from .test_cli import gofish_cmd


def test_stats_names_damaged_games_newest_first(tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 5)
    damage(db_path, "DELETE FROM seats WHERE game_id IN (3, 4) AND seat = 1")
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
    damage(db_path, "DELETE FROM seats WHERE game_id IN (1, 2) AND seat = 1")
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (3, 4) AND seat = 0")
    with Store(db_path) as store:
        answer = stats_answer(store)
    assert answer["damaged"] == [2, 1] and answer["changed"] == [4, 3]
    assert answer["changed_note"].startswith("the rows of games 4, 3 say otherwise")


# Game 2 resumed and finished after games 3 and 4 were played: history lists it first (by
# its last move), and stats, sorting by id, named it last.
LAST_MOVES = {1: "2026-01-01T10:00:00", 2: "2026-01-04T10:00:00",
              3: "2026-01-03T10:00:00", 4: "2026-01-02T10:00:00"}


def resumed_game_finished_last(db_path: Path) -> None:
    copies_of_one_game(db_path, 4, LAST_MOVES.__getitem__)
    damage(db_path, "UPDATE games SET finished_at = updated_at")


def test_a_game_finished_after_later_ones_is_named_where_history_lists_it(
        tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    resumed_game_finished_last(db_path)
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (2, 4) AND seat = 0")
    history = gofish_cmd("history", "--database", str(db_path))
    stats = gofish_cmd("stats", "--database", str(db_path))
    assert "the rows of games 2, 4 say otherwise" in history.stderr
    assert "the rows of games 2, 4 say otherwise" in stats.stderr


def test_the_stats_page_names_a_game_finished_late_where_history_lists_it(
        tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    resumed_game_finished_last(db_path)
    damage(db_path, "DELETE FROM seats WHERE game_id IN (2, 3) AND seat = 1")
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (1, 2, 4) AND seat = 0")
    with Store(db_path) as store:
        answer = stats_answer(store)
        listed = [entry.game_id if isinstance(entry, DamagedGameError) else entry.id
                  for entry in store.list_page(limit=10).entries]
    assert listed == [2, 3, 4, 1]
    assert answer["damaged"] == [2, 3] and answer["changed"] == [4, 1]

"""``gofish stats`` names damaged and changed games in the order ``gofish history`` does,
newest first: stats read them oldest first and said "games 3, 4 are damaged" of the
games history named "games 4, 3"."""

from __future__ import annotations

from pathlib import Path

from gofish.storage import DamagedGameError, Store

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


def test_the_stores_stats_list_the_games_they_name_newest_first(tmp_path: Path) -> None:
    # The browser's Stats page names them from these lists too.
    db_path = tmp_path / "games.sqlite3"
    copies_of_one_game(db_path, 5)
    damage(db_path, "UPDATE seats SET result = 'junk' WHERE game_id IN (1, 2)")
    damage(db_path, "UPDATE seats SET books = 9 WHERE game_id IN (3, 4) AND seat = 0")
    skipped: list[DamagedGameError] = []
    changed: list[int] = []
    with Store(db_path) as store:
        store.stats(skipped=skipped, changed=changed)
    assert [damaged.game_id for damaged in skipped] == [2, 1]
    assert changed == [4, 3]

"""A games database whose schema version's page is damaged: gofish history and stats read
its games read-only around the page, and so must the browser's history and stats, which
showed only the damage (no game at all) while the terminal listed every one. A game played
meanwhile is kept in the fallback file, never written into the damaged file."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient
from tests.storage.test_cli import gofish_cmd
from tests.storage.test_recover import GAMES, _save_games
from tests.storage.test_recover_pages_of_other_tables import _zero_the_version

from gofish.web import create_app

from .test_games_kept_while_the_database_is_damaged import play_one_kept_outside


def _damaged_version(tmp_path: Path) -> tuple[Path, list[dict[str, object]]]:
    """A database of GAMES games with its version's page overwritten, and gofish stats'
    rows of it while it was sound."""
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    sound = gofish_cmd("stats", "--database", str(path), "--json").stdout.splitlines()
    _zero_the_version(path)
    return path, [json.loads(line) for line in sound]


def test_the_browser_lists_and_counts_the_games_around_a_damaged_version(
        tmp_path: Path) -> None:
    path, sound = _damaged_version(tmp_path)
    with TestClient(create_app(path, pace=0)) as client:
        listed = client.get("/api/games", params={"limit": 200})
        stats = client.get("/api/stats")
    assert listed.status_code == 200, listed.text
    assert listed.json()["total"] == GAMES
    assert len(listed.json()["games"]) == GAMES
    assert stats.status_code == 200, stats.text
    assert sum(row["games"] for row in stats.json()["rows"]) == sum(
        row["games"] for row in sound)


def test_a_game_played_beside_a_damaged_version_is_kept_outside_it(tmp_path: Path) -> None:
    path, _ = _damaged_version(tmp_path)
    play_one_kept_outside(path)

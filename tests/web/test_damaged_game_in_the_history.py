"""One damaged game (a row edited by hand) must not hide every other game from the browser.

``/api/games`` answered 503 for the whole list when any game in it could not be read, so
the history page showed nothing but the error and the start screen offered no game to go
on with; ``gofish history`` marks such a game in its place and lists the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import EMMA, YOU, damage, played_game

from gofish.storage import open_store
from gofish.web import create_app

from .conftest import LiveServer


def store_three_games(database: Path) -> list[int]:
    """A finished game, then two unfinished ones, the middle one damaged afterwards."""
    with open_store(database) as store:
        ids = [store.save(played_game(seed=1).to_record(), seats=[YOU, EMMA]),
               store.save(played_game(seed=2, asks=3).to_record(), seats=[YOU, EMMA]),
               store.save(played_game(seed=3, asks=3).to_record(), seats=[YOU, EMMA])]
    damage(database, "UPDATE games SET record = '{' WHERE id = ?", (ids[1],))
    return ids


def test_the_games_list_marks_a_damaged_game_and_lists_the_others(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    finished, damaged, unfinished = store_three_games(database)
    client = TestClient(create_app(database, pace=0))

    everything = client.get("/api/games")
    assert everything.status_code == 200, everything.text
    rows = {row["id"]: row for row in everything.json()["games"]}
    assert rows[damaged] == {"id": damaged, "damaged": True}
    assert rows[finished]["over"] and not rows[unfinished]["over"]
    assert everything.json()["total"] == 3  # the damaged game still takes its place in paging

    to_go_on_with = client.get("/api/games?finished=false").json()["games"]
    assert [row["id"] for row in to_go_on_with] == [unfinished, damaged]
    # Its own replay still says why it cannot be shown.
    assert client.get(f"/api/games/{damaged}").status_code == 503


def test_the_damaged_row_names_no_server_path(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store_three_games(database)
    client = TestClient(create_app(database, pace=0))
    assert str(tmp_path) not in client.get("/api/games").text


@pytest.mark.browser
def test_the_history_and_the_start_screen_show_the_other_games(
    page: Any, tmp_path: Path
) -> None:
    database = tmp_path / "games.sqlite3"
    finished, damaged, unfinished = store_three_games(database)
    with LiveServer(database, pace=0.02) as server:
        page.goto(f"{server.url}/?speed=0#/history")
        page.wait_for_selector(".history-table tbody tr")
        rows = page.locator(".history-table tbody tr")
        assert rows.count() == 3
        assert "cannot be read" in page.locator("tr.damaged").inner_text()
        assert page.locator(f'a[href="#/replay/{finished}"]').count() == 2

        page.goto(f"{server.url}/?speed=0#/")
        page.wait_for_selector(f'.unfinished a[href="#/resume/{unfinished}"]')
        assert page.locator(f'.unfinished a[href="#/resume/{damaged}"]').count() == 0

"""A game whose row says otherwise than its record (its books or winners changed by hand,
or by a failing disk) is read as its record plays. ``gofish history``, ``show`` and
``stats`` say so on stderr, but the browser's history, replay and stats pages showed the
record's values without a word: the history's books disagreed with the database's, and
nothing said why. The API now names such a game and the pages say it in the commands'
words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import EMMA, YOU, damage, played_game

from gofish.storage import open_store
from gofish.storage.errors import DAMAGE_CAUSES
from gofish.web import create_app

from .conftest import LiveServer

SEAT_0_WON = "UPDATE seats SET result = 'win' WHERE game_id = 1 AND seat = 0"
# Seed 1, You (seat 0) against Emma: Emma wins 7 books to 6.


def note(columns: str) -> str:
    """gofish history's words on game 1, its ``columns`` changed."""
    return (f"game 1's row says otherwise than the game record ({columns}): changed since it "
            f"was saved ({DAMAGE_CAUSES}); shown as the record plays")



def store_a_changed_game(database: Path, *edits: str) -> None:
    """Game 1 (seed 1, Emma won 7 to 6) with ``edits`` to its row, then game 2 as saved."""
    with open_store(database) as store:
        store.save(played_game(seed=1).to_record(), seats=[YOU, EMMA])
        store.save(played_game(seed=3).to_record(), seats=[YOU, EMMA])
    for edit in edits:
        damage(database, edit)


def test_the_games_list_and_the_game_name_a_changed_row(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store_a_changed_game(database, "UPDATE games SET books = '[7, 6]' WHERE id = 1",
                         "UPDATE games SET winners = '[0]' WHERE id = 1")
    client = TestClient(create_app(database, pace=0))
    rows = {row["id"]: row for row in client.get("/api/games").json()["games"]}
    game = client.get("/api/games/1").json()
    for shown in (rows[1], game):
        assert (shown["books"], shown["winners"]) == ([6, 7], [1])  # as the record plays
        assert shown["changed"] == ["winners", "books"]
        assert shown["changed_note"] == note("winners and books")
    assert (rows[2]["changed"], rows[2]["changed_note"]) == ([], None)


def test_the_stats_name_a_game_counted_as_its_record_plays(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store_a_changed_game(database, SEAT_0_WON)
    answer = TestClient(create_app(database, pace=0)).get("/api/stats").json()
    assert answer["changed"] == [1]
    assert answer["changed_note"] == note("its rules, books or winners")
    assert answer["damaged"] == []
    # Game 1 counted as lost, as its record plays, though its seat row says won.
    assert [point["won"] for point in answer["over_time"]] == [False, False]


def test_unchanged_games_are_not_called_changed(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store_a_changed_game(database)
    client = TestClient(create_app(database, pace=0))
    assert all(row["changed_note"] is None for row in client.get("/api/games").json()["games"])
    assert client.get("/api/games/1").json()["changed"] == []
    assert client.get("/api/stats").json()["changed"] == []


@pytest.mark.browser
def test_the_history_replay_and_stats_pages_say_the_row_was_changed(
    page: Any, tmp_path: Path
) -> None:
    database = tmp_path / "games.sqlite3"
    store_a_changed_game(database, "UPDATE games SET books = '[7, 6]' WHERE id = 1",
                         "UPDATE games SET winners = '[0]' WHERE id = 1",
                         SEAT_0_WON)
    said = note("winners, books and seats' books and results")
    said = f"{said[0].upper()}{said[1:]}."
    with LiveServer(database, pace=0) as server:
        page.goto(f"{server.url}/?speed=0#/history")
        page.wait_for_selector(".history-table tbody tr")
        row = page.locator('.history-table tr[data-game="1"]').inner_text()
        assert "6–7" in row and "Emma won" in row, row
        assert said in row, row
        assert "record" not in page.locator('.history-table tr[data-game="2"]').inner_text()

        page.goto(f"{server.url}/?speed=0#/replay/1")
        page.wait_for_selector(".replay-board")
        words = page.locator("#page-replay").inner_text()
        assert said in words, words

        page.goto(f"{server.url}/?speed=0#/stats")
        page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
        words = str(page.evaluate("() => document.querySelector('#page-stats').textContent"))
        assert note("its rules, books or winners").replace("game", "Game", 1) + "." in words, \
            words

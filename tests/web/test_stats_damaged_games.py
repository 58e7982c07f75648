"""A game whose seat rows were damaged (edited by hand) is left out of the stats; `gofish
stats` names it and the history marks it, but the stats page left it out without a word,
so its figures looked whole (one game fewer than the history lists, and no reason)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import EMMA, YOU, damage, played_game

from gofish.storage import open_store
from gofish.storage.store import lost_seat
from gofish.web import create_app

from .conftest import LiveServer


def store_with_a_damaged_game(database: Path) -> int:
    """Three finished games against Emma; the second's seat rows renumbered by hand."""
    with open_store(database) as store:
        ids = [store.save(played_game(seed=seed).to_record(), seats=[YOU, EMMA])
               for seed in (3, 4, 5)]
    damage(database, "UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1", (ids[1],))
    return ids[1]


def test_the_stats_api_names_the_games_it_leaves_out(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    damaged = store_with_a_damaged_game(database)
    answer = TestClient(create_app(database, pace=0)).get("/api/stats").json()
    assert answer["damaged"] == [damaged]
    assert sum(row["games"] for row in answer["rows"]) == len(answer["over_time"]) == 2


def stats_page_words(page: Any, server: LiveServer) -> str:
    """The stats page's text, once its charts are drawn."""
    page.goto(f"{server.url}/#/stats")
    page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
    return str(page.evaluate("() => document.querySelector('#page-stats').textContent"))


@pytest.mark.browser
def test_the_stats_page_says_which_game_it_leaves_out(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        damaged = store_with_a_damaged_game(server.database)
        words = stats_page_words(page, server)
        assert (f"Game {damaged} is damaged in the games database (a failing disk, a bad copy "
                "or an edit by hand?), so it is not counted here.") in words, words


def store_with_a_game_whose_seats_were_lost(database: Path) -> int:
    """Two finished games against Emma, and one that gofish recover brought back without
    who sat in either seat (each named 'seat N (name lost)')."""
    with open_store(database) as store:
        for seed in (3, 4):
            store.save(played_game(seed=seed).to_record(), seats=[YOU, EMMA])
        return store.save(played_game(seed=5).to_record(), seats=[lost_seat(0), lost_seat(1)])


def test_the_stats_api_names_the_games_whose_seats_recover_lost(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    nobody = store_with_a_game_whose_seats_were_lost(database)
    answer = TestClient(create_app(database, pace=0)).get("/api/stats").json()
    assert answer["unknown"] == [nobody]
    assert answer["damaged"] == []
    assert sum(row["games"] for row in answer["rows"]) == len(answer["over_time"]) == 2


@pytest.mark.browser
def test_the_stats_page_says_which_game_came_back_without_its_seats(
        page: Any, tmp_path: Path) -> None:
    # gofish stats named such a game on stderr; the page counted two games of the
    # history's three without a word.
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        nobody = store_with_a_game_whose_seats_were_lost(server.database)
        words = stats_page_words(page, server)
        assert (f"Game {nobody} is not counted here: gofish recover brought it back without "
                "who sat in which seat.") in words, words
        assert "2 finished games" in words, words

"""Under the pairs house rule the coach says pairs, as the rest of the table does."""

from __future__ import annotations

from typing import Any

import pytest
from tests.storage.helpers import EMMA, RANDOM, YOU, played_game

from gofish.core import Game
from gofish.storage import open_store

from .conftest import LiveServer

pytestmark = pytest.mark.browser

PAIRS = {"preset": "classic", "book_size": 2}


def open_stored(page: Any, server: LiveServer, game: Game, seats: list[dict[str, Any]]) -> None:
    with open_store(server.database) as store:
        game_id = store.save(game.to_record(), seats=seats)
    page.goto(f"{server.url}/?speed=0&pace=5#/play/{game_id}")
    page.wait_for_selector("#page-play:not([hidden]) .coach-help")


def test_the_coach_of_a_finished_pairs_game_says_every_card_is_paired(
    page: Any, live_server: LiveServer
) -> None:
    # It said "Every rank is in a book" where the shelf and the result said pairs.
    game = played_game(PAIRS, players=2, seed=5)
    assert game.is_over
    open_stored(page, live_server, game, [YOU, EMMA])
    assert page.text_content(".coach") == "Every card is in a pair: nothing is left to track."


def test_the_coach_table_of_a_pairs_game_counts_pairs(page: Any, live_server: LiveServer) -> None:
    open_stored(page, live_server, played_game(PAIRS, players=3, seed=5, asks=10),
                [YOU, EMMA, RANDOM])
    help_text = page.text_content(".coach-help") or ""
    assert "Pr: in pairs." in help_text and "book" not in help_text
    assert page.locator(".coach th[title=Paired]").count() == 1
    assert "Booked" not in (page.text_content(".coach") or "")

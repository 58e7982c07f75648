"""Once the game is over the opponents' last cards are shown face up at their seats."""

from __future__ import annotations

from typing import Any

import pytest
from tests.storage.helpers import EMMA, RANDOM, YOU, played_game

from gofish.core import Game
from gofish.storage import open_store

from .conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}
SEATS = [YOU, EMMA, RANDOM, {"name": "Emma 2", "bot": "emma"}]


def stored(server: LiveServer, game: Game) -> int:
    with open_store(server.database) as store:
        return store.save(game.to_record(), seats=SEATS[:game.num_players])


def open_stored(page: Any, server: LiveServer, game_id: int) -> None:
    page.goto(f"{server.url}/?speed=0&pace=5#/play/{game_id}")
    page.wait_for_selector("#page-play:not([hidden]) .opponent")


def shown_hands(page: Any) -> list[list[str]]:
    return [row.evaluate("(node) => [...node.querySelectorAll('.held-chip')]"
                         ".map((chip) => chip.dataset.card)")
            for row in page.locator(".opponent").all()]


def test_a_finished_game_shows_each_opponents_last_cards(page: Any,
                                                         live_server: LiveServer) -> None:
    # They stayed face down: a nordic game ended with 13, 8 and 13 cards in hidden fans.
    game = played_game("nordic", players=4, seed=2)
    assert game.is_over and min(game.hand_sizes[1:]) >= 8
    page.set_viewport_size(PHONE)
    open_stored(page, live_server, stored(live_server, game))
    page.wait_for_selector("#result:not([hidden])")
    page.keyboard.press("Escape")
    hands = [[str(card) for card in game.hand(seat)] for seat in (1, 2, 3)]
    assert shown_hands(page) == hands
    first = page.get_attribute(".opponent >> nth=0", "aria-label") or ""
    assert first.endswith("Held at the end: " + ", ".join(name_of(card) for card in hands[0]))
    screenshot(page, "hands-shown-at-the-end-phone")
    # Nothing is wider than the phone, and every chip is inside its seat.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("""() => [...document.querySelectorAll('.held-chip')].every((chip) => {
        const box = chip.getBoundingClientRect();
        const seat = chip.closest('.opponent').getBoundingClientRect();
        return box.left >= seat.left && box.right <= seat.right && box.right <= innerWidth; })""")


def test_an_unfinished_game_keeps_the_opponents_cards_face_down(
    page: Any, live_server: LiveServer
) -> None:
    open_stored(page, live_server, stored(live_server, played_game("nordic", players=4,
                                                                   seed=2, asks=6)))
    assert page.locator(".held-chip").count() == 0
    assert page.locator(".opponent .mini-fan").count() == 3
    assert "Held at the end" not in (page.text_content(".opponents") or "")


def name_of(card: str) -> str:
    ranks = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    return f"{ranks.get(card[:-1], card[:-1])} of {suits[card[-1]]}"


def test_with_one_opponent_the_last_cards_are_read_once(page: Any,
                                                        live_server: LiveServer) -> None:
    # With one opponent the seat is a group, whose content is read after its label: the
    # cards were in both, so a screen reader heard the list twice.
    game = next(game for seed in range(40)
                if (game := played_game("nordic", players=2, seed=seed)).hand(1))
    open_stored(page, live_server, stored(live_server, game))
    page.wait_for_selector("#result:not([hidden])")
    page.keyboard.press("Escape")
    seat = page.locator(".opponent").first
    assert "Held at the end: " in (seat.get_attribute("aria-label") or "")
    assert seat.locator(".open-hand").get_attribute("aria-hidden") == "true"
    assert "Held at the end" not in (seat.text_content() or "")

"""The result names who won, and counts the asks in words, however the game ended."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table

pytestmark = pytest.mark.browser


def deal_a_game_over_at_once(page: Any, server: LiveServer) -> None:
    """Four nordic players dealt 13 cards each: no sea, so the game ends at the deal (R19),
    with no book dealt in this deal: all four share the win (R10)."""
    open_table(page, server, seed=10, preset="nordic", players=4, hand_size=13)
    page.wait_for_selector("#result:not([hidden])")


def test_a_shared_win_names_the_players_you_share_it_with(
    page: Any, live_server: LiveServer
) -> None:
    # It said "A shared win!" and "0 asks in all.": not with whom, nor in words.
    deal_a_game_over_at_once(page, live_server)
    assert page.inner_text("#result-title") == "You share the win with Emma, Randy and Emma 2!"
    assert page.inner_text("#result .ending") == (
        "The sea ran dry. It ended before anyone asked.")


def test_a_shared_win_of_others_names_them(page: Any, live_server: LiveServer) -> None:
    # "A shared win" left a player who lost to work out the winners from the books.
    def won_by_emma_and_randy(text: str | bytes) -> str | bytes:
        message = json.loads(text)
        if message.get("type") == "update" and message["state"]["result"]:
            message["state"]["result"].update(winners=[1, 2], you_won=False, shared=True)
            return json.dumps(message)
        return text

    def through(ws: Any) -> None:
        to_server = ws.connect_to_server()
        to_server.on_message(lambda message: ws.send(won_by_emma_and_randy(message)))

    page.route_web_socket("**/ws/play", through)
    deal_a_game_over_at_once(page, live_server)
    assert page.inner_text("#result-title") == "Emma and Randy share the win"

"""The keyboard focus at the table, a Deal clicked twice, and the history's older games.

The first turn after Deal (pressed with the keyboard) left the focus at the top of the
page: the table looked for a lost focus while it was still on the Deal button, hidden
with the start screen. While the bots played, a focused sea card just drawn (or a group
of cards just handed over) dropped it there too. A double click on Deal dealt two
games, the second announced as a game "on the table again". And the history's older
games repeated the last one listed when a game was stored meanwhile."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import FAST, wait_for_my_move

pytestmark = pytest.mark.browser

ON_A_CARD_GROUP = "() => document.activeElement?.classList.contains('rank-group') ?? false"


def test_deal_by_keyboard_leaves_the_focus_on_the_hand(page: Any,
                                                       live_server: LiveServer) -> None:
    # Whether the game's first update came before the browser moved the focus off the
    # hidden button was a race, lost most times: three deals.
    for _ in range(3):
        page.goto(f"{live_server.url}/?seed=21&speed=0{FAST}")
        page.check("input[name=preset][value=classic]")
        page.select_option("#players", "2")
        page.focus("#deal")
        page.keyboard.press("Enter")
        assert wait_for_my_move(page) == "ask"
        assert page.evaluate(ON_A_CARD_GROUP)


def test_the_focus_stays_in_the_hand_after_fishing_from_the_sea(
    page: Any, live_server: LiveServer
) -> None:
    # Bots at a second an ask, so the table waits for them after the draw; no lucky draw,
    # so every draw passes the turn.
    page.goto(f"{live_server.url}/?seed=8&speed=0&pace=1")
    page.check("input[name=preset][value=nordic]")
    page.select_option("#players", "2")
    page.click(".house-rules summary")
    page.select_option("select[name=lucky_draw]", "false")
    page.click("#deal")
    for _ in range(20):
        current = wait_for_my_move(page)
        assert current != "over", "the game ended before a draw from the sea: choose a seed"
        if current == "fish":
            break
        page.click(".rank-group >> nth=0")
        page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'ask'")
    page.focus(".sea button.sea-card[tabindex='0']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'wait'")
    assert page.evaluate(ON_A_CARD_GROUP)


def test_a_double_click_on_deal_deals_one_game(page: Any, live_server: LiveServer) -> None:
    sent: list[str] = []
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: sent.append(str(payload))))
    page.goto(f"{live_server.url}/?seed=5&speed=0{FAST}")
    page.check("input[name=preset][value=classic]")
    page.select_option("#players", "2")
    page.dblclick("#deal")
    wait_for_my_move(page)
    page.wait_for_timeout(300)  # time for a second game to come
    starts = [frame for frame in sent if json.loads(frame).get("type") == "start"]
    assert len(starts) == 1
    assert "on the table again" not in page.inner_text("#announcer")

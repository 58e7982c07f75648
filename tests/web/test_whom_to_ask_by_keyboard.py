"""With several opponents, a rank chosen by keyboard takes the focus on to whom to ask.

Enter on a card of the hand said "Now choose whom to ask for 7s." and left the focus on
the card: the opponents were a row of Shift+Tabs back, past the rest of the hand. The
focus now goes to the first opponent who may be asked for that rank, as it goes to the
suit buttons once the opponent is chosen, and Enter there asks.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, wait_for_my_move


@pytest.mark.browser
def test_enter_on_a_rank_then_enter_again_asks_the_opponent_focused(
        page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=8, preset="nordic", players=4)
    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    group = page.locator(".rank-group").first
    rank = group.get_attribute("data-rank")
    rank_words = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}.get(rank, f"{rank}s")
    group.focus()
    page.keyboard.press("Enter")
    assert "choose whom to ask" in page.inner_text("#hint")
    focused = page.evaluate("() => document.activeElement.dataset.seat ?? null")
    assert focused is not None, "the focus stayed off the opponents"
    asked = page.locator(f"button.opponent[data-seat='{focused}']").get_attribute("aria-label")
    name = asked.split(":")[0]
    page.keyboard.press("Enter")
    # The server plays only a legal ask, and logs it so.
    page.wait_for_function("(said) => [...document.querySelectorAll('.log li')].some("
                           "(line) => line.textContent.startsWith(said))",
                           arg=f"You ask {name} for {rank_words}")

"""The history and stats pages lead back to a game in progress, as the rules page does.

A player who went to the history mid-game heard "Your turn." there, but had only the
menu's "New game" to go back by: no way to the table, short of the browser's back button."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, play_to_the_result

pytestmark = pytest.mark.browser

BACK = "a.button-link:text-is('Back to the table')"


@pytest.mark.parametrize("page_link", ["history", "stats"])
def test_the_table_is_a_keypress_away_mid_game(
    page: Any, live_server: LiveServer, page_link: str
) -> None:
    open_table(page, live_server, seed=0, query="&pace=1")
    address = page.evaluate("() => window.location.hash")
    page.click(f"nav a[data-page={page_link}]")
    page.wait_for_selector(f"#page-{page_link}:not([hidden]) h1")
    back = page.locator(f"#page-{page_link} {BACK}")
    back.focus()  # a link with an address: in the Tab order
    page.keyboard.press("Enter")
    page.wait_for_selector("#page-play:not([hidden])")
    assert page.evaluate("() => window.location.hash") == address
    assert page.locator("#page-play .rank-group").count() > 0  # the same hand, not a new deal


@pytest.mark.parametrize("page_link", ["history", "stats"])
def test_no_way_back_once_the_game_is_over(
    page: Any, live_server: LiveServer, page_link: str
) -> None:
    play_to_the_result(page, live_server)
    page.click(f"nav a[data-page={page_link}]")
    # The finished game is stored, so the page lists it: wait for more than "Loading…".
    page.wait_for_selector(f"#page-{page_link}:not([hidden]) table")
    assert page.locator(f"#page-{page_link} {BACK}").count() == 0

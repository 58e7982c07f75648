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


@pytest.mark.parametrize(("page_link", "api"), [("history", "**/api/games?*"),
                                                ("stats", "**/api/stats")])
def test_the_way_back_keeps_its_focus_while_the_page_loads(
    page: Any, live_server: LiveServer, page_link: str, api: str
) -> None:
    # The page is drawn twice, "Loading…" and then the games: the second drawing took the
    # link out and put it back, which dropped its focus, so Enter pressed on it went
    # nowhere (a CI run on a loaded machine timed out waiting for the table).
    open_table(page, live_server, seed=0, query="&pace=1")
    address = page.evaluate("() => window.location.hash")
    held: list[Any] = []
    page.route(api, lambda route: held.append(route))  # answered once the link has the focus
    page.click(f"nav a[data-page={page_link}]")
    page.wait_for_selector(f"#page-{page_link}:not([hidden]) h1")
    page.locator(f"#page-{page_link} {BACK}").focus()
    for _ in range(300):  # the request may still be on its way: up to 15 s
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page asked the server for nothing"
    held[0].continue_()
    page.wait_for_selector(f"#page-{page_link} p:text-is('Loading…')", state="detached")
    assert page.evaluate("() => document.activeElement.textContent") == "Back to the table"
    page.keyboard.press("Enter")
    page.wait_for_selector("#page-play:not([hidden])")
    assert page.evaluate("() => window.location.hash") == address

"""The replay page of a game that is not stored, or of an address that names no game
number, says why and offers the way back every replay has ("All games"): it said why and
left the player only the menu."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def replay_page(browser: Any, server: LiveServer, address: str) -> tuple[Any, Any]:
    """A page of its own at ``address``: the browser logs the server's 404 as a console
    error, which the ``page`` fixture takes for the page's own."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(f"{server.url}/?speed=0{address}")
    page.locator("#page-replay:not([hidden]) .error").wait_for()
    return context, page


@pytest.mark.parametrize(("address", "why"), [
    ("#/replay/999999", "there is no stored game with id 999999"),
    ("#/replay/abc", '"abc" is not a game number'),
])
def test_a_replay_that_cannot_be_shown_leads_back_to_all_games(
    browser: Any, live_server: LiveServer, address: str, why: str
) -> None:
    context, page = replay_page(browser, live_server, address)
    with closing(context):
        assert page.inner_text("#page-replay h1") == "Replay"
        assert page.inner_text("#page-replay .error").startswith(why)
        back = page.locator("#page-replay a:text-is('All games')")
        back.focus()
        page.keyboard.press("Enter")
        page.locator("#page-history:not([hidden]) h1:text-is('History')").wait_for()
        assert page.evaluate("() => location.hash") == "#/history"

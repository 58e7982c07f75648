"""A Deal clicked in a tab just as its duplicate (same tab id: a duplicated tab keeps its
session storage) takes the tab's game over. The deal went on the socket the server was
letting go of and was lost with it, and the tab then offered "Play here instead" for the
old game the player had just left: the new game must be dealt."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_a_page_back_after_a_network_drop_browser import HOLD_THE_GAME, dealt_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("duplicate", ["socket", "tab"])
def test_a_deal_lost_with_the_socket_given_way_is_dealt_again(
    page: Any, live_server: LiveServer, duplicate: str,
) -> None:
    """``socket``: the server's close alone tells the tab (4409); ``tab``: a second tab
    with this one's id, whose claim of the game reaches this tab too, which stepped aside
    at once, its deal still held."""
    held: list[str] = []
    holding = {"on": False}

    def through(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            # The deal held back, as if still on its way while the duplicate took over.
            if holding["on"] and json.loads(message).get("type") == "start":
                held.append(str(message))
                holding["on"] = False
                return
            server.send(message)
        ws.on_message(to_server)

    page.route_web_socket("**/ws/play", through)
    old_game = dealt_game(page, live_server)
    holding["on"] = True
    page.click('nav a[data-page="start"]')
    page.click("#deal")
    for _ in range(100):  # until the page has sent its deal (held above)
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the deal did not go"
    # The duplicate takes the old game: the server lets this tab's socket go (4409).
    if duplicate == "socket":
        assert page.evaluate(HOLD_THE_GAME, old_game) == "welcome"
    else:
        tab_id = page.evaluate("() => sessionStorage.getItem('gofish.page')")
        other = page.context.new_page()
        other.add_init_script(f"sessionStorage.setItem('gofish.page', {json.dumps(tab_id)})")
        other.goto(f"{live_server.url}/?speed=0&pace=0.02#/play/{old_game}")
        other.wait_for_selector("#page-play:not([hidden]) .hand")
    page.wait_for_function(
        f"() => /^#\\/play\\/\\d+/.test(location.hash) && location.hash !== '#/play/{old_game}'")
    page.wait_for_selector("#page-play:not([hidden]) .hand")
    assert "is now open in another tab" not in page.inner_text("body")
    assert "Play here instead" not in page.inner_text("body")

"""A deal after a lost connection names the game lost (``left``), and at its address's
limit takes the place of the sockets of its page holding that game, the page's own
half-open one. But a duplicated tab (it shares the page's id) may have taken that game up
meanwhile: the deal then took the game from that live tab, which said its game had gone to
another tab, though none had opened it. The game another tab claims is no longer the
tab's to name; at the limit, its deal is refused as any other is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_a_page_back_after_a_network_drop_browser import dealt_game, one_table_server

pytestmark = pytest.mark.browser
__all__ = ["one_table_server"]  # the fixture, used below by name


def test_a_deal_after_a_drop_leaves_a_duplicate_tab_its_game(
    page: Any, one_table_server: LiveServer,
) -> None:
    sockets: list[Any] = []

    def through(ws: Any) -> None:
        server = ws.connect_to_server()
        # Each side's close kept from the other: the server never hears the page go.
        server.on_close(lambda code, reason: None)
        ws.on_close(lambda code, reason: None)
        sockets.append(ws)

    page.route_web_socket("**/ws/play", through)
    game = dealt_game(page, one_table_server)
    sockets[0].close(code=4000, reason="network gone")  # the page's side alone
    page.get_by_text("The connection to the server was lost").wait_for()

    # The duplicate takes the game from the half-open socket, at the address's one table.
    tab_id = page.evaluate("() => sessionStorage.getItem('gofish.page')")
    duplicate = page.context.new_page()
    duplicate.add_init_script(f"sessionStorage.setItem('gofish.page', {json.dumps(tab_id)})")
    duplicate.goto(f"{one_table_server.url}/?speed=0&pace=0.02#/play/{game}")
    duplicate.wait_for_selector("#page-play:not([hidden]) .hand")

    page.click('nav a[data-page="start"]')
    page.click("#deal")
    page.get_by_text("this address has 1 table open already").wait_for()
    duplicate.wait_for_timeout(500)  # a takeover would have closed its socket by now
    assert "is now open in another tab" not in duplicate.inner_text("body")
    assert duplicate.evaluate("() => location.hash") == f"#/play/{game}"

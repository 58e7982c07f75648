"""The page sends its tab's id with its start and resume, so that after a network drop its
new socket takes its game over from its old one, which the server still holds half open.

The half-open socket is played by a second socket the test opens from inside the page
with the tab's id (the page's own socket is then let go of by the server, which says why:
the game went to another tab); the page's "Play here instead" then takes the game back at
once, where it was refused as "open in another tab or window" until the server's keepalive
gave up."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

HOLD_THE_GAME = """async (gameId) => {
  const ws = new WebSocket(`ws://${location.host}/ws/play`);
  await new Promise((resolve) => ws.addEventListener('open', resolve));
  const first = new Promise((resolve) => ws.addEventListener('message',
    (event) => resolve(JSON.parse(event.data).type), { once: true }));
  ws.send(JSON.stringify({ type: 'revisit', game_id: gameId, pace: 0,
                           page: sessionStorage.getItem('gofish.page') }));
  window.heldSocket = ws;  // kept open, as a half-open socket stays
  return first;
}"""


def dealt_game(page: Any, server: LiveServer) -> int:
    """Deal a game at ``server``'s start screen; the stored game's number."""
    page.goto(f"{server.url}/?speed=0&pace=0.02")
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .hand")
    page.wait_for_function("() => /^#\\/play\\/\\d+/.test(location.hash)")
    return int(re.findall(r"\d+", page.evaluate("() => location.hash"))[0])


@pytest.fixture(scope="module")
def one_table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that lets one address hold a single table socket."""
    database = tmp_path_factory.mktemp("one-table") / "games.sqlite3"
    with LiveServer(database, pace=0.02, tables_per_address=1) as server:
        yield server


@pytest.mark.parametrize("server", ["live_server", "one_table_server"])
def test_reconnect_takes_the_game_back_from_the_tab_s_half_open_socket(
    page: Any, server: str, request: pytest.FixtureRequest,
) -> None:
    """With one table allowed an address, too: the half-open socket counted, and the page
    back was refused as a table too many until the server's keepalive gave up on it."""
    live_server: LiveServer = request.getfixturevalue(server)
    game_id = dealt_game(page, live_server)
    # Another socket with this tab's id takes the game; the page's own one is let go of,
    # and the server's close says why: the page said "connection lost" unless the
    # browser's notice between tabs (none here) came first.
    assert page.evaluate(HOLD_THE_GAME, game_id) == "welcome"
    page.get_by_text(f"Game {game_id} is now open in another tab of this browser").wait_for()
    assert "connection to the server was lost" not in page.inner_text("body")
    page.get_by_role("button", name="Play here instead").click()
    # Back at once, though the other socket is still open: the same tab's.
    page.wait_for_function("() => window.heldSocket.readyState === WebSocket.CLOSED")
    page.wait_for_selector("#page-play:not([hidden]) .hand")
    assert "open in another tab" not in page.inner_text("body")
    assert "tables open already" not in page.inner_text("body")


def test_a_deal_after_a_network_drop_takes_the_half_open_socket_s_place(
    page: Any, one_table_server: LiveServer,
) -> None:
    """A Deal (not a resume) after the connection was lost, at an address at its limit:
    refused ("this address has 1 table open already") for the page's own half-open socket,
    which the server held until its keepalive gave up, some 40 s."""
    dropped: dict[str, Any] = {}

    def through(ws: Any) -> None:
        server = ws.connect_to_server()
        # Each side's close kept from the other: the server never hears the page go.
        server.on_close(lambda code, reason: None)
        ws.on_close(lambda code, reason: None)
        dropped.setdefault("first", ws)

    page.route_web_socket("**/ws/play", through)
    old_game = dealt_game(page, one_table_server)
    dropped["first"].close(code=4000, reason="network gone")  # the page's side alone
    page.get_by_text("The connection to the server was lost").wait_for()
    page.click('nav a[data-page="start"]')
    page.click("#deal")
    page.wait_for_function(
        f"() => /^#\\/play\\/\\d+/.test(location.hash) && location.hash !== '#/play/{old_game}'")
    page.wait_for_selector("#page-play:not([hidden]) .hand")
    assert "open already" not in page.inner_text("body")

"""A table socket takes at most TABLE_MESSAGES_PER_SECOND messages a second, in bursts of
TABLE_BURST, as a room's socket has a limit: with none, a script sending asks as fast as it
could kept a core of the server busy refusing them, at each of its address's 64 tables. A
page sends one message a move, on its player's turn only, so no player comes near it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.storage import open_store
from gofish.web import create_app
from gofish.web.app import (
    TABLE_BURST,
    TABLE_MESSAGES_PER_SECOND,
    TOO_MANY_MESSAGES,
    TOO_MANY_MESSAGES_REASON,
)

from .conftest import LiveServer
from .test_api import play_to_the_end, start, until_my_turn
from .test_browser import open_table, wait_for_my_move

BURST = 3


def test_a_socket_sending_past_its_limit_is_closed_saying_why(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    client = TestClient(create_app(database, pace=0))
    with client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, opponents=["random"]))
        # A stale ask, refused at once, again and again: each one answered was work.
        stale = json.dumps({"type": "ask", "version": -1, **update["state"]["legal"][0]})
        answered = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(TABLE_BURST * 3):
                ws.send_text(stale)
            while True:
                assert ws.receive_json()["type"] == "refused"
                answered += 1
    assert (closed.value.code, closed.value.reason) == (TOO_MANY_MESSAGES,
                                                        TOO_MANY_MESSAGES_REASON)
    assert TOO_MANY_MESSAGES_REASON == "too many messages: a table takes at most 20 a second"
    # The burst is answered (and what came back as it was sent), no more than that.
    assert TABLE_BURST - 1 <= answered <= TABLE_BURST + TABLE_MESSAGES_PER_SECOND
    with open_store(database) as store:  # stored as a closed tab's game is, to go on with
        assert store.get(update["state"]["game_id"]).over is False


def test_a_whole_game_played_at_machine_speed_is_never_refused(tmp_path: Path) -> None:
    # Faster than any person: every ask sent the moment the table allows it, no pause.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    began = time.monotonic()
    with client.websocket_connect("/ws/play") as ws:
        end = play_to_the_end(ws, start(ws, opponents=["emma"], seed=5))
    assert end["state"]["phase"] == "over"
    assert time.monotonic() - began < 10


@pytest.mark.browser
def test_the_page_says_why_the_server_closed_its_table(page: Any, tmp_path: Path) -> None:
    # A stuck key or a script on the page sent too fast: the page said "The connection to
    # the server was lost", which a player would take for their network.
    def flooding(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            # With the start, one past the burst and none after: a send to a socket closed
            # is a page error.
            copies = BURST if json.loads(message).get("type") == "ask" else 1
            for _ in range(copies):
                server.send(message)
        ws.on_message(to_server)

    page.route_web_socket("**/ws/play", flooding)
    # A burst of 3, and so slow a rate that none comes back while the copies arrive.
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02, message_rate=(0.01, BURST)) as server:
        open_table(page, server, seed=3)
        assert wait_for_my_move(page) == "ask"
        page.click(".rank-group >> nth=0")  # one opponent: the rank alone asks
        page.get_by_text("The server closed the connection: too many messages: a table "
                         "takes at most 0.01 a second.").wait_for()
        assert "connection to the server was lost" not in page.inner_text("body")
        assert page.get_by_role("button", name="Reconnect").is_visible()

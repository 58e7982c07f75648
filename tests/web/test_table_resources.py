"""What a table connection holds is given back however its page goes away."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.websockets import WebSocket

from gofish.storage import open_store
from gofish.web.app import StoreHolder, TableConnection

START = {"type": "start", "pace": 0, "opponents": ["random"], "seed": 3,
         "options": {"hand_size": 1}}


def vanishing_socket(frames: list[dict[str, Any]], sends_before_gone: int) -> WebSocket:
    """A starlette websocket whose page goes away after ``sends_before_gone`` messages:
    a later send fails as uvicorn's does (an OSError), and the page's frames still arrive."""
    incoming = [{"type": "websocket.connect"}, *frames, {"type": "websocket.disconnect",
                                                         "code": 1006}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        await asyncio.sleep(0)
        return incoming.pop(0)

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send" and len(sent) >= sends_before_gone:
            raise OSError("the page went away")
        if message["type"] == "websocket.send":
            sent.append(message)

    scope = {"type": "websocket", "path": "/ws/play", "headers": [], "query_string": b""}
    return WebSocket(scope, receive, send)


def test_a_page_gone_while_its_table_was_sent_an_update_ends_its_connection_quietly(
    tmp_path: Path,
) -> None:
    # The welcome reaches the page, the table update after it does not (the send fails,
    # inside the session). The page's next frame, refused, then met starlette's "cannot
    # send once closed", which escaped as a traceback in the server's log for every page
    # that closed in the middle of a move: on a server running for days, a log of noise.
    frames = [{"type": "websocket.receive", "text": json.dumps(START)},
              {"type": "websocket.receive", "text": "not a message"}]

    async def serve() -> set[TableConnection]:
        socket = vanishing_socket(frames, sends_before_gone=1)
        await socket.accept()
        tables: set[TableConnection] = set()
        page = TableConnection(socket, StoreHolder(open_store(tmp_path / "games.sqlite3")),
                               0.0, tables)
        await page.serve()
        assert page.session is None  # its game was left (stored) and let go of
        return tables

    assert asyncio.run(serve()) == set()

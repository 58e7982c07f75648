"""A hello refused after its client has gone costs no traceback in the server's log.

Before, a client that sent a bad hello (binary, not the schema, a malformed room code)
and hung up at once, as a script or a crashing tab does, made the refusal's
``send_text`` raise ``WebSocketDisconnect`` (uvicorn's ``ClientDisconnected``
underneath), which escaped the handshake: the server logged "room socket failed" with a
traceback for each such socket. Seen on a real server with the socket reset right after
the hello.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from gofish.online import RoomSettings
from gofish.online.server import RoomServer


class GoneSocket:
    """A websocket whose client sent one frame and left: sending fails as Starlette's does
    once uvicorn finds the connection closed."""

    client = None  # no address known (as Starlette's for a client it cannot name)

    def __init__(self, frame: dict[str, Any]) -> None:
        self.frame = frame
        self.sends = 0

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return self.frame

    async def send_text(self, _: str) -> None:
        self.sends += 1
        raise WebSocketDisconnect(code=1006)

    async def close(self, code: int = 1000) -> None:
        raise RuntimeError('Cannot call "send" once a close message has been sent.')


@pytest.mark.parametrize(("frame", "code"), [
    ({"type": "websocket.receive", "bytes": b'{"type": "hello"}'}, "ABCDEF"),  # binary
    ({"type": "websocket.receive", "text": "{}"}, "ABCDEF"),  # not a hello
    ({"type": "websocket.receive", "text": "x" * 5000}, "ABCDEF"),  # too long
    ({"type": "websocket.receive", "text": '{"type": "hello"}'}, "!!!"),  # not a room code
    ({"type": "websocket.receive", "text": '{"type": "hello"}'}, "ZZZZZZ"),  # no such room
])
def test_a_refused_hello_to_a_client_gone_away_is_not_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, frame: dict[str, Any], code: str
) -> None:
    socket = GoneSocket(frame)

    async def scenario() -> None:
        server = RoomServer(str(tmp_path / "rooms.sqlite3"), RoomSettings())
        try:
            await server.serve_socket(socket, code)  # type: ignore[arg-type]
        finally:
            await server.close()

    with caplog.at_level(logging.WARNING, logger="gofish.online"):
        asyncio.run(scenario())
    assert socket.sends == 1  # the refusal was tried
    assert not caplog.records, caplog.text

"""A client that goes away in the middle of its request body costs no traceback.

Before, ``POST /rooms``, ``POST /rooms/{code}/join`` or ``POST /rooms/mine`` whose
client hung up before the whole body arrived (a ``Content-Length`` of 100 and 9 bytes
sent, a phone losing its network) let Starlette's ``ClientDisconnect`` out of the
route: uvicorn logged "Exception in ASGI application" with a traceback for each one.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gofish.online import create_rooms_app


@pytest.mark.parametrize("path", ["/rooms", "/rooms/ABCDEF/join", "/rooms/mine"])
def test_a_body_cut_off_by_a_client_gone_away_is_no_error(tmp_path: Path, path: str) -> None:
    app = create_rooms_app(str(tmp_path / "rooms.sqlite3"))
    incoming: list[dict[str, Any]] = [
        {"type": "http.request", "body": b'{"name":', "more_body": True},
        {"type": "http.disconnect"},  # gone before the rest of the body
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
        "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                    (b"content-length", b"100")],
    }

    async def request() -> None:
        try:
            await app(scope, receive, send)  # raised ClientDisconnect before
        finally:
            await app.state.gofish_rooms.close()

    asyncio.run(request())
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 400  # nobody reads it, but it is an answer, not a crash

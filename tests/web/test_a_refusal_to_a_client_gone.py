"""A client gone before the server's refusal past its address's table limit reached it.

Past ``tables_per_address``, a client that sent its message and left at once (a tab
closed as it opened, a script) made the refusal fail: "Exception in ASGI application" and
a traceback in the server's log, for each one. Nobody is left to tell: it is let go quietly.
"""

from __future__ import annotations

import logging
import socket
import struct
import time
from pathlib import Path
from typing import Any

import pytest
from bench.server_soak import never_reading

from gofish.web import app as web_app

from .conftest import LiveServer

START = {"type": "start", "opponents": ["random"], "pace": 0, "seed": 3}


def test_a_socket_gone_before_its_refusal_leaves_no_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failures: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = failures.append  # type: ignore[method-assign]
    settled = handled_sockets(monkeypatch)
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=1) as server:
        logging.getLogger("uvicorn.error").addHandler(handler)  # after uvicorn's own set-up
        held = never_reading(server.port, "/ws/play", START)
        for _ in range(GONE):
            gone = never_reading(server.port, "/ws/play", START)
            gone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            gone.close()  # a reset: its refusal has nowhere to go
        # Each gone socket handled, rather than a fixed wait that a busy machine outlasted.
        deadline = time.monotonic() + 30
        while len(settled) < GONE:
            assert time.monotonic() < deadline, settled
            time.sleep(0.02)
        held.close()
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert set(settled) <= {REFUSED, GONE_FIRST}, settled
    assert REFUSED in settled  # the refusal itself was tried, not only a read that failed
    assert [record.getMessage() for record in failures] == []


GONE = 5
REFUSED = "refused quietly"
GONE_FIRST = "gone before its message was read"


def handled_sockets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """How the server's handling of each socket past the limit ended, as it ends."""
    settled: list[str] = []
    refuse, first_frame = web_app._refuse_a_table_too_many, web_app._first_frame

    async def refusing(websocket: Any, limit: int) -> None:
        try:
            await refuse(websocket, limit)
        except BaseException as error:
            settled.append(f"the refusal raised {error!r}")
            raise
        settled.append(REFUSED)

    async def reading(websocket: Any) -> Any:
        frame = await first_frame(websocket)
        if frame is None:
            settled.append(GONE_FIRST)
        return frame

    monkeypatch.setattr(web_app, "_refuse_a_table_too_many", refusing)
    monkeypatch.setattr(web_app, "_first_frame", reading)
    return settled

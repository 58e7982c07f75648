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

from bench.server_soak import never_reading

from .conftest import LiveServer

START = {"type": "start", "opponents": ["random"], "pace": 0, "seed": 3}


def test_a_socket_gone_before_its_refusal_leaves_no_traceback(tmp_path: Path) -> None:
    failures: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = failures.append  # type: ignore[method-assign]
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=1) as server:
        logging.getLogger("uvicorn.error").addHandler(handler)  # after uvicorn's own set-up
        held = never_reading(server.port, "/ws/play", START)
        for _ in range(5):
            gone = never_reading(server.port, "/ws/play", START)
            gone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            gone.close()  # a reset: its refusal has nowhere to go
        time.sleep(1.0)
        held.close()
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert [record.getMessage() for record in failures] == []

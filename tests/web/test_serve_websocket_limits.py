"""``gofish serve`` takes websocket frames as ``gofish rooms`` does: it serves the same rooms.

It ran uvicorn with its defaults: frames of up to 16 MB, per-message compression on. A page
(the table's or a room's) sends a few KB at most, yet every socket could make the server
read and hold 16 MB at once: twenty 8 MB frames took a server from 61 MB to 403 MB of memory,
on a machine where ``gofish rooms``, with the same rooms, closed each such socket (1009), as
docs/online.md says the web server does.
"""

from __future__ import annotations

import re
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .test_serve_command import _get_when_up, serving_on_any_port


def test_serve_closes_a_socket_that_sends_a_frame_past_64_kib(tmp_path: Path) -> None:
    with serving_on_any_port(tmp_path / "games.sqlite3") as line:
        found = re.search(r"http://(127\.0\.0\.1:\d+)/", line)
        assert found is not None, line
        _get_when_up(found[0])
        with connect(f"ws://{found[1]}/ws/play", max_size=None) as socket:
            # Uncompressed, as the rooms are: compression cost CPU and memory per socket.
            assert "Sec-WebSocket-Extensions" not in socket.response.headers
            socket.send("x" * (64 * 1024 + 1))
            try:
                answer = socket.recv(timeout=10)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1009
            else:
                raise AssertionError(f"read whole and answered: {answer[:100]!r}")

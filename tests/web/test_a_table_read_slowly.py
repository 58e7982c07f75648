"""A table socket (``/ws/play``) whose page reads steadily but slowly, on uvicorn as
``gofish serve`` runs it.

A send had ``drop_seconds`` to go as a whole, so a phone on a bad network, whose small
send buffer held the table it was sent (tens of KB) for longer than that, was cut off as
a page that reads nothing is, and its game stood at "the connection was lost". A page is
now cut off only once it has taken nothing for ``drop_seconds``; one that reads nothing
still is (test_a_table_that_never_reads.py).
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

from bench.server_soak import masked_frame, never_reading

from .conftest import LiveServer
from .test_a_table_that_never_reads import game_under_way

DROP_SECONDS = 1.0
READ_RATE = 20_000  # bytes a second: every table sent takes more than DROP_SECONDS
REVISITS = 4


def read_slowly(raw: socket.socket) -> tuple[int, bool]:
    """Read what ``raw`` is sent at ``READ_RATE`` until it has been quiet for 2 s; the
    bytes read, and whether the server cut the socket off."""
    raw.settimeout(2)
    taken, started = 0, time.monotonic()
    try:
        while chunk := raw.recv(1024):
            taken += len(chunk)
            time.sleep(max(0.0, taken / READ_RATE - (time.monotonic() - started)))
    except TimeoutError:
        return taken, False
    except ConnectionResetError:
        return taken, True
    return taken, False


def test_a_page_reading_slowly_is_not_cut_off(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id = game_under_way(database)
    server = LiveServer(database, pace=0, drop_seconds=DROP_SECONDS)
    # A slow link's send buffer stays small; loopback's grows to megabytes and held it all.
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    with server:
        again = {"type": "revisit", "game_id": game_id, "pace": 0}
        raw = never_reading(server.port, "/ws/play", again)
        raw.sendall(masked_frame(json.dumps(again)) * (REVISITS - 1))
        taken, cut_off = read_slowly(raw)
        raw.close()
    assert not cut_off, f"cut off after reading {taken:,} bytes"
    assert taken > REVISITS * 20_000  # each revisit's table, all of it read

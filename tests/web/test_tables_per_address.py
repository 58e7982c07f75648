"""One client address may hold only so many table sockets (``/ws/play``) open at once.

``gofish serve --host 0.0.0.0`` let anyone who could reach it open table sockets without
end: each idle one held a connection and a task, each dealt one a game and its bots. The
next one past ``tables_per_address`` is told why in words and closed with 1013 (try again
later); another address is not held up, and closing a tab makes room again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.web import create_app

START = {"type": "start", "opponents": ["random"], "pace": 0, "seed": 3}


def test_a_table_past_the_address_s_limit_is_refused_in_words(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=2)
    with TestClient(app) as here, TestClient(app, client=("192.0.2.9", 5000)) as elsewhere:
        with here.websocket_connect("/ws/play") as first, \
                here.websocket_connect("/ws/play") as second:
            first.send_json(START)
            assert first.receive_json()["type"] == "welcome"
            with here.websocket_connect("/ws/play") as third:
                refusal = third.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
            assert refusal == {"type": "refused", "version": None,
                               "message": "this address has 2 tables open already: close "
                                          "some tabs first, then try again"}
            assert closed.value.code == 1013
            with elsewhere.websocket_connect("/ws/play") as other:  # another address plays
                other.send_json(START)
                assert other.receive_json()["type"] == "welcome"
            second.send_json(START)  # the tabs let in play on
            assert second.receive_json()["type"] == "welcome"
        with here.websocket_connect("/ws/play") as again:  # tabs closed: room again
            again.send_json(START)
            assert again.receive_json()["type"] == "welcome"

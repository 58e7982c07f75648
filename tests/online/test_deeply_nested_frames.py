"""A frame of deeply nested JSON is refused in words, and the socket stays usable.

Before, a command frame of about a thousand ``[`` (1.5 KB, under the 2 KB frame limit)
was refused by the schema, whose refusal then looked at the frame again with
``json.loads`` to see whether it was a second hello; that raised ``RecursionError``,
which nothing caught: the server's log got a "room socket failed" traceback and the
player's socket was closed (1008) instead of getting an ``invalid`` error.
"""

from __future__ import annotations

import logging

import pytest
from starlette.testclient import TestClient

from .helpers import connect, create_room


@pytest.mark.parametrize("frame", [
    "[" * 1500,
    '{"type": "ask", "version": 1, "rank": ' + "[" * 1400,
])
def test_deeply_nested_json_is_refused_and_the_socket_stays_usable(
    client: TestClient, caplog: pytest.LogCaptureFixture, frame: str
) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    with caplog.at_level(logging.ERROR, logger="gofish.online"):
        ann.ws.send_text(frame)
        refusal = ann.read_until(lambda m: m["type"] == "error")
        assert refusal["code"] == "invalid" and "JSON" in refusal["message"]
        ann.command("add_bot", seat=1, bot="emma")  # the socket still works
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text

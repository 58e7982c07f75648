"""A table socket let go of for a newer one of its page's, on uvicorn as ``gofish serve``
runs it.

The old socket was cut off at once, with no close frame: a duplicated tab (it shares its
original's page id) that took the game made the original say "the connection to the
server was lost" whenever the browser's own notice between tabs came later than the
reset. The close now says why (4409, "the game is open in another tab"), and only a socket
that does not answer it (half open after a network drop, or reading nothing) is cut off,
after ``GIVE_WAY_GRACE``.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets
from bench.server_soak import never_reading

from gofish.web.app import GIVE_WAY_GRACE, GIVEN_WAY

from .conftest import LiveServer

PAGE = "0123456789abcdef0123456789abcdef"
START = {"type": "start", "opponents": ["emma"], "pace": 0, "seed": 5, "page": PAGE}
#: Seconds to wait for the server's next message: generous, since a machine busy with
#: other work can hold the server up for seconds; a pass waits no longer.
ANSWER_SECONDS = 30.0


async def dealt(ws: Any) -> int:
    """Deal at ``ws``; the game's stored id."""
    await ws.send(json.dumps(START))
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "update":
            return int(message["state"]["game_id"])


async def taken_over(port: int, game_id: int) -> dict[str, Any]:
    """Take game ``game_id`` up from a socket of the same page; the welcome."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/play") as ws:
        await ws.send(json.dumps({"type": "revisit", "game_id": game_id, "pace": 0,
                                  "page": PAGE}))
        welcome: dict[str, Any] = json.loads(await ws.recv())
        return welcome


def test_a_page_still_reading_is_told_why_its_socket_closed(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:

        async def scenario() -> None:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/play") as old:
                game_id = await dealt(old)
                welcome = await taken_over(server.port, game_id)
                assert (welcome["type"], welcome["game_id"]) == ("welcome", game_id)
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(old.recv(), ANSWER_SECONDS)
                assert closed.value.rcvd is not None  # a close frame, not a reset
                assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
                    GIVEN_WAY, "the game is open in another tab")

        asyncio.run(scenario())


def test_a_socket_that_does_not_answer_the_close_is_cut_off(tmp_path: Path) -> None:
    """Half open after a network drop, it would answer nothing for minutes."""
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        silent = never_reading(server.port, "/ws/play", START)
        deadline = time.monotonic() + 5
        while not (games := _games(server.url)) and time.monotonic() < deadline:
            time.sleep(0.05)
        welcome = asyncio.run(taken_over(server.port, games[0]["id"]))
        assert welcome["type"] == "welcome"
        deadline = time.monotonic() + GIVE_WAY_GRACE + 5
        while server.server.server_state.connections and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not server.server.server_state.connections
        silent.settimeout(5)
        with pytest.raises(ConnectionResetError):
            while silent.recv(65536):
                pass
        silent.close()


def _games(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{url}/api/games") as answer:
        games: list[dict[str, Any]] = json.loads(answer.read())["games"]
        return games


def test_a_socket_given_way_counts_until_it_is_let_go_of(tmp_path: Path) -> None:
    """It was counted no more from the moment it gave way, though its connection stayed
    until it answered the close or was cut off: an address taking its own game over and
    over could so hold sockets past its limit."""
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=2) as server:
        silent = never_reading(server.port, "/ws/play", START)
        deadline = time.monotonic() + 5
        while not (games := _games(server.url)) and time.monotonic() < deadline:
            time.sleep(0.05)

        async def scenario() -> None:
            url = f"ws://127.0.0.1:{server.port}/ws/play"
            async with websockets.connect(url) as taking:
                await taking.send(json.dumps({"type": "revisit", "game_id": games[0]["id"],
                                              "pace": 0, "page": PAGE}))
                assert json.loads(await taking.recv())["type"] == "welcome"
                async with websockets.connect(url) as third:  # the silent one still counts
                    await third.send(json.dumps({**START, "page": None}))
                    assert "2 tables open already" in json.loads(await third.recv())["message"]
                await asyncio.sleep(GIVE_WAY_GRACE + 0.5)
                async with websockets.connect(url) as third:  # let go of: room again
                    await third.send(json.dumps({**START, "page": None}))
                    assert json.loads(await third.recv())["type"] == "welcome"

        asyncio.run(scenario())
        silent.close()

"""A table socket (``/ws/play``) whose page reads nothing, on uvicorn as ``gofish serve``
runs it.

A tab that reads nothing (frozen, or a script) was never let go of: once the server's
buffers for it filled, every send to it waited for ever, its game stood still, and the
socket went on counting towards its address's ``tables_per_address``. Now a send that
has not gone within ``drop_seconds`` cuts the socket off (a TCP reset), and its game is
stored as a closed tab's is, to be resumed.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets
from bench.server_soak import masked_frame, never_reading

from gofish.core import make_rules, new_game
from gofish.storage import open_store, save_game

from .conftest import LiveServer

DROP_SECONDS = 2.0


def game_under_way(database: Path) -> int:
    """A stored five-player game, 60 asks in, its person's turn (no bot plays while it is
    taken up): each table update of it is tens of KB."""
    game = new_game(make_rules("classic"), players=5, seed=1)
    pick = random.Random(1)
    while len(game.actions) < 60 or game.current_player != 0:
        game.play(pick.choice(game.legal_actions()))
    seats = [{"name": "Ann", "bot": None}] + [
        {"name": f"Randy {seat}", "bot": "random"} for seat in range(1, 5)]
    return save_game(game.to_record(), seats=seats, source="web", path=database)


def stuck_at(port: int, game_id: int) -> socket.socket:
    """A page that takes game ``game_id`` up again and again, and reads nothing: each time
    the server sends it the whole table (the server's own buffers take a few MB first)."""
    again = {"type": "revisit", "game_id": game_id, "pace": 0}
    raw = never_reading(port, "/ws/play", again)
    raw.sendall(masked_frame(json.dumps(again)) * 400)  # taken by the server's kernel
    return raw


def stored_games(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{url}/api/games") as answer:
        games: list[dict[str, Any]] = json.loads(answer.read())["games"]
        return games


def test_a_table_that_reads_nothing_is_cut_off_and_its_game_kept(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id = game_under_way(database)
    with open_store(database) as store:
        asks = len(store.get(game_id).game().actions)
    with LiveServer(database, pace=0, tables_per_address=1,
                    drop_seconds=DROP_SECONDS) as server:
        stuck = stuck_at(server.port, game_id)
        time.sleep(0.5)
        # The address's one table is the stuck one's meanwhile.
        assert len(server.server.server_state.connections) == 1
        deadline = time.monotonic() + DROP_SECONDS + 30  # its burst served first, then stuck
        while server.server.server_state.connections and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not server.server.server_state.connections  # cut off, not held for ever
        stuck.settimeout(5)
        with pytest.raises(ConnectionResetError):  # reset: nothing kept for it
            while stuck.recv(65536):
                pass
        stuck.close()
        [game] = stored_games(server.url)
        assert (game["id"], game["over"], game["actions"]) == (game_id, False, asks)

        async def back() -> dict[str, Any]:  # the address's place is free again
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/play") as ws:
                await ws.send(json.dumps({"type": "resume", "game_id": game_id, "pace": 0}))
                welcome: dict[str, Any] = json.loads(await ws.recv())
                return welcome

        welcome = asyncio.run(back())
        assert (welcome["type"], welcome["game_id"]) == ("welcome", game_id)

"""Sockets that never read, from one address, on the web server gofish runs (uvicorn).

A page dropped for never reading left its room, but its TCP connection stayed open for as
long as its client liked: uvicorn's close waits for the client to take what is held for it,
and the socket no longer counted towards ``watchers_per_address``. One address could so
gather stuck sockets, each holding the server's buffers, held back only by the hello rate.
Now a dropped socket counts against its address until it is closed, and one still holding
unread bytes after ``drop_seconds`` is cut off.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import websockets
from bench.server_soak import never_reading

from gofish.online import RoomSettings
from gofish.online.app import create_rooms_app, server_config
from gofish.online.server import RoomServer

CAP = 2
SETTINGS = RoomSettings(bot_delay=0.0, send_queue=8, drop_seconds=3.0,
                        watchers_per_address=CAP, rate_burst=10**6, rate_per_second=1e6)


class Served:
    """uvicorn, as ``gofish rooms`` configures it, on its own loop in a thread."""

    def __init__(self, folder: Path) -> None:
        self.app = create_rooms_app(str(folder / "rooms.sqlite3"), SETTINGS)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.server = uvicorn.Server(server_config(self.app, host="127.0.0.1", port=self.port))
        self.thread = threading.Thread(target=asyncio.run, args=(self.server.serve(),),
                                       daemon=True)

    @property
    def rooms(self) -> RoomServer:
        rooms: RoomServer = self.app.state.gofish_rooms
        return rooms

    def open_connections(self) -> int:
        """The TCP connections uvicorn still holds."""
        return len(self.server.server_state.connections)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path)
    server.thread.start()
    while not server.server.started:
        time.sleep(0.02)
    yield server
    server.server.should_exit = True
    server.thread.join(10)


async def first_answer(port: int, path: str, address: str = "127.0.0.1",
                       ) -> tuple[dict[str, Any], int | None]:
    """A watcher's first message, from ``address``, and the close code if it was refused."""
    async with websockets.connect(f"ws://127.0.0.1:{port}{path}",
                                  local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        answer = json.loads(await ws.recv())
        if answer["type"] != "error":
            return answer, None
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd is not None
        return answer, closed.value.rcvd.code


async def host_move(ws: Any) -> None:
    """Read the room's next message; deal (again) once no game is in play, else ask on the
    host's turn."""
    message = json.loads(await ws.recv())
    if message["type"] not in ("update", "welcome"):
        return
    game, version = message.get("game"), message["version"]
    if game is None or game.get("winners") is not None:
        await ws.send(json.dumps({"type": "start", "version": version}))
    elif (legal := game.get("legal_actions")) and game.get("current_player") == 0:
        await ws.send(json.dumps({"type": "ask", "version": version,
                                  "target": legal[0]["target"], "rank": legal[0]["rank"]}))


def create_room(port: int) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/rooms", method="POST",
        data=json.dumps({"name": "Ann", "players": 2}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        made: dict[str, Any] = json.loads(answer.read())
        return made


def test_stuck_sockets_from_one_address_stay_capped_and_are_cut_off(served: Served) -> None:
    made = create_room(served.port)
    path = f"/ws/room/{made['code']}"

    async def scenario() -> None:
        stuck = [never_reading(served.port, path) for _ in range(CAP)]
        await asyncio.sleep(0.3)
        live = served.rooms.rooms[made["code"]]
        assert sum(1 for c in live.connections if c.seat is None) == CAP
        # Past the cap, the same address is refused in words.
        answer, close_code = await first_answer(served.port, path)
        assert (answer.get("code"), close_code) == ("full", 1013)
        # The honest host, at another address, plays on while the stuck ones fall behind.
        async with websockets.connect(f"ws://127.0.0.1:{served.port}{path}",
                                      local_addr=("127.0.0.2", 0)) as host:
            await host.send(json.dumps({"type": "hello", "token": made["token"]}))
            version = json.loads(await host.recv())["version"]
            await host.send(json.dumps({"type": "add_bot", "version": version, "seat": 1,
                                        "bot": "random"}))
            while any(c.seat is None for c in live.connections):
                await asyncio.wait_for(host_move(host), 10)
            # Dropped from the room, but not yet closed: they still count.
            answer, close_code = await first_answer(served.port, path)
            assert (answer.get("code"), close_code) == ("full", 1013)
            answer, close_code = await first_answer(served.port, path, "127.0.0.2")
            assert answer["type"] == "welcome" and close_code is None  # another address's
            deadline = time.monotonic() + SETTINGS.drop_seconds + 5
            while served.open_connections() > 1 and time.monotonic() < deadline:
                await asyncio.wait_for(host_move(host), 10)
            # Cut off: uvicorn holds only the host's connection, and the stuck clients'
            # own ends find theirs reset.
            assert served.open_connections() == 1
            for raw in stuck:
                raw.settimeout(5)
                with pytest.raises(ConnectionResetError):
                    while raw.recv(65536):
                        pass
                raw.close()
            # The address may watch again, and the host still plays.
            answer, close_code = await first_answer(served.port, path)
            assert answer["type"] == "welcome" and close_code is None
            before = version
            for _ in range(20):
                await asyncio.wait_for(host_move(host), 10)
            assert live.room.version > before

    asyncio.run(scenario())

"""Does a long-running server give back what its games held? A soak of short games.

Runs ``gofish serve``'s app (the browser table and the rooms) on uvicorn in a thread of
this process, so the server's own objects can be counted, and drives it over real
websockets: ``--games`` short table games (one card dealt, pace 0), some played to the
end, some left mid-game, some dealt twice; then ``--rooms`` rooms, created over HTTP and
left in the lobby, started and left, or played to the end with a bot. After each batch it
prints the server's open sockets and files, asyncio tasks, sessions and rooms held,
Python memory (tracemalloc) and RSS: figures that grow with the count are a leak.
``--slow N`` then watches a room from N sockets that never read (their window shut, as a
frozen tab's), while other sockets come and go until the server drops them: once dropped,
none may stay in the room (``room_sockets``), hold a task or, once cut off after
``drop_seconds``, a connection of the server's (``server_sockets``).

Run: ``python bench/server_soak.py [--games 300] [--rooms 100] [--batches 3] [--slow 0]``
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import json
import os
import socket
import sqlite3
import tempfile
import threading
import time
import tracemalloc
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn
import websockets

from gofish.cli import gofish_options
from gofish.online.app import server_config
from gofish.online.server import LiveRoom, RoomServer
from gofish.web import create_app
from gofish.web.app import TableConnection
from gofish.web.session import GameSession


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerThread:
    """uvicorn serving ``app`` on its own event loop in a daemon thread."""

    def __init__(self, app: Any, port: int) -> None:
        # As gofish serve configures it (no per-message compression, small frames): with
        # uvicorn's defaults the stuck sockets' bytes were compressed to almost nothing.
        config = server_config(app, host="127.0.0.1", port=port)
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> None:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def tasks(self) -> int:
        assert self.loop is not None
        return len(asyncio.all_tasks(self.loop))


def count(kind: type) -> int:
    return sum(1 for item in gc.get_objects() if isinstance(item, kind))


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def figures(server: ServerThread, rooms: RoomServer) -> dict[str, int]:
    gc.collect()
    return {
        "fds": len(os.listdir("/proc/self/fd")),
        # The TCP connections uvicorn holds: a client's that it cut off or closed is gone.
        "server_sockets": len(server.server.server_state.connections),
        "tasks": server.tasks(),
        "threads": threading.active_count(),
        "sessions": count(GameSession),
        "tables": count(TableConnection),
        "rooms_held": len(rooms.rooms),
        "live_rooms": count(LiveRoom),
        "join_buckets": len(rooms._joins.buckets),  # measured, never changed
        "py_kb": tracemalloc.get_traced_memory()[0] // 1024,
        "rss_kb": rss_kb(),
    }


async def play_table(port: int, index: int) -> None:
    """One short game: to the end, left mid-game (every third) or dealt twice (every fifth)."""
    start = {"type": "start", "pace": 0, "opponents": ["random"], "seed": index,
             "options": {"hand_size": 1, "end": "first-empty"}}
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/play") as ws:
        await ws.send(json.dumps(start))
        if index % 5 == 0:
            await ws.send(json.dumps(start))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "update":
                continue
            state = message["state"]
            if state["phase"] == "over" or (index % 3 == 0 and message["version"] >= 1):
                return
            if state["phase"] == "ask" and state["legal"]:
                ask = state["legal"][0]
                await ws.send(json.dumps({"type": "ask", "version": message["version"],
                                          "target": ask["target"], "rank": ask["rank"]}))


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


async def use_room(port: int, index: int) -> None:
    """A room left in the lobby, started and left, or played to the end with a bot."""
    made = await asyncio.to_thread(post, port, "/rooms", {
        "name": "Ann", "players": 2, "rules": {"preset": "classic", "hand_size": 1,
                                                        "end": "first-empty"}})
    if index % 3 == 0:
        return  # created, never visited
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/room/{made['code']}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        welcome = json.loads(await ws.recv())
        version = welcome["room"]["version"] if "version" in welcome["room"] else (
            welcome["version"])
        if index % 3 == 1:
            return  # left in the lobby
        await ws.send(json.dumps({"type": "add_bot", "version": version, "seat": 1,
                                  "bot": "random"}))
        await play_room(ws)


async def play_room(ws: Any) -> None:
    started = False
    while True:
        message = json.loads(await ws.recv())
        if message["type"] not in ("update", "welcome"):
            continue
        game, version = message.get("game"), message["version"]
        if game is None and not started:
            started = True
            await ws.send(json.dumps({"type": "start", "version": version}))
            continue
        if game is None:
            continue
        if game.get("winners") is not None:
            return
        legal = game.get("legal_actions") or []
        if legal and game.get("current_player") == 0:
            ask = legal[0]
            await ws.send(json.dumps({"type": "ask", "version": version,
                                      "target": ask["target"], "rank": ask["rank"]}))


def never_reading(port: int, path: str, first: dict[str, Any] | None = None) -> socket.socket:
    """A websocket that says hello as a spectator (or sends ``first``) and never reads
    again: a tiny receive window, soon shut, so the server's sends to it back up."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    raw.sendall(masked_frame(json.dumps(first or {"type": "hello", "token": None})))
    return raw


def masked_frame(text: str) -> bytes:
    """``text`` as one websocket text frame from a client (masked, as clients send)."""
    data, mask = text.encode(), os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else (
        bytes([0x80 | 126]) + len(data).to_bytes(2, "big"))
    return bytes([0x81]) + size + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(data))


async def slow_readers(port: int, count: int, server: ServerThread, rooms: RoomServer) -> None:
    """A room watched by ``count`` sockets that never read, while its host plays a bot game
    after game (each move an update to every socket) until the server drops them."""
    made = await asyncio.to_thread(post, port, "/rooms", {"name": "Ann", "players": 2})
    path = f"/ws/room/{made['code']}"
    held = [never_reading(port, path) for _ in range(count)]
    await asyncio.sleep(0.5)
    live = rooms.rooms[made["code"]]
    watching = [c for c in live.connections if c.seat is None]
    moves = 0
    async with websockets.connect(f"ws://127.0.0.1:{port}{path}") as host:
        await host.send(json.dumps({"type": "hello", "token": made["token"]}))
        version = json.loads(await host.recv())["version"]
        await host.send(json.dumps({"type": "add_bot", "version": version, "seat": 1,
                                    "bot": "random"}))
        while not all(c.closed for c in watching):
            moves += await rematch_or_ask(host)
    print(f"{count} never-reading sockets dropped after {moves} moves", flush=True)
    await asyncio.sleep(rooms.settings.drop_seconds + 1)
    print(f"{rooms.settings.drop_seconds + 1:.0f} s later", figures(server, rooms),
          "room_sockets", len(live.connections), flush=True)
    for raw in held:
        raw.close()


async def rematch_or_ask(ws: Any) -> int:
    """Read the room's next message and make the host's move: a deal (again) once no game
    is in play, else an ask on the host's turn. How many moves were sent (0 or 1)."""
    message = json.loads(await ws.recv())
    game, version = message.get("game"), message.get("version")
    if message["type"] not in ("update", "welcome"):
        return 0
    if game is None or game.get("winners") is not None:
        await ws.send(json.dumps({"type": "start", "version": version}))
        return 1
    legal = game.get("legal_actions") or []
    if legal and game.get("current_player") == 0:
        await ws.send(json.dumps({"type": "ask", "version": version,
                                  "target": legal[0]["target"], "rank": legal[0]["rank"]}))
        return 1
    return 0


def print_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> None:
    """Where Python memory grew between two snapshots: the lines to look at for a leak."""
    for stat in after.compare_to(before, "lineno")[:8]:
        print(f"  {stat.size_diff / 1024:+8.1f} KB {stat.count_diff:+6d} blocks  "
              f"{stat.traceback[0]}", flush=True)


async def batches(port: int, args: argparse.Namespace, server: ServerThread,
                  rooms: RoomServer) -> None:
    print("before", figures(server, rooms), flush=True)
    first: tracemalloc.Snapshot | None = None
    for batch in range(args.batches):
        for index in range(args.games):
            await play_table(port, batch * args.games + index)
        await asyncio.sleep(0.5)  # closing sockets finish leaving
        print(f"after {(batch + 1) * args.games} table games", figures(server, rooms), flush=True)
        first = first or tracemalloc.take_snapshot()
    if first is not None and args.batches > 1:
        print_growth(first, tracemalloc.take_snapshot())
    for batch in range(args.batches):
        for index in range(args.rooms):
            await asyncio.wait_for(use_room(port, batch * args.rooms + index), 60)
        await asyncio.sleep(0.5)
        print(f"after {(batch + 1) * args.rooms} rooms", figures(server, rooms), flush=True)
    if args.slow:
        await slow_readers(port, args.slow, server, rooms)
    if args.idle:
        await asyncio.sleep(args.idle + 1)
        print(f"{args.idle + 1:.0f} s later", figures(server, rooms), flush=True)


def main() -> None:
    import _args  # here: the tests import this as bench.server_soak, bench/ off the path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--games", type=_args.from_zero, default=300)
    parser.add_argument("--rooms", type=_args.from_zero, default=100)
    parser.add_argument("--batches", type=_args.at_least_one, default=3)
    parser.add_argument("--slow", type=_args.from_zero, default=0,
                        help="sockets that watch a room and never read (0: none)")
    parser.add_argument("--idle", type=_args.wait, default=0.0,
                        help="rooms' idle_seconds and away_seconds; wait that long at the end "
                        "(0: their defaults, no wait)")
    args = parser.parse_args()
    tracemalloc.start()
    folder = Path(tempfile.mkdtemp(prefix="gofish-soak-"))
    os.environ["GOFISH_ROOMS_DB"] = str(folder / "rooms.sqlite3")
    app = create_app(folder / "games.sqlite3", pace=0)
    rooms: RoomServer = app.state.gofish_rooms
    rooms.settings = replace(rooms.settings, bot_delay=0, joins_per_minute=1e6, rate_burst=10**6,
                             hellos_per_minute=1e6, silent_per_address=10**6,
                             watchers_per_address=10**6,
                             idle_seconds=args.idle or rooms.settings.idle_seconds,
                             away_seconds=args.idle or rooms.settings.away_seconds)
    port = free_port()
    server = ServerThread(app, port)
    server.start()
    try:
        asyncio.run(batches(port, args, server, rooms))
    finally:
        server.stop()
    print_database(folder / "rooms.sqlite3")


def print_database(path: Path) -> None:
    """What the rooms left in their database: it is never pruned by the server."""
    if not path.exists():  # no room was made: the server never opened it
        return
    with sqlite3.connect(path) as db:
        rooms = db.execute("SELECT COUNT(*) FROM online_rooms").fetchone()[0]
        entries, data = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(LENGTH(data)), 0) FROM online_entries").fetchone()
    print(f"rooms database: {rooms} rooms, {entries} entries, {data} bytes of entry data, "
          f"file {path.stat().st_size} bytes", flush=True)


if __name__ == "__main__":
    main()

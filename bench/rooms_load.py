"""Many concurrent online rooms, every seat a remote client over a real websocket.

The server (``gofish.online`` on uvicorn, SQLite database in a temporary
folder) runs in its own process on 127.0.0.1. This process opens ``--games``
rooms of two seats, connects one websocket client per seat and lets each seat
answer its own view: when ``legal_actions`` says it is its turn it waits a
think time (``--think`` seconds, ±50 %), then sends a random legal ask with the
version it saw. Latency is from sending an ask to receiving the update that
carries it. A finished game is followed at once by a rematch, so the count of
concurrent games stays at ``--games`` for the whole ``--seconds`` window.

Run: ``python bench/rooms_load.py [--games 500] [--seconds 60] [--think 1.0] [--database URL]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

MAX_GAMES = 2000
MAX_SECONDS = 600.0
SERVER = """
import cProfile, os, sys
from gofish.online import RoomSettings, create_rooms_app, serve
settings = RoomSettings(away_seconds=3600, bot_delay=0, rate_per_second=50, rate_burst=100,
                        joins_per_minute=1e6, hellos_per_minute=1e6,
                        silent_per_address=10**6)
app = create_rooms_app(sys.argv[1], settings)
if os.environ.get("ROOMS_PROFILE"):  # profile the server for ROOMS_PROFILE_SECONDS
    import threading
    profile = cProfile.Profile()
    profile.enable()
    seconds = float(os.environ.get("ROOMS_PROFILE_SECONDS", "30"))
    threading.Timer(seconds, profile.dump_stats, [os.environ["ROOMS_PROFILE"]]).start()
serve(app, "127.0.0.1", int(sys.argv[2]))
"""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    games_finished: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    measuring: bool = False
    server_cpu: float = 0.0
    client_lag: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer  # type: ignore[no-any-return]


def wait_for_server(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the rooms server exited before it was ready")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the rooms server did not start")


async def close_on(stop: asyncio.Event, ws: Any) -> None:
    await stop.wait()
    await ws.close()


async def seat_client(port: int, code: str, token: str, host: bool, think: float,
                      tally: Tally, stop: asyncio.Event, ready: asyncio.Barrier) -> None:
    """One remote player: reads its view, answers on its turn, times each ask."""
    rng = random.Random()
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/room/{code}",
                                  max_size=2**20, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state: dict[str, Any] = {"version": 0, "game": None}
        pending: dict[str, float] = {}

        async def answer(version: int, legal: list[dict[str, Any]]) -> None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if stop.is_set() or state["version"] != version:
                return
            pending["version"], pending["sent"] = version, time.perf_counter()
            await ws.send(json.dumps({"type": "ask", "version": version, **rng.choice(legal)}))

        async def rematch(version: int) -> None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if not stop.is_set() and state["version"] == version:
                await ws.send(json.dumps({"type": "start", "version": version}))

        first = json.loads(await ws.recv())
        state["version"] = first["version"]
        await ready.wait()
        if host:
            await ws.send(json.dumps({"type": "start", "version": state["version"]}))
        closer = asyncio.get_running_loop().create_task(close_on(stop, ws))
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                tally.errors[message["code"]] = tally.errors.get(message["code"], 0) + 1
                continue
            if kind != "update":
                continue
            state["version"], game = message["version"], message["game"]
            if "sent" in pending and message["version"] > pending["version"]:
                if tally.measuring:
                    tally.latencies.append(time.perf_counter() - pending["sent"])
                pending.clear()
            if game is None:
                continue
            if game["winners"] is not None:
                if host and game["log"] and game["log"][-1]["event"]["type"] == "game_over":
                    tally.games_finished += tally.measuring
                    asyncio.get_running_loop().create_task(rematch(state["version"]))
            elif game["legal_actions"]:
                asyncio.get_running_loop().create_task(answer(state["version"],
                                                              game["legal_actions"]))
        closer.cancel()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure_lag(tally: Tally, stop: asyncio.Event) -> None:
    """How late this process's event loop wakes up: the client's own share of the latency."""
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        tally.client_lag.append(time.perf_counter() - before - 0.01)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_load(port: int, games: int, seconds: float, think: float, warmup: float,
                   server_pid: int) -> Tally:
    tally, stop = Tally(), asyncio.Event()
    gc.collect()  # the load generator's own collector pauses would count as latency
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    loop = asyncio.get_running_loop()
    seats: list[tuple[str, str, bool]] = []
    for _ in range(games):
        made = await loop.run_in_executor(None, post, port, "/rooms",
                                          {"name": "Host", "players": 2})
        joined = await loop.run_in_executor(None, post, port, f"/rooms/{made['code']}/join",
                                            {"name": "Guest"})
        seats += [(made["code"], made["token"], True), (made["code"], joined["token"], False)]
    ready = asyncio.Barrier(len(seats) + 1)
    clients = [loop.create_task(seat_client(port, code, token, host, think, tally, stop, ready))
               for code, token, host in seats]
    await asyncio.wait_for(ready.wait(), 120)
    await asyncio.sleep(warmup)  # every room dealt and under way before measuring
    tally.measuring = True
    cpu_before = cpu_seconds(server_pid)
    lag_probe = loop.create_task(measure_lag(tally, stop))
    await asyncio.sleep(seconds)
    lag_probe.cancel()
    tally.server_cpu = cpu_seconds(server_pid) - cpu_before
    tally.measuring = False
    stop.set()
    await asyncio.gather(*clients, return_exceptions=True)
    return tally


def in_process_floor(asks: int = 5000) -> list[float]:
    """Seconds per ask for the same work with no network and no database: the floor.

    Each ask is applied to a room and both seats' messages are built and encoded,
    as the server does for every ask.
    """
    from gofish.online.protocol import SeatLog, encode, game_part
    from gofish.online.room import Room

    rng, times = random.Random(1), []
    while len(times) < asks:
        room = Room.new("BENCH2", "classic", 2, "")
        room.apply("seat", {"seat": 0, "name": "Host", "token_hash": "0"})
        room.apply("seat", {"seat": 1, "name": "Guest", "token_hash": "1"})
        room.apply(*room.start_entry(0))
        logs = [SeatLog(room.names, seat) for seat in (0, 1)]
        while room.game is not None and room.game.current_player is not None:
            started = time.perf_counter()
            seat = room.game.current_player
            ask = rng.choice(room.game.legal_actions())
            room.apply(*room.ask_entry(seat, ask, "player"))
            lobby = room.lobby()
            for viewer, log in zip((0, 1), logs, strict=True):
                view = room.game.view(viewer)
                entries = log.catch_up(view)
                encode({"type": "update", "version": room.version, "room": lobby,
                        "game": game_part(view, 1, len(entries) - 3)}, entries[-3:])
            times.append(time.perf_counter() - started)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    import _args  # here: the load's client loads no more of gofish
    from gofish.cli import gofish_options

    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--games", type=_args.count(MAX_GAMES), default=500,
                        help="concurrent rooms (default 500)")
    parser.add_argument("--seconds", type=_args.seconds, default=60.0,
                        help="measured window (default 60)")
    parser.add_argument("--think", type=_args.wait, default=1.0,
                        help="mean seconds a seat thinks before asking (default 1.0)")
    parser.add_argument("--warmup", type=_args.wait, default=5.0, help="seconds before measuring")
    parser.add_argument("--database", default=None,
                        help="rooms database URL (default: SQLite in a temporary folder)")
    args = parser.parse_args()
    if args.seconds > MAX_SECONDS:
        parser.error(f"argument --seconds: must be at most {MAX_SECONDS:.0f}, not {args.seconds:g}")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        database = args.database or str(Path(folder) / "rooms.sqlite3")
        server = subprocess.Popen([sys.executable, "-c", SERVER, database, str(port)])
        try:
            wait_for_server(port, server)
            started = time.process_time()
            tally = asyncio.run(run_load(port, args.games, args.seconds, args.think,
                                         args.warmup, server.pid))
            client_cpu = time.process_time() - started
        finally:
            server.terminate()
            server.wait(timeout=30)
    report(args, tally, client_cpu, in_process_floor())
    return 0 if tally.latencies else 1


def report(args: argparse.Namespace, tally: Tally, client_cpu: float,
           floor: list[float]) -> None:
    lat = [value * 1000 for value in tally.latencies]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, {platform.platform()}; load average at the end "
          f"{os.getloadavg()[0]:.1f} (other work on the machine competes for the cores)")
    print(f"concurrent games: {args.games} (2 seats each: {2 * args.games} websockets), "
          f"think {args.think:.2f} s, measured {args.seconds:.0f} s")
    if not lat:
        print("no asks were measured")
        return
    print(f"asks measured: {len(lat)} ({len(lat) / args.seconds:.0f}/s), games finished: "
          f"{tally.games_finished}, errors: {tally.errors or 'none'}")
    print(f"ask -> update latency ms: p50 {statistics.median(lat):.1f}  "
          f"p95 {percentile(lat, 0.95):.1f}  p99 {percentile(lat, 0.99):.1f}  "
          f"max {max(lat):.1f}")
    print(f"server CPU: {100 * tally.server_cpu / args.seconds:.0f} % of one core in the window; "
          f"client process CPU: {client_cpu:.1f} s over the whole run")
    floor_ms = statistics.median(floor) * 1000
    print(f"same ask in process (apply, 2 views, encode; no network, no database): median "
          f"{floor_ms:.2f} ms; over websockets + database under load / in process: "
          f"{statistics.median(lat) / floor_ms:.1f}x at the median")
    if os.environ.get("ROOMS_HISTOGRAM"):
        edges = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
        counts = [sum(1 for v in lat if low <= v < high) for low, high in
                  zip([0, *edges], [*edges, 1e9], strict=True)]
        print("histogram ms:", dict(zip([*edges, "more"], counts, strict=True)))
    lag = [value * 1000 for value in tally.client_lag]
    print(f"client event-loop lag ms (part of the latency above): p50 "
          f"{statistics.median(lag):.1f}  p99 {percentile(lag, 0.99):.1f}")
    target = "met" if percentile(lat, 0.99) <= 50 else "NOT met"
    print(f"target p99 <= 50 ms at >= 500 concurrent games: {target}"
          + ("" if args.games >= 500 else f" (only {args.games} games run)"))


if __name__ == "__main__":
    sys.exit(main())

"""How fast the browser table answers: websocket ask -> update over loopback.

Starts ``gofish serve``'s app on uvicorn (127.0.0.1, a free port, a temporary
database), plays whole games against Emma over a real websocket with the bots'
pace at 0, and prints the time from sending each ask to receiving its update
(validation, the move, saving, the seat's view, narration, the coach rows and
JSON included), plus the time to the first table (start -> first update).
Side by side: the same asks played straight on a GameSession with no server,
so the ratio shows what the network layer costs.

    python bench/web_latency.py [GAMES]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
import websockets

import _args
from gofish.cli import gofish_options
from gofish.core import Ask, new_game
from gofish.storage import open_store
from gofish.web import GameSession, Seat, create_app
from gofish.web.messages import AskMessage


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play_over_websocket(url: str, games: int) -> tuple[list[float], list[float]]:
    asks: list[float] = []
    starts: list[float] = []
    async with websockets.connect(url) as ws:
        for seed in range(games):
            began = time.perf_counter()
            await ws.send(json.dumps({"type": "start", "seed": seed, "pace": 0}))
            update = await _next_update(ws)
            starts.append(time.perf_counter() - began)
            while update["state"]["phase"] != "over":
                if update["state"]["phase"] != "ask":
                    update = await _next_update(ws)
                    continue
                ask = update["state"]["legal"][0]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "ask", "version": update["version"], **ask}))
                update = await _next_update(ws)
                asks.append(time.perf_counter() - sent)
    return asks, starts


async def _next_update(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "update":
            return dict(message)


async def play_in_process(games: int, database: Path) -> list[float]:
    """The same person's asks on a GameSession with a listener that only keeps the JSON."""
    times: list[float] = []
    with open_store(database) as store:
        for seed in range(games):
            game = new_game("classic", players=2, seed=seed)
            session = GameSession(game, [Seat("You", None), Seat("Emma", "emma")],
                                  store=store, pace=0, seed=seed)
            last: list[str] = []

            async def keep(message: dict[str, Any], box: list[str] = last) -> None:
                box.append(json.dumps(message))

            await session.connect(0, keep)
            while not game.is_over:
                if game.current_player != 0:
                    await asyncio.sleep(0)
                    continue
                action: Ask = game.legal_actions()[0]
                began = time.perf_counter()
                await session.submit(0, AskMessage(type="ask", version=session.version,
                                                   target=action.target, rank=str(action.rank)))
                times.append(time.perf_counter() - began)
            await session.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("games", nargs="?", type=_args.at_least_one, default=20,
                        help="games played each way (default 20)")
    games = parser.parse_args().games
    folder = Path(tempfile.mkdtemp())
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(folder / "web.sqlite3", pace=0),
                                           host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        asks, starts = asyncio.run(play_over_websocket(f"ws://127.0.0.1:{port}/ws/play", games))
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    direct = asyncio.run(play_in_process(games, folder / "direct.sqlite3"))
    ms = 1000
    print(f"websocket ask -> update: {len(asks)} asks in {games} games, "
          f"median {statistics.median(asks) * ms:.2f} ms, p99 {percentile(asks, 0.99) * ms:.2f} ms,"
          f" slowest {max(asks) * ms:.2f} ms")
    print(f"start -> first table: median {statistics.median(starts) * ms:.2f} ms, "
          f"slowest {max(starts) * ms:.2f} ms")
    print(f"GameSession.submit, no server: {len(direct)} asks, "
          f"median {statistics.median(direct) * ms:.2f} ms, "
          f"p99 {percentile(direct, 0.99) * ms:.2f} ms")
    print(f"websocket / in-process median: "
          f"{statistics.median(asks) / statistics.median(direct):.1f}x")


if __name__ == "__main__":
    main()

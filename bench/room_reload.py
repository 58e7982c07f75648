"""How long does a long-played room take to reload, and does it hold up other rooms?

A room leaves memory when nobody is connected and is rebuilt from its stored entries on
the next visit (a restart reloads every room this way). This stores a room of ``--games``
quick classic games (a person and a bot, every ask picked at random), then reloads it on
a fresh server while a ticker on the same event loop notes the longest gap between its
ticks: what every other room and table waited meanwhile.

Run: ``python bench/room_reload.py [--games 100] [--rounds 5]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from _args import at_least_one, seed
from gofish.cli import gofish_options
from gofish.online import RoomServer, RoomSettings

# Nothing moves by itself while the room is built: no bot turns, clocks or evictions.
STILL = RoomSettings(away_seconds=1e6, turn_seconds=0, bot_delay=1e6, idle_seconds=1e6)


async def stored_room(database: str, games: int, rng: random.Random) -> tuple[str, int]:
    """A room of ``games`` games played to the end; its code and its number of entries."""
    server = RoomServer(database, STILL)
    try:
        code = (await server.create_room("Ann", 2, {"preset": "classic"}))["code"]
        live = await server.live_room(code)
        room = live.room
        async with live.lock:
            await server.commit(live, room.add_bot_entry(0, 1, "emma"))
            for _ in range(games):
                await server.commit(live, room.start_entry(0))
                while (seat := room.seat_to_move()) is not None:
                    assert room.game is not None
                    ask = rng.choice(room.game.view(seat).legal_actions)
                    by = "player" if seat == 0 else "bot"
                    await server.commit(live, room.ask_entry(seat, ask, by))
        return code, room.version
    finally:
        await server.close()


async def one_reload(database: str, code: str) -> tuple[float, float]:
    """Seconds the reload took, and the longest the event loop was held meanwhile."""
    server = RoomServer(database, STILL)
    longest = 0.0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal longest
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            longest, last = max(longest, now - last), now

    try:
        await server.ready()  # the database opened: only the reload is timed
        ticking = asyncio.create_task(ticker())
        await asyncio.sleep(0.01)
        start = time.perf_counter()
        await server.live_room(code)
        took = time.perf_counter() - start
        done.set()
        await ticking
        return took, longest
    finally:
        await server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--games", type=at_least_one, default=100)
    parser.add_argument("--rounds", type=at_least_one, default=5)
    parser.add_argument("--seed", type=seed, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "rooms.sqlite3")
        code, entries = asyncio.run(stored_room(database, args.games, random.Random(args.seed)))
        results = [asyncio.run(one_reload(database, code)) for _ in range(args.rounds)]
    took = [1000 * t for t, _ in results]
    held = [1000 * h for _, h in results]
    print(f"{args.games} games, {entries} entries, {args.rounds} reloads")
    print(f"reload: median {statistics.median(took):.1f} ms, max {max(took):.1f} ms")
    print(f"event loop held at most: median {statistics.median(held):.1f} ms, "
          f"max {max(held):.1f} ms")


if __name__ == "__main__":
    main()

"""A server that closes while a room's bot thinks stops that bot's search.

Cancelling the room's bot task only dropped the answer: the worker thread searched on
for the rest of the think, holding a thread after the server had closed."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.bots.thinking import LONG_THINKER, STOPS_WITHIN, ThinkWatch
from tests.web.test_session import run

from gofish.bots import make_bot
from gofish.bots.ismcts import IsmctsBot
from gofish.online.server import RoomServer

from .conftest import FAST
from .helpers import ask_for_a_present_person


def test_closing_the_server_stops_a_room_bot_thinking_in_its_worker_thread(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        server = RoomServer(str(tmp_path / "rooms.sqlite3"), FAST)
        info = await server.create_room("Ann", 3, "classic")
        live = await server.live_room(info["code"])
        # Ann's seat, while she is away, is played by this long thinker (the stand-in).
        thinker = make_bot(LONG_THINKER)
        assert isinstance(thinker, IsmctsBot)
        watch = ThinkWatch(thinker)
        live.bots[0] = thinker
        async with live.lock:
            await server.commit(live, live.room.add_bot_entry(0, 1, "emma"))
        await server.join_room(info["code"], "Bob")
        async with live.lock:
            await server.commit(live, live.room.start_entry(0))
        live.room.seats[0].away = True  # as when her socket has been gone a while
        live.room.seats[2].connections = 1  # and Bob's page is open: stand-ins play
        server.schedule_bot(live)
        deadline = time.monotonic() + 4 * STOPS_WITHIN
        while not watch.searching:
            assert time.monotonic() < deadline, "the stand-in never started searching"
            await ask_for_a_present_person(server, live, 2)
            await asyncio.sleep(0.01)
        asks_before = len(live.room.game.actions) if live.room.game else 0
        await server.close()
        ended = await asyncio.to_thread(watch.ended.wait, STOPS_WITHIN)
        assert ended and thinker.last_iterations < 1_000_000
        assert live.room.game is not None and len(live.room.game.actions) == asks_before

    run(scenario)

"""A room's bot that raises plays a random legal ask instead: its task died with the
error, and the game waited for that seat for ever, for every person in the room. So does
one that returns no Ask: a numpy array was compared with the legal asks, and numpy's
ValueError killed the task as the bot's own error had."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from tests.web.test_session import run

from gofish.core import Ask, View
from gofish.online.server import RoomServer

from .conftest import FAST
from .helpers import ask_for_a_present_person


class BrokenBot:
    name = "broken"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.calls += 1
        raise RuntimeError("a bug in the bot")


class ArrayBot(BrokenBot):
    """An agent's raw output, not an Ask."""

    name = "array"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.calls += 1
        return np.array([0, 1])  # type: ignore[return-value]


@pytest.mark.parametrize("failing", [BrokenBot, ArrayBot])
def test_a_bot_that_raises_still_asks_and_the_game_goes_on(tmp_path: Path,
                                                           failing: type[BrokenBot]) -> None:
    async def scenario() -> None:
        server = RoomServer(str(tmp_path / "rooms.sqlite3"), FAST)
        info = await server.create_room("Ann", 3, "classic")
        live = await server.live_room(info["code"])
        broken = failing()
        async with live.lock:
            await server.commit(live, live.room.add_bot_entry(0, 1, "emma"))
        await server.join_room(info["code"], "Bob")
        async with live.lock:
            await server.commit(live, live.room.start_entry(0))
            # After the bot's entry, which makes its seat's bot afresh; the lock is held,
            # so no bot has chosen yet.
            live.bots[0] = live.bots[1] = broken  # type: ignore[assignment]
        live.room.seats[0].away = True  # a stand-in plays her seat too
        live.room.seats[2].connections = 1  # while Bob's page is open
        server.schedule_bot(live)
        deadline = time.monotonic() + 10
        game = live.room.game
        assert game is not None
        # Asks by the broken bot, for both seats (and Bob's own on his turns).
        while len([seat for seat, _ in game.actions if seat != 2]) < 3:
            assert time.monotonic() < deadline, "the game stopped at the failing bot"
            await ask_for_a_present_person(server, live, 2)
            await asyncio.sleep(0.01)
        assert broken.calls >= 3
        await server.close()

    run(scenario)

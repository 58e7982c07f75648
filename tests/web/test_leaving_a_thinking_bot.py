"""A page leaving its game (a closed tab, a new deal) while a bot thinks stops that bot.

Cancelling the bots' task dropped the answer, but the worker thread searched on for
the rest of the think, holding one of the executor threads every table shares."""

from __future__ import annotations

import asyncio
import time

from tests.bots.thinking import LONG_THINKER, STOPS_WITHIN, ThinkWatch
from tests.web.test_session import Page, run

from gofish.bots.ismcts import IsmctsBot
from gofish.core import new_game
from gofish.web import GameSession, Seat


def test_closing_a_game_stops_the_bot_thinking_in_its_worker_thread() -> None:
    async def scenario() -> None:
        game = new_game("classic", players=2, seed=4, first_player=1)  # the bot asks first
        session = GameSession(game, [Seat("Ann", None), Seat("Ismcts", LONG_THINKER)], pace=0)
        bot = session.bots[1]
        assert isinstance(bot, IsmctsBot)
        watch = ThinkWatch(bot)
        await session.connect(0, Page().send)
        deadline = time.monotonic() + STOPS_WITHIN
        while not watch.searching:
            assert time.monotonic() < deadline, "the bot never started searching"
            await asyncio.sleep(0.01)
        await session.close()
        ended = await asyncio.to_thread(watch.ended.wait, STOPS_WITHIN)
        assert ended and bot.last_iterations < 1_000_000
        assert not game.actions  # its late answer was not played

    run(scenario)

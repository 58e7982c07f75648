"""Leaving a game at the terminal table: its thinking bot stops."""

from __future__ import annotations

from tests.bots.thinking import LONG_THINKER, STOPS_WITHIN, ThinkWatch
from tests.tui.helpers import make_app, run_app
from tests.tui.test_table import until
from textual.pilot import Pilot

from gofish.bots.ismcts import IsmctsBot
from gofish.tui import GoFishApp


def app_with_a_long_thinker() -> tuple[GoFishApp, ThinkWatch]:
    """A paced table where a 15-second ismcts moves first."""
    seed = next(s for s in range(100)
                if make_app(seed=s, opponents=(LONG_THINKER,)).session.game.current_player == 1)
    app = make_app(seed=seed, opponents=(LONG_THINKER,))
    app.speed = 0.02  # threaded thinking (at speed 0 bots move on the app's own thread)
    bot = app.session.bots[1]
    assert isinstance(bot, IsmctsBot)
    return app, ThinkWatch(bot)


def test_a_new_game_stops_the_old_games_bot_thinking() -> None:
    # The old bot searched on for the rest of its 15 s (its answer dropped), taking the
    # CPU from the new game's bots; three new games, three searches.
    app, watch = app_with_a_long_thinker()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        old = app.session
        await until(lambda: watch.searching, pilot)
        await pilot.press("n")  # no ask made yet: n deals at once
        await until(lambda: app.session is not old, pilot)
        await until(watch.ended.is_set, pilot, seconds=STOPS_WITHIN)
        assert watch.bot.last_iterations < 1_000_000 and not old.game.actions

    run_app(app, script)


def test_quitting_stops_the_bot_thinking() -> None:
    app, watch = app_with_a_long_thinker()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: watch.searching, pilot)
        await pilot.press("q")  # no ask made yet: q quits at once

    run_app(app, script)
    assert not app.is_running
    assert watch.ended.wait(STOPS_WITHIN)

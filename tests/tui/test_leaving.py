"""Leaving a game at the terminal table: its thinking bot stops, and Ctrl+Q asks as q does."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from tests.bots.thinking import LONG_THINKER, STOPS_WITHIN, ThinkWatch
from tests.tui.helpers import make_app, play_to_the_end, run_app, screen_text
from tests.tui.test_table import held_and_missing, until
from textual.pilot import Pilot

from gofish.bots.endgame import EndgameSearch
from gofish.bots.ismcts import IsmctsBot
from gofish.core import Asked, Rank
from gofish.storage import Store
from gofish.tui import GoFishApp
from gofish.tui.screens import HelpScreen
from gofish.tui.widgets import RANK_KEYS, CoachPanel


def app_with_a_long_thinker(speed: float = 0.02) -> tuple[GoFishApp, ThinkWatch]:
    """A paced table (or one at ``speed``) where a 15-second ismcts moves first."""
    seed = next(s for s in range(100)
                if make_app(seed=s, opponents=(LONG_THINKER,)).session.game.current_player == 1)
    app = make_app(seed=seed, opponents=(LONG_THINKER,))
    app.speed = speed
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


def test_at_speed_0_a_searching_bot_leaves_the_table_usable() -> None:
    # At --speed 0 every bot moved on the app's own thread: a bot that searches (ismcts,
    # seconds=15 here) left a blank screen while it thought, and the coach, q and even
    # Ctrl-C waited for the end of every search of its turn.
    app, watch = app_with_a_long_thinker(speed=0)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: watch.searching, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert app.query_one(CoachPanel).display  # while the bot still searches
        assert not app.session.game.actions
        await pilot.press("ctrl+c")

    run_app(app, script)
    assert not app.is_running and app.return_code == 130
    assert watch.ended.wait(STOPS_WITHIN)


def test_at_speed_0_the_expert_plays_its_endgames_out_off_the_tables_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its play-outs (up to a second a turn at five seats, measured) ran on the app's
    # thread at speed 0, freezing the screen, the keys and Ctrl-C meanwhile.
    threads: list[threading.Thread] = []
    search = EndgameSearch.best

    def watched(self: EndgameSearch, *args: Any) -> Any:
        threads.append(threading.current_thread())
        return search(self, *args)

    monkeypatch.setattr(EndgameSearch, "best", watched)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)

    for seed in range(3):  # games until one reaches an endgame the expert searches
        run_app(make_app(seed=seed, opponents=("expert",)), script)
        if threads:
            break
    assert threads, "no endgame was played out"
    assert threading.main_thread() not in threads


def in_a_game(script_after_an_ask: object) -> GoFishApp:
    """A table at speed 0 where the person has asked once (so quitting asks first)."""
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert app.session.game.actions and not app.session.is_over
        await script_after_an_ask(app, pilot)  # type: ignore[operator]

    run_app(app, script)
    return app


@pytest.mark.parametrize("second", ["ctrl+q", "q"])
def test_ctrl_q_asks_before_quitting_as_q_does(second: str) -> None:
    # Textual's ctrl+q left at once: one slip of the finger and the table was gone.
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and "Press q again to quit" in screen_text(app)
        await pilot.press("escape")  # changed my mind
        await pilot.pause()
        assert app.is_running and "Press q again" not in screen_text(app)
        await pilot.press("ctrl+q", second)
        await pilot.pause()
        assert not app.is_running

    app = in_a_game(script)
    assert app.return_code == 0  # a quit, not an interrupt (Ctrl-C's 130)


def test_ctrl_q_over_the_help_closes_it_and_asks() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "q Ctrl+Q" in screen_text(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and app.screen is app.screen_stack[0]
        assert "Press q again to quit" in screen_text(app)

    in_a_game(script)


def test_ctrl_q_turns_the_question_to_deal_again_into_the_one_to_quit() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        first = app.session
        await pilot.press("n", "ctrl+q")
        await pilot.pause()
        text = screen_text(app)
        assert "Press q again to quit" in text and "Press n again" not in text
        await pilot.press("n")  # no longer the question's key: stay
        await pilot.pause()
        assert app.is_running and app.session is first

    in_a_game(script)


def test_no_bot_asks_in_a_game_left_before_its_turn_came() -> None:
    # At speed 0 a bot's turn is queued behind the keys already typed: Ctrl-C typed just
    # after an ask left the game, then its (cancelled) bot asked in it all the same.
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        miss = next(rank for rank in session.held_ranks()
                    if all(card.rank != rank for card in session.game.hand(1)))
        asks_before = len(session.game.actions)
        app.try_ask(miss, None)  # the key's handler: the bot's turn is queued...
        assert session.bot_to_act
        app.action_interrupt()  # ...and Ctrl-C, typed already, is handled before it
        await pilot.pause()
        assert len(session.game.actions) == asks_before + 1  # the person's ask, no bot's

    run_app(app, script)
    assert app.return_code == 130


@pytest.mark.parametrize("key", ["ctrl+c", "n"])
def test_a_bots_question_in_the_log_is_answered_and_saved_before_the_game_is_left(
        key: str, tmp_path: Path) -> None:
    # Leaving between a bot's question and its answer saved the game without the ask the
    # log had shown: resumed, the bot (on a fresh random stream) could ask another thing.
    database = tmp_path / "games.sqlite3"
    app = make_app("classic", seed=3, database=database)
    shown: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: app.session.human_to_act, pilot)
        app.speed = 1000.0  # no timer fires during the test: it plays Emma's turn itself
        while app.session.human_to_act:  # ask until a miss passes the turn to Emma (R8)
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
            await pilot.pause()
        left = app.session
        app.bot_step()  # the timer's pause is up: Emma thinks, then asks
        await until(lambda: str(app.log_lines[-1]).startswith("Emma asks you for"), pilot)
        shown.append(str(app.log_lines[-1]))
        await pilot.press(*(["ctrl+c"] if key == "ctrl+c" else ["n", "n"]))  # n: twice
        await until(lambda: not app.is_running or app.session is not left, pilot)

    run_app(app, script)
    with Store(database) as store:
        last = store.get(1).record["actions"][-1]
    asked = app.session.narrator.describe(Asked(1, 0, Rank.parse(last["rank"])))
    assert (last["player"], last["target"], asked) == (1, 0, shown[0])


def test_a_bots_first_question_does_not_keep_a_deal_thrown_away() -> None:
    # n on a deal with no ask played deals again at once, the deal forgotten: a question
    # of the bot to play first, already in the log, must not make it a game to keep.
    seed = next(s for s in range(100) if make_app(seed=s).session.game.current_player == 1)
    app = make_app(seed=seed)
    app.speed = 1000.0  # no timer fires during the test: it plays Emma's turn itself

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        dealt = app.session
        app.bot_step()
        await until(lambda: str(app.log_lines[-1]).startswith("Emma asks you for"), pilot)
        await pilot.press("n")
        await until(lambda: app.session is not dealt, pilot)
        assert not dealt.game.actions

    run_app(app, script)


@pytest.mark.parametrize("key", ["q", "ctrl+c"])
def test_a_bots_first_question_is_kept_when_the_deal_is_left_to_resume(
        key: str, tmp_path: Path) -> None:
    # q (once: nothing is played yet) or Ctrl+C right after the first bot's question kept
    # the deal, to resume, but not the question: resumed, Emma (on a fresh random stream)
    # asked another thing than the log had shown.
    database = tmp_path / "games.sqlite3"
    seed = next(s for s in range(100) if make_app(seed=s).session.game.current_player == 1)
    app = make_app(seed=seed, database=database)
    app.speed = 1000.0  # no timer fires during the test: it plays Emma's turn itself
    shown: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        app.bot_step()
        await until(lambda: str(app.log_lines[-1]).startswith("Emma asks you for"), pilot)
        shown.append(str(app.log_lines[-1]))
        await pilot.press(key)
        await until(lambda: not app.is_running, pilot)

    run_app(app, script)
    with Store(database) as store:
        actions = store.get(1).record["actions"]
    assert actions, "the deal was kept without the question the log showed"
    asked = app.session.narrator.describe(Asked(1, 0, Rank.parse(actions[0]["rank"])))
    assert (actions[0]["player"], actions[0]["target"], asked) == (1, 0, shown[0])

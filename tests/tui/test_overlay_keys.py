"""The keys the table's footer offers work over the help and the coach too: the footer stays
in sight under them ("? Help  c Coach  n New game  q Quit"), but they swallowed c, n and ?,
and q only closed them."""

from __future__ import annotations

import pytest
from tests.tui.helpers import make_app, play_to_the_end, run_app, screen_text
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.screens import CoachScreen, GameOverScreen, HelpScreen
from gofish.tui.widgets import RANK_KEYS, CoachPanel


def a_game_under_way() -> GoFishApp:
    """Classic against Emma, where the person has asked once (so n asks before dealing)."""
    return make_app("classic", seed=3)


async def ask_once(app: GoFishApp, pilot: Pilot[None]) -> None:
    assert app.session.human_to_act
    await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
    await pilot.pause()
    assert app.session.game.actions


def test_c_over_the_help_shows_the_coach_as_on_the_table() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]  # the help closed...
        assert app.query_one(CoachPanel).display  # ...and the coach is beside the log
        assert "Coach: what the table has shown" in screen_text(app)

    run_app(a_game_under_way(), script)


def test_n_over_the_help_asks_for_a_new_game_as_on_the_table() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        game = app.session.game
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and app.confirm_new
        assert "Press n again to deal a new one" in " ".join(screen_text(app).split())
        assert app.session.game is game  # asked, not dealt: the game is under way
        await pilot.press("n")
        await pilot.pause()
        assert app.session.game is not game

    run_app(a_game_under_way(), script)


async def coach_over_the_table(app: GoFishApp, pilot: Pilot[None]) -> None:
    """Open the coach in a window with no room for it beside the log: over the table."""
    await pilot.resize_terminal(50, 16)
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(app.screen, CoachScreen)


def test_over_the_coach_in_a_small_window_question_mark_opens_the_help() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await coach_over_the_table(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")  # back to the coach it was opened over
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)

    run_app(a_game_under_way(), script)


def test_n_over_the_coach_asks_for_a_new_game_as_on_the_table() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        await coach_over_the_table(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and app.confirm_new

    run_app(a_game_under_way(), script)


def test_n_over_the_help_over_the_game_over_box_plays_again() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        finished = app.session.game
        await pilot.press("question_mark")  # the box offers the help
        await pilot.pause()
        assert [type(s) for s in app.screen_stack[1:]] == [GameOverScreen, HelpScreen]
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]  # no box left over the new deal
        assert app.session.game is not finished and not app.session.is_over

    run_app(make_app("classic", seed=5), script)


@pytest.mark.parametrize("overlay", ["help", "coach"])
def test_q_over_an_overlay_asks_to_quit_as_the_footer_says(overlay: str) -> None:
    # The footer under the help and the coach read "q Quit", but q only closed them.
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        if overlay == "help":
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
        else:
            await coach_over_the_table(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and app.screen is app.screen_stack[0] and app.confirm_quit
        await pilot.press("q")  # the second q quits, as on the table
        await pilot.pause()
        assert not app.is_running

    app = a_game_under_way()
    run_app(app, script)
    assert app.return_code == 0  # a quit, not an interrupt


def test_q_over_the_help_over_the_game_over_box_leaves() -> None:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack[1:]] == [GameOverScreen, HelpScreen]
        await pilot.press("q")  # the box's q: the game is over, so nothing is asked
        await pilot.pause()
        assert not app.is_running

    run_app(make_app("classic", seed=5), script)

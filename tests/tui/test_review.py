"""Found in review: a pending "Quit?" or "New game?" must stay in sight, and must not
swallow the key that the window's own note offers."""

from __future__ import annotations

from tests.tui.helpers import make_app, run_app
from tests.tui.test_hostile import prompt_text
from tests.tui.test_table import until
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS

PACE = 1000.0  # no timer fires during the test: it plays the bot's turn itself


def test_the_question_to_quit_stays_in_sight_while_a_bot_asks() -> None:
    # A bot's ask showed "Emma is asking…" over "Quit? Press q again…" while the question
    # still waited: the next key (a rank, say) was then swallowed as "stay", unasked.
    app = make_app("classic", seed=3)  # at speed 0 until the person's first turn

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: app.session.human_to_act, pilot)
        app.speed = PACE
        while app.session.human_to_act:  # ask until a miss passes the turn to Emma (R8)
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
            await pilot.pause()
        await pilot.press("q")
        lines = len(app.log_lines)
        app.bot_step()  # the timer's pause is up: Emma thinks, then asks
        await until(lambda: len(app.log_lines) > lines, pilot)  # her question is in the log
        await pilot.pause()
        assert prompt_text(app).startswith("Quit? Press q again")
        assert app.confirm_quit

    run_app(app, script)


def test_in_a_window_too_small_q_quits_at_once_even_with_a_new_game_question_pending() -> None:
    # The note says "press q to quit", and q does that there; but with "New game?" asked
    # before the window shrank (now hidden behind the note), q only answered "stay".
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await until(lambda: app.session.human_to_act, pilot)
        await pilot.press("n")
        assert prompt_text(app).startswith("New game? Press n again")
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running

    run_app(app, script)
    assert app.return_code == 0

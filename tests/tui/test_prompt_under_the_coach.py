"""The prompt in sight under the coach over the table says the coach must close first: at
the nordic sea it read "Enter draws it", and Enter did nothing until Esc closed the coach
(no key that plays reaches the table through it). Closed, the prompt is the table's again."""

from __future__ import annotations

from tests.tui.helpers import make_app, run_app, screen_text
from tests.tui.test_overlay_keys import coach_over_the_table
from tests.tui.test_sea_pick import prompt, sea_table
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.screens import CoachScreen
from gofish.tui.widgets import RANK_KEYS

CLOSE_FIRST = "Esc closes the coach to play on."


def test_at_the_sea_under_the_coach_the_prompt_says_to_close_it_first() -> None:
    app, miss, _ = sea_table()
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[miss.rank])
        await pilot.pause()
        await coach_over_the_table(app, pilot)
        seen["under"] = prompt(app)
        await pilot.press("enter")  # as the prompt under the coach read: nothing is drawn
        await pilot.pause()
        assert app.session.game.actions == () and isinstance(app.screen, CoachScreen)
        await pilot.press("escape")
        await pilot.pause()
        seen["closed"] = prompt(app)
        await pilot.press("enter")  # closed, Enter draws as its prompt says
        await pilot.pause()
        assert app.session.pending_miss is None and app.session.game.actions[0] == (0, miss)

    run_app(app, script)
    assert seen["under"].startswith(f"{CLOSE_FIRST} Go fish! Pick a card from the sea")
    assert seen["closed"].startswith("Go fish! Pick a card from the sea")


def test_on_your_turn_under_the_coach_the_prompt_says_to_close_it_first() -> None:
    # The rank keys it named did nothing under the coach either.
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert app.session.human_to_act
        await coach_over_the_table(app, pilot)
        seen["under"] = prompt(app)
        await pilot.press("c")  # c closes it as Esc does
        await pilot.pause()
        seen["closed"] = prompt(app)

    run_app(make_app("classic", seed=3), script)
    assert seen["under"].startswith(f"{CLOSE_FIRST} Your turn. Ask Emma")
    assert seen["closed"].startswith("Your turn. Ask Emma")


def test_a_tall_coach_over_a_low_window_leaves_the_prompt_in_sight() -> None:
    # Five at the table make the coach seven rows of ranks: centred in a 50x16 window it
    # covered the prompt's first line, "Esc closes the coach to play on.", and the rank keys
    # the rest of it named then did nothing, with nothing in sight to say why.
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        while not app.session.human_to_act:
            await pilot.pause()
        await coach_over_the_table(app, pilot)
        box = app.screen.query_one("#coach-box").region
        seen["under"] = prompt(app)
        assert box.bottom <= app.query_one("#prompt").region.y
        assert box.height > len(app.session.names)  # the whole coach, a row per player

    run_app(make_app("nordic", players=5), script)
    assert seen["under"].startswith(f"{CLOSE_FIRST} Your turn. Ask Emma")


def test_behind_the_too_small_note_the_coach_keeps_clear_of_the_footer_alone() -> None:
    # Hidden behind the note, the prompt needs no room: kept clear for it as well, the
    # five-seat coach was squeezed into a scroll that hid its Unseen row at 60x12.
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        while not app.session.human_to_act:
            await pilot.pause()
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
        assert app.too_small
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)
        box = app.screen.query_one("#coach-box")
        assert box.region.bottom <= app.size.height - 1  # the footer's row stays in sight
        assert box.max_scroll_y == 0  # the whole coach, nothing scrolled away
        seen["screen"] = screen_text(app)

    run_app(make_app("nordic", players=5), script)
    assert "Unseen" in seen["screen"] and "Coach" in seen["screen"].split("Unseen")[0]

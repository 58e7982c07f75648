"""A key the table does not use (x, Enter, Space on your turn) did nothing, not even a
word: the table looked frozen. It now says the key does nothing, and what the keys are."""

from __future__ import annotations

import pytest
from tests.tui.helpers import make_app, run_app
from tests.tui.test_hostile import BrokenBot
from tests.tui.test_sweep_wording import prompt_text
from tests.tui.test_table import until
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.widgets import CoachPanel


async def your_turn(app: GoFishApp, pilot: Pilot[None]) -> None:
    await until(lambda: app.session.human_to_act and app.session.pending_miss is None, pilot)


@pytest.mark.parametrize(("key", "name"), [("x", "x"), ("enter", "Enter"),
                                           ("space", "Space"), ("exclamation_mark", "!")])
def test_a_stray_key_on_your_turn_says_so_and_names_the_keys(key: str, name: str) -> None:
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await your_turn(app, pilot)
        moves = len(app.session.game.actions)
        await pilot.press(key)
        shown = prompt_text(app)
        assert shown.startswith(f"{name} does nothing here. Your turn. Ask Emma"), shown
        assert f"press {app.held_keys()}" in shown, shown
        assert len(app.session.game.actions) == moves  # nothing was played

    run_app(app, script)


def test_bound_keys_are_not_called_stray() -> None:
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await your_turn(app, pilot)
        await pilot.press("c")
        assert app.query_one(CoachPanel).display
        assert "does nothing" not in prompt_text(app)

    run_app(app, script)


def test_a_stray_key_at_the_sea_keeps_the_way_to_draw_in_sight() -> None:
    app = make_app("nordic", seed=5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await your_turn(app, pilot)
        for key in app.held_keys().split():  # ask until told "Go fish!"
            await pilot.press(key)
            await until(lambda: app.session.pending_miss is not None
                        or app.session.human_to_act, pilot)
            if app.session.pending_miss is not None:
                break
        assert app.session.pending_miss is not None, "never told to go fish"
        await pilot.press("x")
        shown = prompt_text(app)
        assert shown.startswith("x does nothing here. Go fish! Pick a card from the sea: "
                                "←/→ choose, Enter draws it"), shown
        await pilot.press("enter")
        assert app.session.pending_miss is None  # Enter still draws there

    run_app(app, script)


def test_a_stray_key_on_a_bots_turn_says_whose_turn_it_is() -> None:
    app = make_app(seed=7)
    app.speed = 1.0  # the bot takes its time, so the key meets its turn

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await your_turn(app, pilot)
        miss = next(key for key in app.held_keys().split())
        while app.session.human_to_act:  # ask until the turn passes to Emma
            await pilot.press(miss)
            await until(lambda: app.session.game.current_player == 1
                        or app.session.human_to_act, pilot)
            miss = app.held_keys().split()[0] if app.session.human_to_act else miss
        await pilot.press("x")
        assert prompt_text(app) == "x does nothing here. Wait: it is Emma's turn."

    run_app(app, script)



@pytest.mark.parametrize(("ask", "key"), [("rank", "x"), ("card", "h")])
def test_a_key_after_a_bot_failed_says_the_game_cannot_go_on(ask: str, key: str) -> None:
    # "Wait: it is Emma's turn." promised a turn that never comes: her bot has failed. A
    # suit key under card asks (h: hearts) was told the same.
    app = make_app("classic", seed=3, ask=ask)
    app.speed = 0.0
    app.session.bots[1] = BrokenBot()  # type: ignore[assignment]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: app.bot_failure is not None, pilot)
        await pilot.press(key)
        shown = prompt_text(app)
        assert "Wait" not in shown, shown
        assert shown.endswith("Emma could not choose an ask (RuntimeError('no idea')). "
                              "n: new game · q: quit"), shown

    run_app(app, script)

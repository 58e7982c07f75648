"""A fish is drawn from the rule set's pile: the sea in nordic, the pond elsewhere, in the
narration of both tables (the nordic panel said "The sea" while the log said only that a
card was drawn)."""

from __future__ import annotations

import io

from tests.tui.helpers import make_app, run_app
from textual.pilot import Pilot

from gofish.core import RANKS, Card, Drew, make_rules
from gofish.narrate import Narrator
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS

NAMES = ["You", "Emma"]


def test_the_narrator_says_where_a_fish_came_from() -> None:
    fish = Drew(player=1, reason="fish", card=None)
    assert Narrator(NAMES, 0, make_rules("nordic")).describe(fish) == (
        "Emma draws a card from the sea.")
    assert Narrator(NAMES, 0, make_rules("classic")).describe(fish) == (
        "Emma draws a card from the pond.")
    # The sea is nordic's whatever house rules are added.
    nordic_books = make_rules("nordic", end="all-books", refill="turn")
    mine = Drew(player=0, reason="fish", card=Card.parse("9H"))
    assert Narrator(NAMES, 0, nordic_books).describe(mine) == "You draw the 9♥ from the sea."


def test_the_line_mode_says_the_sea() -> None:
    settings = TableSettings(rules=make_rules("nordic"), players=2, seed=11)
    out = io.StringIO()
    every_rank = [rank.symbol for rank in RANKS]  # those not held are refused: harmless
    play_plain(TableSession.deal(settings), io.StringIO("\n".join(every_rank * 6)), out)
    lines = out.getvalue().splitlines()
    # Drawing sentences ("You draw the 6♦ from the sea."), not "…: a lucky draw, …".
    draws = [line for line in lines if (" draw " in line or " draws " in line)
             and "hand was empty" not in line]
    assert draws and all(line.endswith("from the sea.") for line in draws), draws
    assert not [line for line in lines if "pond" in line]


def test_the_full_screen_table_says_the_sea() -> None:
    app = make_app("nordic", seed=11)
    said: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        while not session.human_to_act:
            await pilot.pause(0.02)
        emmas = {card.rank for card in session.game.hand(1)}
        missing = next(rank for rank in session.held_ranks() if rank not in emmas)
        await pilot.press(RANK_KEYS[missing])  # a miss: "Go fish!", and you draw
        await pilot.pause()
        said.extend(line.plain for line in app.log_lines)

    run_app(app, script)
    draws = [line for line in said if " draw" in line]
    assert draws and all(line.endswith("from the sea.") for line in draws), draws
    assert not [line for line in said if "pond" in line]

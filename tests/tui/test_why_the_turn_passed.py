"""The terminal table's log says why a hit did not keep the turn (R7): in two-player
bicycle, a hit that takes the opponent's last cards leaves nobody to ask (R9)."""

from __future__ import annotations

from tests.core.stacked import deal
from tests.tui.helpers import run_app
from textual.pilot import Pilot

from gofish.core import Rank, make_rules
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS


def test_r9_the_log_says_why_the_turn_passed_after_a_hit() -> None:
    game = deal("bicycle", ["5 K", "5 5"], pond="K 2 3")  # Emma holds only fives
    settings = TableSettings(make_rules("bicycle", hand_size=2))
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=0)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[Rank.FIVE])
        await pilot.pause()
        log = [line.plain for line in app.log_lines]
        hit = log.index("Emma hands over two: 5♦ 5♥.")
        assert log[hit + 1] == ("── No one but you holds any cards, so the turn passes. "
                                "Emma's turn.")

    run_app(app, script)

"""Play again at a resumed table whose seats are not the ones it deals next: the person
sat at seat 1 (a game saved through the API, ``save_game``). The next deal seats the
person at 0 and names the bots afresh; the opponents' panels must follow (a traceback, or
a panel naming someone the log never mentions)."""

from __future__ import annotations

from tests.tui.helpers import play_to_the_end, run_app, screen_lines
from textual.pilot import Pilot

from gofish.core import make_rules, new_game
from gofish.session import TableSession
from gofish.tui import GoFishApp
from gofish.tui.widgets import OpponentPanel


def resumed(seats: list[dict[str, str | None]]) -> GoFishApp:
    record = new_game(make_rules("classic"), len(seats), seed=5).to_record()
    return GoFishApp(TableSession.resume(record, seats, None, 7), speed=0)


def panel_titles(app: GoFishApp) -> list[tuple[int, str]]:
    return [(panel.seat, str(panel.border_title)) for panel in app.query(OpponentPanel)]


def test_play_again_after_a_game_resumed_at_seat_1_deals_at_seat_0() -> None:
    app = resumed([{"name": "Emma", "bot": "emma"}, {"name": "Ann", "bot": None}])
    assert app.session.human == 1

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.press("n")  # play again (it stopped here with NoMatches: #opponent-1)
        await pilot.pause()
        session = app.session
        assert session.human == 0 and not session.is_over
        assert panel_titles(app) == [(1, "Emma")]
        top = " ".join(screen_lines(app)[1:5])
        assert f"{session.game.hand_sizes[1]} cards" in top  # the new deal's count
        await play_to_the_end(app, pilot)  # and the new game plays through (R9, R14)

    run_app(app, script)

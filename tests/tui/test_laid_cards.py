"""Under pairs (``book_size: 2``) with ``ask: card``, a card laid face up (R3) is not offered
as a suit: its button is off, the prompt says it is on the table, and pressing its key
explains why instead of asking (a legal ask, R5, that nobody could answer)."""

from __future__ import annotations

from tests.core.stacked import deal
from tests.tui.helpers import run_app, screen_text
from textual.pilot import Pilot
from textual.widgets import Button

from gofish.core import Rank, Suit, make_rules
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS


def sevens_app() -> GoFishApp:
    """You were dealt 7♠ 7♥ 7♦: the first two went down as a pair (R3, R4); 7♦ is left."""
    game = deal("classic", ["7S 7H 7D 2", "7C 3 4 5"], book_size=2, ask="card")
    settings = TableSettings(make_rules("classic", book_size=2, ask="card", hand_size=4))
    return GoFishApp(TableSession(settings, game, settings.seats()), speed=1)


def test_a_laid_suit_is_off_named_on_the_table_and_explained_when_pressed() -> None:
    app = sevens_app()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        assert session.human_to_act
        await pilot.press(RANK_KEYS[Rank.SEVEN])
        await pilot.pause()
        disabled = {suit: app.query_one(f"#suit-{suit.letter}", Button).disabled
                    for suit in Suit}
        # 7♦ is yours, 7♠ 7♥ are on the table: only 7♣ is left to ask for.
        assert disabled == {Suit.SPADES: True, Suit.HEARTS: True, Suit.DIAMONDS: True,
                            Suit.CLUBS: False}
        text = " ".join(screen_text(app).split())
        assert "C=♣ · on the table: 7♥ 7♠" in text
        await pilot.press("s")
        await pilot.pause()
        assert not session.game.actions  # not sent
        text = " ".join(screen_text(app).split())
        assert "The 7♠ is already on the table, in your pair of 7s" in text
        assert app.picked_rank == Rank.SEVEN  # still choosing the suit
        # The error took the place of the suits left: they are said again with it.
        assert "Pick another suit: C=♣ · Esc: back" in text
        await pilot.press("d")  # your own 7♦: refused by the rules (R5), and said so
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert not session.game.actions and app.picked_rank == Rank.SEVEN
        assert "You hold the 7♦ yourself" in text and "Pick another suit: C=♣ · Esc: back" in text
        await pilot.press("c")
        await pilot.pause()
        [(player, ask)] = session.game.actions[:1]
        assert (player, ask.rank, ask.suit) == (0, Rank.SEVEN, Suit.CLUBS)

    run_app(app, script)

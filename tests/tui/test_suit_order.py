"""Under ask: card, the terminal table offers suits in the order the hand lists them."""

from __future__ import annotations

from typing import Any

from tests.tui.helpers import make_app, run_app
from tests.tui.test_table import my_asks
from textual.pilot import Pilot
from textual.widgets import Button

from gofish.core import Card, Suit, sorted_cards
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS

HAND_ORDER = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]


def test_the_suits_follow_the_hands_order_and_their_keys_still_work() -> None:
    app = make_app("classic", seed=3, ask="card")
    seen: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        # A rank held without its spade, so that S asks for one.
        rank = next(rank for rank in session.held_ranks()
                    if Suit.SPADES in session.askable_suits(rank))
        await pilot.press(RANK_KEYS[rank])
        await pilot.pause()
        seen["buttons"] = [button.id for button in app.query_one("#suits").query(Button)]
        seen["askable"] = session.askable_suits(rank)
        seen["prompt"] = str(app.query_one("#prompt").render())
        await pilot.press("s")  # the keys are as before: S is spades wherever it shows
        await pilot.pause()
        seen["asked"] = my_asks(session)[0]
        seen["rank"] = rank

    run_app(app, script)
    # The hand, the log and the books list suits C D H S (sorted_cards); the buttons used
    # to follow the Suit enum (S H D C).
    aces = sorted_cards(Card.parse(f"A{suit.letter}") for suit in Suit)
    assert [card.suit for card in aces] == HAND_ORDER
    assert seen["buttons"] == [f"suit-{suit.letter}" for suit in HAND_ORDER]
    assert seen["askable"] == [suit for suit in HAND_ORDER if suit in seen["askable"]]
    letters = [part.split("=")[0] for part in seen["prompt"].split("? ")[1].split() if "=" in part]
    assert letters == [suit.letter for suit in seen["askable"]]
    assert seen["asked"] == (1, seen["rank"], Suit.SPADES)

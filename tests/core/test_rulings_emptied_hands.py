"""Hands emptied where two rulings meet, and which one acts first: a dealt book under
``end: first-empty`` with a refill at once (R4, R19), and a bicycle hit that empties the
surrenderer's hand and, by its book, the asker's (R16, R15). Each game is dealt from a
stacked deck and must come back identical from its record (RULES.md, "Game records").
"""

from __future__ import annotations

import pytest

from gofish import (
    Asked,
    BookLaid,
    Dealt,
    Drew,
    GameOver,
    HandedOver,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, card, cards, deal, hand, rank
from .test_rulings_sweep import assert_round_trips


@pytest.mark.parametrize("refill", ["hand", "card"])
def test_r4_r19_a_dealt_book_that_empties_a_hand_ends_the_game_before_its_refill(
    refill: str,
) -> None:
    # R4 lays dealt books first, then refills; R19 ends the game the moment a hand is
    # empty. The end comes first, so the refill R11 would make never happens.
    game = deal("classic", ["9 9 9 9", "K 2 3 4"], pond="5 6 7 8", refill=refill,
                end="first-empty")
    assert game.events == (
        Dealt(0, 4, cards("9S 9H 9D 9C")),
        Dealt(1, 4, cards("KS 2S 3S 4S")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        GameOver((0,), (1, 0)),
    )
    assert game.is_over and game.current_player is None
    assert hand(game, 0) == "" and game.pond_size == 44
    assert game.legal_actions() == ()
    assert_round_trips(game)


def test_r16_r15_a_hit_emptying_both_hands_replenishes_the_asker_and_not_the_surrenderer() -> None:
    # Seat 1 hands over its only two cards, the 9s that complete seat 0's book, so both
    # hands are empty. R16: the asker draws one card and goes on. The surrenderer draws
    # nothing until its own turn begins (R15), and meanwhile cannot be asked (R5).
    game = deal("bicycle", ["9 9", "9 9", "K Q"], pond="K 2 3")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 2, cards("9D 9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Drew(0, "replenish", card("KH")),
    ]
    assert game.current_player == 0 and game.hand_sizes == (1, 0, 2)
    assert [str(a) for a in game.legal_actions()] == ["ask player 2 for kings"]
    ask(game, 2, "K")  # a hit: seat 0 goes on, and still only seat 2 may be asked
    assert hand(game, 0) == "KH KS" and game.hand_sizes == (2, 0, 1)
    events = ask(game, 2, "K")
    assert events == [
        Asked(0, 2, rank("K")),
        WentFishing(0, 2, False),
        Drew(0, "fish", card("2S")),
        TurnPassed(1, ()),  # seat 1's turn begins with the hand it emptied: now it draws
        Drew(1, "empty_hand", card("3S")),
    ]
    assert game.current_player == 1 and hand(game, 1) == "3S"
    assert_round_trips(game)

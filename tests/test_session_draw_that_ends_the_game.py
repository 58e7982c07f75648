"""Which misses wait for a pick from the sea (``gofish.session.waits_for_pick``), shared by
the terminal and browser tables: a draw that ends the game is made at once (R19).

Beside the sea's last card and a lucky draw that empties the hand, a draw that is no
lucky one can end the game too: under pairs and card asks, a card of another suit that
pairs the asker's last card lays the pair (R3) and empties the hand.
"""

from __future__ import annotations

from tests.core.stacked import deal

from gofish.core import Ask, BookLaid, LuckyDraw
from gofish.session import waits_for_pick


def test_a_fished_card_that_pairs_the_last_one_is_drawn_at_once() -> None:
    # Seat 0 holds only the 5 of spades and asks for the 5 of hearts, which seat 1 lacks;
    # the sea's top card, the 5 of diamonds, is not the card asked for, but pairs the 5.
    game = deal("nordic", ["5S", "9S"], pond="5D 2S 3S", book_size=2, ask="card")
    miss = Ask.of(1, "5", "H")
    assert game.goes_fishing(miss)
    assert not waits_for_pick(game, miss)
    events = game.play(miss)
    assert game.is_over and game.hand_sizes[0] == 0
    assert any(isinstance(event, BookLaid) for event in events)
    assert not any(isinstance(event, LuckyDraw) for event in events)


def test_a_fished_card_that_leaves_cards_in_hand_waits_for_the_pick() -> None:
    game = deal("nordic", ["5S 7S", "9S 8H"], pond="5D 2S 3S", book_size=2, ask="card")
    miss = Ask.of(1, "5", "H")
    assert game.goes_fishing(miss) and waits_for_pick(game, miss)

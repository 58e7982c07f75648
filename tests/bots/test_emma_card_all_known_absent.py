"""Emma under ``ask: card`` names a card the table does not know her opponent lacks; when
the table knows that of every card of the rank she could name, she still asks (for any of
them, at random), rather than finding no move: the fallback of ``_might_hold``, reached here
through a played position, not a list handed to it."""

from __future__ import annotations

import random

from tests.core.stacked import card

from gofish.bots import EmmaBot, bot_turn
from gofish.core import Ask, Game, Rank, Suit, make_rules

SEEDS = range(200)
# Every rank but the 5s, 6s and 9s is booked; with no pond, "Go fish!" draws nothing, so
# what each seat said stays known (a card nobody saw would make anything possible again).
BOOKED = [Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.SEVEN, Rank.EIGHT, Rank.TEN,
          Rank.JACK, Rank.QUEEN, Rank.KING]


def _position() -> Game:
    """Emma (seat 1) holds only 9♠ 9♥; seat 2 the 9♦ and 9♣. She has asked you (seat 0)
    for both, one turn after the other, and you said "Go fish!" each time."""
    hands = [[card(c) for c in names.split()] for names in
             ("5S 5D 6S 6D", "9S 9H", "9D 9C 5H 5C 6H 6C")]
    game = Game.from_position(make_rules("classic", ask="card"), 3, hands, [],
                              [BOOKED[:5], BOOKED[5:], []], 1)
    for ask in (Ask.of(0, "9", "C"), Ask.of(1, "5", "S"), Ask.of(1, "5", "H"),
                Ask.of(0, "9", "D"), Ask.of(1, "5", "D"), Ask.of(1, "6", "H")):
        game.play(ask)
    assert game.current_player == 1
    return game


def test_every_card_she_could_name_known_absent_she_still_asks_for_one() -> None:
    game = _position()
    cards = EmmaBot().memory(game.view(1)).cards
    assert cards is not None
    assert cards.known_absent(0, card("9D")) and cards.known_absent(0, card("9C"))
    legal = game.legal_actions()
    asks = [bot_turn(game, EmmaBot(), random.Random(seed)) for seed in SEEDS]
    assert all(a in legal for a in asks)
    of_you = [a for a in asks if a.target == 0]
    assert of_you  # her target is drawn at random: nobody else asked for 9s
    assert {a.rank for a in of_you} == {Rank.NINE}
    assert {a.suit for a in of_you} == {Suit.DIAMONDS, Suit.CLUBS}  # all of them, not none
    game.play(of_you[0])  # a move the engine takes: "Go fish!", as you said before
    assert game.current_player == 2

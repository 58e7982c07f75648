"""Emma (RULES.md "Emma, the computer opponent of seed 000") in every preset and under
the house rules that change what an ask is: pairs (``book_size: 2``) and ``ask: card``.

Her memory holds ranks whatever the rules; under ``ask: card`` she asks for the
remembered rank and names, uniformly at random, a suit of it she lacks that is not laid
face up (gofish/bots/emma.py). Real stacked games, so the views are the engine's own.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.core.stacked import deal

from gofish.bots import EmmaBot, bot_turn
from gofish.core import Ask, Game, Rank, Suit

EMMA = 1
SEEDS = range(600)


def _emma_asks(game: Game) -> list[Ask]:
    assert game.current_player == EMMA
    return [bot_turn(game, EmmaBot(), random.Random(seed)) for seed in SEEDS]


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
def test_under_ask_card_she_asks_for_the_remembered_rank_naming_a_suit_she_lacks(
        preset: str) -> None:
    # You ask Emma for the 9♦ (a miss: she holds the 9♠) and fish a 2, no lucky draw (R8).
    game = deal(preset, ["9H 5 6 7", "9S K Q J"], pond="2 3 4", ask="card")
    game.play(Ask.of(EMMA, "9", "D"))
    asks = _emma_asks(game)
    assert {(a.target, a.rank) for a in asks} == {(0, Rank.NINE)}  # the rank you asked for
    suits = Counter(a.suit for a in asks)
    # Never her own 9♠ (R5), nor the 9♦ you asked for, so lack, and did not fish (R8).
    assert set(suits) == {Suit.HEARTS, Suit.CLUBS}
    assert min(suits.values()) > 250  # uniform: 300 each expected


def test_under_ask_card_a_rank_she_asked_for_is_used_up_and_comes_back() -> None:
    game = deal("classic", ["9H 5 6 7", "9S K Q J"], pond="2 3 4 8", ask="card")
    game.play(Ask.of(EMMA, "9", "D"))  # a miss: you fish the 2
    game.play(Ask.of(0, "9", "C"))  # Emma's miss: she fishes the 3
    assert game.current_player == 0
    game.play(Ask.of(EMMA, "5", "D"))  # you miss again, for a 5: you fish the 4
    assert game.current_player == EMMA and Rank.FIVE not in {c.rank for c in game.hand(EMMA)}
    # 9 is used up, 5 she does not hold: uniform over her distinct ranks 3 9 J Q K.
    ranks = Counter(a.rank for a in _emma_asks(game))
    assert set(ranks) == {Rank.THREE, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING}
    assert min(ranks.values()) > 80  # 120 each expected


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
def test_under_pairs_she_asks_whoever_asked_for_her_rank_last(preset: str) -> None:
    # Three seats, pairs. Seat 0 asks seat 2 for 9s (a miss, seat 0 fishes an 8): Emma
    # holds a 9 and asks seat 0, the last asker, for it: never seat 2, as chance would.
    game = deal(preset, ["9 5 6", "9 K Q", "2 3 4"], pond="8 4 10", book_size=2)
    game.play(Ask.of(2, "9"))
    asks = _emma_asks(game)
    assert set(asks) == {Ask.of(0, "9")}


def test_under_pairs_and_ask_card_a_laid_nine_is_never_named() -> None:
    # Seat 0 laid 9♠ 9♥ at the deal (R3, R4) and asks Emma for a 5 (a miss). Emma holds the
    # 9♦ and remembers no 9: she asks uniformly among her ranks, and for a 9 names the 9♣,
    # the one card of it that could still be handed over.
    game = deal("classic", ["9S 9H 5 6", "9D K Q J"], pond="2 3 4", ask="card", book_size=2)
    game.play(Ask.of(EMMA, "5", "D"))
    asks = _emma_asks(game)
    nines = {a.suit for a in asks if a.rank == Rank.NINE}
    assert nines == {Suit.CLUBS}
    assert {a.rank for a in asks} == {Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING}

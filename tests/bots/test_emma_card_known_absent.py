"""Emma under ``ask: card`` never names a card the table knows her opponent lacks while
another card of the rank could be there. RULES.md ("Emma") fixes her rank and her
opponent, not the card: she "never looks at hidden cards", so this uses only what was said
and shown (R5: the asker lacks the card asked for; R8: a fish under the lucky draw that is
not shown is not that card; a card handed over is where it went)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.core.stacked import card, deal

from gofish.bots import EmmaBot, bot_turn
from gofish.core import Ask, Game, Rank, Suit
from gofish.knowledge import CardWhereabouts

SEEDS = range(600)


def _asks(game: Game) -> list[Ask]:
    return [bot_turn(game, EmmaBot(), random.Random(seed)) for seed in SEEDS]


def test_a_card_her_opponent_asked_for_and_did_not_fish_is_not_named() -> None:
    # You ask Emma for the 9♣ (you hold the 9♥, so you lack the 9♣: R5) and fish the 2,
    # not shown, so not the 9♣ (R8). Emma holds the 9♠ and asks you for the 9♥ or 9♦.
    game = deal("classic", ["9H 5 6 7", "9S K Q J"], pond="2 3 4", ask="card")
    game.play(Ask.of(1, "9", "C"))
    suits = Counter(a.suit for a in _asks(game) if a.rank == Rank.NINE)
    assert set(suits) == {Suit.HEARTS, Suit.DIAMONDS}
    assert min(suits.values()) > 250  # uniform: 300 each expected


def test_without_the_lucky_draw_the_fish_might_be_that_card() -> None:
    # lucky_draw false: the 2 you fished is not shown whatever it is, so it could be the 9♣.
    game = deal("classic", ["9H 5 6 7", "9S K Q J"], pond="2 3 4", ask="card",
                lucky_draw=False)
    game.play(Ask.of(1, "9", "C"))
    suits = {a.suit for a in _asks(game) if a.rank == Rank.NINE}
    assert suits == {Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS}


def test_a_card_handed_to_another_seat_is_not_asked_of_you() -> None:
    # Seat 2 takes your 9♣ and misses a 5♦; you ask seat 2 for the 9♠ (a miss) and fish.
    # Emma (seat 1) holds the 9♠ and asks you, the last to ask for 9s: the 9♣ is seat 2's.
    game = deal("classic", ["9H 9C 6 7 8", "9S K Q J 4", "9D 5 A 3 10"], pond="2 3 4 6 7",
                first_player=2, ask="card")
    game.play(Ask.of(0, "9", "C"))
    game.play(Ask.of(0, "5", "D"))
    game.play(Ask.of(2, "9", "S"))
    assert game.current_player == 1
    asks = [a for a in _asks(game) if a.rank == Rank.NINE]
    assert {a.target for a in asks} == {0}
    assert {a.suit for a in asks} == {Suit.HEARTS, Suit.DIAMONDS}


def test_the_table_knows_who_said_go_fish_until_an_unseen_card_reaches_them() -> None:
    game = deal("classic", ["9H 5 6 7", "9S K Q J"], pond="2 3 4", ask="card")
    game.play(Ask.of(1, "9", "C"))  # Emma lacks the 9♣: she said "Go fish!"
    cards = CardWhereabouts(lucky_draw=True)
    seen = game.view(0).history
    for event in seen:
        cards.apply(event)
    assert cards.known_absent(1, card("9C")) and cards.known_absent(0, card("9C"))
    game.play(Ask.of(0, "K", "H"))  # Emma misses and fishes a card you do not see
    for event in game.view(0).history[len(seen):]:
        cards.apply(event)
    assert not cards.known_absent(1, card("9C"))
    assert cards.known_absent(1, card("KH"))  # asked for, and a fish not shown (R8)


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
def test_under_rank_asks_she_keeps_no_card_whereabouts(preset: str) -> None:
    # Her choice under the default rules is as before: the seeded tests of tests/bots.
    game = deal(preset, ["9H 5 6 7", "9S K Q J"], pond="2 3 4")
    game.play(Ask.of(1, "5"))
    bot = EmmaBot()
    bot_turn(game, bot, random.Random(1))
    assert bot.memory(game.view(1)).cards is None

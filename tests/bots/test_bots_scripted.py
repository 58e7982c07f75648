"""Stacked decks where the right ask is obvious: counter and expert must find it."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import make_bot
from gofish.core import FULL_DECK, Ask, Card, Game

SMART_BOTS = ["counter", "expert", "ismcts"]


def stacked_game(hands: list[str], pond: str, first_player: int, rules: str = "classic",
                 **options: object) -> Game:
    """Deal ``hands[seat]`` to each seat (R2: round the table from the first player),
    then ``pond`` on top of the pond, then every other card."""
    seat_cards = [[Card.parse(text) for text in hand.split()] for hand in hands]
    players = len(hands)
    size = len(seat_cards[0])
    dealt = [seat_cards[(first_player + i) % players][i // players] for i in range(players * size)]
    top = [Card.parse(text) for text in pond.split()]
    rest = [card for card in FULL_DECK if card not in set(dealt) | set(top)]
    game_rules = gofish.make_rules(rules, hand_size=size, **options)
    return gofish.new_game(game_rules, players, deck=dealt + top + rest,
                           first_player=first_player)


def decide(name: str, game: Game) -> Ask:
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    # ismcts also stops at 0.2 s by default: on a busy machine after fewer iterations, a
    # choice that then hung on the machine's load. Only the iterations bound it here.
    options = {"iterations": 16, "seconds": 60.0} if name == "ismcts" else {}
    return make_bot(name, **options).choose(view, view.legal_actions, random.Random(0))


@pytest.mark.parametrize("name", SMART_BOTS)
def test_asks_for_the_rank_the_opponent_just_asked_for(name: str) -> None:
    # Seat 1 asks for 9s, seat 0 has none (R8); seat 0 then fishes a 9 on a K ask.
    game = stacked_game(["2S 3S 4S 5S KS", "9S 2H 3H 6S 7S"], pond="8D 9H 8H", first_player=1)
    game.play(Ask.of(0, "9"))  # go fish: seat 1 draws the 8D
    game.play(Ask.of(1, "K"))  # go fish: seat 0 draws the 9H (not lucky)
    game.play(Ask.of(0, "6"))  # go fish again: seat 1 draws the 8H
    assert game.current_player == 0 and Card.parse("9H") in game.hand(0)
    assert decide(name, game) == Ask.of(1, "9")


@pytest.mark.parametrize("name", SMART_BOTS)
def test_asks_the_right_opponent_for_a_rank_it_is_known_to_hold(name: str) -> None:
    # Three players, 5 cards each: seat 1 asks seat 2 for 9s and misses; seat 2 asks
    # seat 0 for 6s and misses; seat 0 holds a 9 and should ask seat 1, not seat 2.
    game = stacked_game(["9H KS QS AS 2H", "9S 2S 3S 4S 5S", "6S 7S 8S 10S JS"],
                        pond="3H 4H", first_player=1)
    game.play(Ask.of(2, "9"))
    game.play(Ask.of(0, "6"))
    assert game.current_player == 0
    assert decide(name, game) == Ask.of(1, "9")


@pytest.mark.parametrize("name", SMART_BOTS)
def test_goes_for_the_bigger_known_holding(name: str) -> None:
    # Seat 1 takes two 5s from seat 2 (so holds three, R6) and then asks for 9s: ask it
    # for the 5s (three known, and a book for me) rather than the 9s (one known).
    game = stacked_game(["5H 9H KS QS AS", "5S 9S 2S 3S 4S", "5D 5C 6S 7S 8S"],
                        pond="JH JD JC", first_player=1)
    game.play(Ask.of(2, "5"))  # hit (R7): seat 1 asks again
    game.play(Ask.of(2, "9"))  # go fish: seat 1 draws the JH
    game.play(Ask.of(0, "6"))  # go fish: seat 2 draws the JD
    assert game.current_player == 0
    assert decide(name, game) == Ask.of(1, "5")


def test_expert_trusts_a_denial_even_after_an_unseen_draw() -> None:
    # Seat 0 asks for kings and misses; seat 1 then misses and draws one unseen card.
    # A K is now unlikely in seat 1's hand; the queen is the better ask.
    game = stacked_game(["KS QS 2S 3S 4S", "5S 6S 7S 8S 10S"], pond="JH JD", first_player=0)
    game.play(Ask.of(1, "K"))  # go fish: seat 0 draws the JH
    game.play(Ask.of(0, "5"))  # go fish: seat 1 draws the JD
    assert game.current_player == 0
    choice = decide("expert", game)
    assert choice.rank != gofish.Rank.KING


def test_counter_without_a_certain_hit_asks_for_its_biggest_holding() -> None:
    # Nothing is known about seat 1 yet: counter asks for the rank it holds most of (7s).
    game = stacked_game(["7S 7H 7D 2S KS", "3S 4S 5S 6S 8S"], pond="", first_player=0)
    assert decide("counter", game) == Ask.of(1, "7")


def test_counter_returns_to_a_denied_rank_once_an_unseen_draw_lifts_the_denial() -> None:
    # Seat 0 asks for 7s and misses; seat 1 then misses too and draws an unseen card,
    # which could be a 7: the denial no longer holds, and the 7s are counter's biggest
    # holding again (R8; counter's rule, steps 3 and 5).
    game = stacked_game(["7S 7H 2S 3H KS", "3S 4S 5S 6S 8S"], pond="QD QH", first_player=0)
    game.play(Ask.of(1, "7"))  # go fish: seat 0 draws the QD
    game.play(Ask.of(0, "4"))  # go fish: seat 1 draws the QH
    assert game.current_player == 0
    assert decide("counter", game) == Ask.of(1, "7")


@pytest.mark.parametrize("name", ["counter", "expert"])
def test_no_second_ask_for_a_rank_just_denied(name: str) -> None:
    # Seat 0 asks for 7s, hears "go fish" and fishes a 7 (lucky, R8): seat 1 has drawn
    # nothing since its denial, so asking it for 7s again cannot hit.
    game = stacked_game(["7S 7H 2S 3H KS", "3S 4S 5S 6S 8S"], pond="7D", first_player=0)
    events = game.play(Ask.of(1, "7"))
    assert [e.kind for e in events][-1] == "lucky_draw" and game.current_player == 0
    assert decide(name, game).rank != gofish.Rank.SEVEN

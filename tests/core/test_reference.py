"""Differential test: the engine and the plain reference engine (reference.py) play the
same random games and must agree on every event and every position."""

from __future__ import annotations

import random

from hypothesis import given, settings

import gofish
from gofish import Game, Rules

from .reference import ReferenceGame
from .stacked import deal
from .test_properties import MAX_ACTIONS, table


def assert_same(game: Game, ref: ReferenceGame) -> None:
    assert list(game.events) == ref.events
    for seat in range(game.num_players):
        assert game.hand(seat) == gofish.sorted_cards(ref.hands[seat])
    assert [list(b) for b in game.books] == ref.books
    assert game.pond() == ref.pond
    assert game.current_player == ref.current
    assert game.winners == ref.winners
    assert list(game.in_play) == ref.in_play
    assert set(game.legal_actions()) == ref.legal()
    assert len(game.legal_actions()) == len(ref.legal())  # no duplicates


def play_both(rules: Rules, players: int, seed: int) -> Game:
    game = gofish.new_game(rules, players=players, seed=seed)
    ref = ReferenceGame(game.rules, players, list(game.deck), game.first_player)
    assert_same(game, ref)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return game
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        game.play(action)
        ref.play(action)
        assert_same(game, ref)
    raise AssertionError("the game did not end")


@settings(max_examples=250, deadline=None)
@given(table())
def test_engine_and_reference_agree_on_random_games(setup: tuple[Rules, int, int]) -> None:
    play_both(*setup)


def test_engine_and_reference_agree_on_dry_pond_deals() -> None:
    # Every card dealt: dead hands and leaving play. (Under end: first-empty such a deal is
    # refused, as it would end before the first ask: Rules.check.)
    for preset, options in (("classic", {}), ("bicycle", {}),
                            ("nordic", {"end": "all-books", "refill": "turn"})):
        for seed in range(30):
            rules = gofish.make_rules(preset, hand_size=13, **options).for_players(4)
            play_both(rules, 4, seed)


def test_the_reference_agrees_with_a_hand_written_scenario() -> None:
    # R12 with a book inside the surrenderer's refill (see test_classic.py).
    game = deal("classic", ["9 9 9 J", "9 J J J"], pond="Q Q Q Q 5 5 6 6 7 7 8 8")
    ref = ReferenceGame(game.rules, 2, list(game.deck), 0)
    for target, rank in ((1, "9"), (1, "J")):
        game.play(gofish.Ask.of(target, rank))
        ref.play(gofish.Ask.of(target, rank))
    assert_same(game, ref)

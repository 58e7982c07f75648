"""play_out ends every game or says why it cannot; it never spins forever."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import gofish
from gofish.bots import make_bot, play_out
from gofish.core import Ask, Card, View


class FirstLegal:
    """Always the first legal ask: lowest seat, lowest rank."""

    name = "first-legal"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


def circling_position() -> gofish.Game:
    # Bicycle, dry pond, every rank but 9 and K booked. Each seat's first legal ask
    # misses (R8: with an empty pond a miss just passes the turn), round after round.
    cards = {seat: [Card.parse(c) for c in hand.split()] for seat, hand in
             enumerate(["KS KH", "9S 9H", "9D 9C KD KC"])}
    books = [[r for r in gofish.RANKS if r not in (gofish.Rank.NINE, gofish.Rank.KING)], [], []]
    return gofish.Game.from_position(
        gofish.make_rules("bicycle"), 3, [cards[0], cards[1], cards[2]], [], books, 0
    )


def test_bots_asking_in_circles_get_an_error_not_a_hang() -> None:
    game = circling_position()
    bots = [FirstLegal(), FirstLegal(), FirstLegal()]
    with pytest.raises(ValueError, match="did not end within 300 asks"):
        play_out(game, bots, [random.Random(0)] * 3, max_asks=300)
    assert not game.is_over and len(game.actions) == 300


def test_the_same_position_ends_with_bots_that_vary_their_asks() -> None:
    game = play_out(circling_position(), [make_bot("random")] * 3,
                    [random.Random(s) for s in range(3)])
    assert game.is_over and sum(len(b) for b in game.books) == 13  # R17

"""The engine's own shuffle deals exactly the decks ``random.shuffle`` would (R2)."""

from __future__ import annotations

import random

from gofish.core import FULL_DECK, new_game
from gofish.core.game import shuffled_deck


def test_same_decks_as_the_standard_library_shuffle() -> None:
    for seed in [*range(300), "table 7", 2**70]:
        expected = list(FULL_DECK)
        random.Random(seed).shuffle(expected)
        assert shuffled_deck(random.Random(seed)) == expected, seed


def test_a_seeded_game_deals_the_standard_library_shuffle_and_then_draws_the_first_player() -> None:
    rng = random.Random(42)
    expected = list(FULL_DECK)
    rng.shuffle(expected)
    first = rng.randrange(3)
    game = new_game("classic", 3, seed=42)
    assert list(game.deck) == expected
    assert game.first_player == first


def test_the_secure_shuffle_is_a_permutation_of_the_deck() -> None:
    deck = shuffled_deck(random.SystemRandom())
    assert sorted(card.index for card in deck) == list(range(52))
    assert deck != list(FULL_DECK)  # 1 chance in 52! of a false alarm

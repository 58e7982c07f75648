"""A Tracker handed to ``encode`` must count books of the game's size: one made with the
default (books of four) read a pair as a whole rank laid, so the observation of a pairs
game said every opponent held none of a rank they might still hold."""

from __future__ import annotations

import random

import numpy as np
import pytest

import gofish
from gofish.env import encode
from gofish.knowledge import Tracker

PAIRS = {"preset": "classic", "book_size": 2}


def a_pairs_game_with_one_pair_down() -> gofish.Game:
    game = gofish.new_game(PAIRS, players=2, seed=1)
    rng = random.Random(1)
    while not any(game.books):
        game.play(rng.choice(game.legal_actions()))
    return game


def test_a_tracker_of_books_of_four_is_refused_for_a_game_of_pairs() -> None:
    view = a_pairs_game_with_one_pair_down().view(0)
    with pytest.raises(gofish.MalformedInputError, match=r"books of 4.*books of 2"):
        encode(view, Tracker(2, 0))


def test_a_tracker_of_the_game_s_book_size_encodes_as_a_fresh_one() -> None:
    view = a_pairs_game_with_one_pair_down().view(0)
    assert np.array_equal(encode(view, Tracker(2, 0, book_size=2)), encode(view))


def test_a_tracker_of_pairs_is_refused_for_a_game_of_books_of_four() -> None:
    view = gofish.new_game("classic", players=2, seed=1).view(1)
    with pytest.raises(gofish.MalformedInputError, match=r"books of 2.*books of 4"):
        Tracker(2, 1, book_size=2).update(view)

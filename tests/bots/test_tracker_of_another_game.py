"""A Tracker kept from one game and handed the next game's view refuses it: it read the
shorter history as nothing new and went on with the old game's counts, so an agent's
observations (``gofish.env.encode``) were wrong without a word."""

from __future__ import annotations

import pytest

import gofish
from gofish.core import MalformedInputError
from gofish.env import encode
from gofish.knowledge import Tracker


def _played(seed: int, asks: int) -> gofish.Game:
    game = gofish.new_game("classic", players=2, seed=seed)
    for _ in range(asks):
        game.play(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("next_asks", [0, 20])  # a shorter history, and a longer one
def test_a_tracker_refuses_the_view_of_another_game(next_asks: int) -> None:
    tracker = Tracker(2, 0)
    encode(_played(1, 12).view(0), tracker)
    with pytest.raises(MalformedInputError, match="make a new Tracker for each game"):
        encode(_played(2, next_asks).view(0), tracker)


def test_a_tracker_follows_its_own_game_to_the_end() -> None:
    game, tracker = gofish.new_game("classic", players=2, seed=1), Tracker(2, 0)
    while not game.is_over:
        assert (encode(game.view(0), tracker) == encode(game.view(0))).all()
        game.play(game.legal_actions()[0])

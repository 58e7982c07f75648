"""How the narration says why a first-empty game ended (R19)."""

from __future__ import annotations

import gofish
from gofish.narrate import Narrator

NAMES = ["You", "Emma", "Randy", "Counter"]


def test_a_deal_of_the_whole_deck_says_there_never_was_a_sea() -> None:
    # R19: 4 x 13 cards leave an empty sea, so the game is over before the first ask.
    game = gofish.new_game({"preset": "nordic", "hand_size": 13}, players=4, seed=1)
    view = game.view(0)
    assert view.is_over
    ending = Narrator(NAMES, 0, rules=view.rules).ending(view)
    assert ending == "The whole deck was dealt, leaving no sea."


def test_a_sea_emptied_in_play_ran_dry() -> None:
    # R19: the sea's last card drawn in play ends the game; that is the sea running dry.
    game = gofish.new_game("nordic", players=4, seed=3)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    view = game.view(0)
    ending = Narrator(NAMES, 0, rules=view.rules).ending(view)
    assert ending is not None
    assert ("ran dry" in ending) == (view.pond_size == 0)
    assert "whole deck" not in ending

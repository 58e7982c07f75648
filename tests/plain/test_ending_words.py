"""How the narration says why a first-empty game ended (R19)."""

from __future__ import annotations

import gofish
from gofish.narrate import Narrator

NAMES = ["You", "Emma", "Randy", "Counter"]


def test_hands_dealt_nothing_but_books_ran_out_of_cards() -> None:
    # R19 with pairs and two cards each: seed 13802 deals every player a pair, laid at once
    # (R3), so every hand is empty before the first ask and all four share the win (R10).
    rules = {"preset": "nordic", "hand_size": 2, "book_size": 2}
    game = gofish.new_game(rules, players=4, seed=13802)
    view = game.view(0)
    assert view.is_over and view.pond_size > 0
    ending = Narrator(NAMES, 0, rules=view.rules).ending(view)
    assert ending == "You, Emma, Randy and Counter ran out of cards."


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

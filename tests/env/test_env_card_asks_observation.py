"""GoFishEnv's observation counts cards by rank, also under ``ask: card`` (its docstring
says so): two deals that differ only in suits look the same to the agent, while the action
mask, which offers only cards the agent lacks (RULES.md: under ask: card "you must hold
that rank but not that card"), tells them apart."""

from __future__ import annotations

import numpy as np

import gofish.env
from gofish.core import Card, Suit, make_rules, new_game
from gofish.env import GoFishEnv, encode

CARD_ASKS = make_rules("classic", ask="card")
SWAP = {Suit.SPADES: Suit.HEARTS, Suit.HEARTS: Suit.SPADES}


def test_suits_do_not_reach_the_observation_but_do_reach_the_mask() -> None:
    deck = list(new_game("classic", 2, seed=5).to_record()["deck"])  # the dealt order
    swapped = [Card(card.rank, SWAP.get(card.suit, card.suit))
               for card in (Card.parse(text) for text in deck)]
    games = [new_game(CARD_ASKS, 2, deck=cards, first_player=0) for cards in (deck, swapped)]
    views = [game.view(0) for game in games]
    assert sorted(map(str, views[0].hand)) != sorted(map(str, views[1].hand))
    assert np.array_equal(encode(views[0]), encode(views[1]))  # ranks only
    env = GoFishEnv(CARD_ASKS, 2, ["emma"])
    masks = []
    for view in views:
        masks.append(sorted(env.action_of(ask) for ask in view.legal_actions))
        assert all(Card(ask.rank, ask.suit) not in view.hand for ask in view.legal_actions)
    assert masks[0] != masks[1]


def test_the_docstrings_say_so() -> None:
    assert "under ``ask: card`` it does not\nsay which suits the agent holds" in (
        gofish.env.__doc__ or "")
    assert "without\n    suits, also under ``ask: card``" in (GoFishEnv.__doc__ or "")

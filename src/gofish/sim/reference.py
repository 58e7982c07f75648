"""The engine path on the simulator's random streams: the reference the kernel must match."""

from __future__ import annotations

from collections.abc import Sequence

from gofish.bots import Bot, play_out
from gofish.core import Game, Rules
from gofish.sim.rng import bot_rngs, deal_cards


def engine_game(
    rules: Rules, players: int, seed: int, deal: int, rotation: int, bots: Sequence[Bot]
) -> Game:
    """Play deal ``deal`` in seating ``rotation`` through ``gofish.core`` with ``bots[seat]``."""
    cards, first = deal_cards(seed, deal, players)
    game = Game(rules.for_players(players), players, cards, first)
    return play_out(game, bots, bot_rngs(seed, deal, rotation, players))

"""The hidden deals ``Belief.sample`` draws, pinned deal for deal.

The expert's endgame search and ISMCTS decide from these samples; a search usually picks
the same ask from slightly different samples, so pinned games alone would miss a sampler
that drew other deals. Each case plays a seeded game some asks in, then draws samples
from the belief of the seat to act, one belief for many samples as the search does, with
the tournament's SplitMix streams and with ``random.Random``; the digest of every hand
and pond drawn is as it was before the speed work of 6 Dec 2026.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import gofish
from gofish.bots import make_bot
from gofish.bots.belief import Belief, InferringTracker
from gofish.core import View, make_rules
from gofish.sim.rng import SplitMixRandom


def _views(preset: str, house: dict[str, object], players: int, seed: int) -> list[View]:
    """The view of the seat to act every fifth ask of a seeded game of counter bots."""
    game = gofish.new_game(make_rules(preset, **house), players, seed=seed)
    bots = [make_bot("counter") for _ in range(players)]
    rng = random.Random(seed)
    views = []
    while game.current_player is not None:
        view = game.view(game.current_player)
        if len(game.actions) % 5 == 4:
            views.append(view)
        game.play(bots[game.current_player].choose(view, view.legal_actions, rng))
    return views


@pytest.mark.parametrize(("preset", "house", "players", "seed", "digest"), [
    ("classic", {}, 2, 1,
     "041d72ba2fc16559781147401525fead088f15446403b1e37c631334038d1431"),
    ("nordic", {}, 4, 2,
     "b12e60c1db47d29de16a74c9b0c56f69a9d88c305c3d8d39232ca393398c244f"),
    ("classic", {"ask": "card", "book_size": 2}, 3, 3,
     "550f730fddf76d4e5ecf4712ef5be5200e0b037e9b6f1823f2b80995e1c97fca"),
])
def test_samples_are_the_same_deals(preset: str, house: dict[str, object], players: int,
                                    seed: int, digest: str) -> None:
    drawn = hashlib.sha256()
    for number, view in enumerate(_views(preset, house, players, seed)):
        assert view.viewer is not None
        tracker = InferringTracker(players, view.viewer, view.rules.book_size).update(view)
        belief = Belief.from_view(view, tracker)
        for rng in (SplitMixRandom(number), random.Random(number)):
            for _ in range(6):
                hands, pond = belief.sample(view, rng)
                drawn.update(repr((hands, pond)).encode())
    assert drawn.hexdigest() == digest

"""Under ``ask: card`` the bots' tracker reads the cards named in public event by event
(``Tracker.cards``), where the belief replayed the whole history into a fresh
``CardWhereabouts`` at every decision. It must know exactly what the replay knows (R5: the
asker lacks the card asked for; R8: a fish under the lucky draw that is not shown is not
that card; a card handed over or laid is where it went)."""

from __future__ import annotations

import random

import pytest

from gofish.bots import make_bot
from gofish.bots.belief import Belief, card_whereabouts
from gofish.bots.common import TrackerCache
from gofish.core import new_game

TABLES = [
    ("classic", 2, {"ask": "card"}),
    ("classic", 3, {"ask": "card", "lucky_draw": False}),
    ("bicycle", 4, {"ask": "card"}),
    ("nordic", 5, {"ask": "card", "book_size": 2}),
    ("classic", 2, {"ask": "card", "book_size": 2, "lucky_draw": False}),
]


@pytest.mark.parametrize(("preset", "players", "options"), TABLES)
def test_the_tracker_knows_at_every_turn_what_a_replay_of_the_whole_history_knows(
        preset: str, players: int, options: dict[str, object]) -> None:
    bots = [make_bot("counter") for _ in range(players)]
    caches = [TrackerCache() for _ in range(players)]
    checked = 0
    for seed in range(12):
        game = new_game({"preset": preset, **options}, players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            tracker = caches[seat].update(view)
            replayed = card_whereabouts(view)
            assert tracker.cards is not None and replayed is not None
            assert tracker.cards.holder == replayed.holder
            assert tracker.cards.lacks == replayed.lacks
            assert Belief.from_view(view, tracker).whereabouts is tracker.cards
            checked += 1
            game.play(bots[seat].choose(view, game.legal_actions(), rng))
    assert checked > 200


def test_under_rank_asks_the_tracker_keeps_no_cards() -> None:
    game = new_game("classic", 2, seed=1)
    tracker = TrackerCache().update(game.view(0))
    assert tracker.cards is None
    assert Belief.from_view(game.view(0), tracker).whereabouts is None


def test_a_tracker_behind_the_view_is_not_taken_for_it() -> None:
    # The belief takes the tracker's cards only when it has read this very view: one some
    # events behind (a caller's own tracker, not kept in step) would miss the latest asks.
    game = new_game({"preset": "classic", "ask": "card"}, 2, seed=4)
    tracker = TrackerCache().update(game.view(0))
    rng = random.Random(4)
    for _ in range(6):
        game.play(rng.choice(game.legal_actions()))
    view = game.view(0)
    assert tracker.seen < len(view.history)
    belief = Belief.from_view(view, tracker)
    replayed = card_whereabouts(view)
    assert belief.whereabouts is not None and replayed is not None
    assert belief.whereabouts is not tracker.cards
    assert belief.whereabouts.lacks == replayed.lacks
    assert belief.whereabouts.holder == replayed.holder

"""A view's history is shared with the game, not copied, and reads as the tuple it was.

Each view copied its seat's whole redacted history, so the n-th view of a game cost n:
``play_out`` with bots asking in circles (R8: with a dry pond a miss only passes the
turn) took over a minute to reach its 100,000-ask limit. Now a view holds the first
events of the game's per-seat list; what a bot reads of it is unchanged.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence

import pytest

import gofish
from gofish import Dealt, redact
from gofish.bots import play_out
from gofish.core.history import History


def _played(seed: int, asks: int) -> tuple[gofish.Game, list[tuple[int | None, gofish.View]]]:
    """A bicycle game of 3 played at random, with every seat's view (and a spectator's)
    taken before each ask."""
    game = gofish.new_game("bicycle", players=3, seed=seed)
    rng = random.Random(seed)
    views: list[tuple[int | None, gofish.View]] = []
    for _ in range(asks):
        views += [(viewer, game.view(viewer)) for viewer in (0, 1, 2, None)]
        if game.is_over:
            break
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game, views


@pytest.mark.parametrize("seed", range(5))
def test_every_view_keeps_the_history_it_was_given_as_the_game_goes_on(seed: int) -> None:
    game, views = _played(seed, 40)
    events = game.events
    for viewer, view in views:
        expected = tuple(redact(event, viewer) for event in events[: len(view.history)])
        assert view.history == expected and expected == view.history  # either way round
        assert tuple(view.history) == expected
        assert list(reversed(view.history)) == list(reversed(expected))
        assert view.history[3:-2:2] == expected[3:-2:2]  # slices are tuples, as they were
        assert view.history[-1] == expected[-1] and view.history[-len(expected)] == expected[0]


def test_a_history_refuses_an_index_past_its_own_end_though_the_game_went_on() -> None:
    game = gofish.new_game("classic", players=2, seed=3)
    history = game.view(0).history
    seen = len(history)
    game.play(game.legal_actions()[0])
    assert len(history) == seen and len(game.view(0).history) > seen
    with pytest.raises(IndexError):
        history[seen]
    with pytest.raises(IndexError):
        history[-seen - 1]
    assert history[seen:] == ()


def test_hidden_cards_stay_hidden_in_the_shared_history() -> None:
    game, _ = _played(1, 10)
    for viewer in (0, 1, 2, None):
        for event in game.view(viewer).history:
            if isinstance(event, Dealt) and event.player != viewer:
                assert event.cards is None  # R2's deal, seen only by its owner


def test_a_view_and_its_history_survive_pickling_and_copying() -> None:
    game, _ = _played(2, 15)
    view = game.view(1)
    for twin in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view)):
        assert twin == view and twin.history == view.history
        assert isinstance(twin.history, History) and len(twin.history) == len(view.history)
    assert repr(History(view.history[:2])) == f"History({view.history[:2]!r})"


def test_a_history_is_not_hashable_nor_equal_to_a_list() -> None:
    history = gofish.new_game("classic", players=2, seed=1).view(0).history
    with pytest.raises(TypeError):
        hash(history)
    assert history != list(history)


class _Circler:
    """Always the middle legal ask: with three players and a dry pond it asks in circles."""

    name = "circler"

    def choose(self, view: gofish.View, legal: Sequence[gofish.Ask],
               rng: random.Random) -> gofish.Ask:
        return legal[len(legal) // 2]


def test_views_of_a_long_game_share_the_game_s_events_instead_of_copying_them() -> None:
    game = gofish.new_game("classic", players=3, seed=0)
    with pytest.raises(gofish.GoFishError, match="asking in circles"):
        play_out(game, [_Circler()] * 3, [random.Random(0)] * 3, max_asks=3000)
    first, later = game.view(0).history, game.view(0).history
    assert len(first) > 6000  # R8: each miss with a dry pond adds an ask and a pass
    # The same list behind both: no view copies the game's thousands of events.
    assert isinstance(first, History) and isinstance(later, History)
    assert first._events is later._events

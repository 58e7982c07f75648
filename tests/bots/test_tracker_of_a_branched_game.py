"""A Tracker told games apart by their first eight events only. Kept across a replay of
the same deal, or handed a copy of the game that went its own way after that, it read on
from the wrong game: the other game's asks stayed in its counts, without a word. A deep
copy or a pickle of the game it follows is that game (equal events, other objects): it
must read on. And the common case, the next view of the same game, must stay cheap: it
looks at the last event read, not at the whole history again."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Iterator, Sequence
from typing import overload

import pytest

import gofish
from gofish.core import Event, Game, MalformedInputError, View
from gofish.knowledge import Tracker

SEAT = 0
#: How many first events told games apart: the games here agree on more.
OPENING_EVENTS = 8


def _ask_until(game: Game, events: int, rng: random.Random) -> None:
    """Random asks until the game has at least ``events`` events (or is over)."""
    while not game.is_over and len(game.events) < events:
        game.play(rng.choice(game.legal_actions()))


def _branches(seed: int) -> tuple[Game, Game]:
    """Two games of one deal that agree past the opening events, then differ."""
    for attempt in range(50):
        game = gofish.new_game("classic", players=2, seed=seed)
        _ask_until(game, 2 * OPENING_EVENTS, random.Random(attempt))
        other = game.clone()
        _ask_until(game, len(game.events) + 6, random.Random(1000 + attempt))
        _ask_until(other, len(other.events) + 6, random.Random(2000 + attempt))
        if not game.is_over and not other.is_over and game.view(SEAT).history[
                : len(other.events)] != other.view(SEAT).history[: len(game.events)]:
            return game, other
    raise AssertionError("no two branches of this deal differ")


def _counts(tracker: Tracker) -> tuple[object, ...]:
    return tracker.seen, tracker.known, tracker.none, tracker.fresh, tracker.asked_last


def test_a_replayed_deal_that_goes_another_way_is_refused() -> None:
    # The same seed deals the same cards, and the same first asks make the same opening.
    rng_first, rng_again = random.Random(5), random.Random(5)
    first, again = gofish.new_game("classic", 2, seed=3), gofish.new_game("classic", 2, seed=3)
    _ask_until(first, 2 * OPENING_EVENTS, rng_first)
    _ask_until(again, 2 * OPENING_EVENTS, rng_again)
    tracker = Tracker(2, SEAT).update(first.view(SEAT))
    _ask_until(first, len(first.events) + 10, random.Random(6))
    tracker.update(first.view(SEAT))
    _ask_until(again, len(first.events) + 10, random.Random(7))
    history = again.view(SEAT).history
    assert len(history) > tracker.seen and history[: tracker.seen] != first.view(SEAT).history
    with pytest.raises(MalformedInputError, match="make a new Tracker for each game"):
        tracker.update(again.view(SEAT))


def test_a_copy_that_went_its_own_way_is_refused() -> None:
    game, other = _branches(seed=1)
    tracker = Tracker(2, SEAT).update(game.view(SEAT))
    _ask_until(other, len(game.events) + 1, random.Random(9))
    assert len(other.events) > tracker.seen  # longer: only its events tell it apart
    with pytest.raises(MalformedInputError, match="make a new Tracker for each game"):
        tracker.update(other.view(SEAT))


@pytest.mark.parametrize("copied", [copy.deepcopy, lambda game: pickle.loads(
    pickle.dumps(game)), Game.clone], ids=["deepcopy", "pickle", "clone"])
def test_a_copy_of_the_same_game_reads_on(copied: object) -> None:
    # The copy is played on as the game is: a tracker that read the game, then follows
    # the copy, counts as one that followed the game all along.
    assert callable(copied)
    game = gofish.new_game("classic", players=2, seed=4)
    _ask_until(game, 3 * OPENING_EVENTS, random.Random(4))
    tracker = Tracker(2, SEAT).update(game.view(SEAT))
    along = Tracker(2, SEAT).update(game.view(SEAT))
    same: Game = copied(game)
    rng = random.Random(8)
    while not game.is_over:
        ask = rng.choice(game.legal_actions())
        game.play(ask)
        same.play(ask)
        assert _counts(tracker.update(same.view(SEAT))) == _counts(
            along.update(game.view(SEAT)))


class _Watched(Sequence[Event]):
    """A history that notes which of its events were looked at."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self.looked_at: set[int] = set()

    def __len__(self) -> int:
        return len(self.events)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            self.looked_at.update(range(*index.indices(len(self.events))))
            return tuple(self.events[index])
        self.looked_at.add(index % len(self.events))
        return self.events[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self[:])


def _watched(view: View) -> tuple[View, _Watched]:
    history = _Watched(view.history)
    return dataclasses.replace(view, history=history), history


def test_the_next_view_of_the_same_game_looks_at_the_last_event_read_only() -> None:
    game = gofish.new_game("classic", players=2, seed=2)
    rng = random.Random(2)
    _ask_until(game, 3 * OPENING_EVENTS, rng)
    tracker = Tracker(2, SEAT).update(game.view(SEAT))
    read = tracker.seen
    _ask_until(game, read + 4, rng)
    view, history = _watched(game.view(SEAT))
    tracker.update(view)
    assert history.looked_at == set(range(read - 1, len(history)))


def test_after_a_copy_is_matched_its_next_view_is_cheap_again() -> None:
    game = gofish.new_game("classic", players=2, seed=2)
    rng = random.Random(2)
    _ask_until(game, 3 * OPENING_EVENTS, rng)
    tracker = Tracker(2, SEAT).update(game.view(SEAT))
    same = pickle.loads(pickle.dumps(game))
    tracker.update(same.view(SEAT))  # read whole, once: other objects, equal events
    read = tracker.seen
    _ask_until(same, read + 4, rng)
    view, history = _watched(same.view(SEAT))
    tracker.update(view)
    assert history.looked_at == set(range(read - 1, len(history)))

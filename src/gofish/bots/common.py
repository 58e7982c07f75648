"""Helpers shared by the card-counting bots: one tracker per game, ties, noise."""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from gofish.core import Ask, MalformedInputError, View
from gofish.core.errors import short_repr, whole_number
from gofish.knowledge import Tracker, reads_on

T = TypeVar("T")


class TrackerCache:
    """Keeps one ``Tracker`` per game and reads only the events it has not read yet.

    A view from another game (a shorter history, or not the event last read at its
    place: a copy of the game shares its first events, then goes its own way) starts a
    fresh tracker, so one bot object can play many games in a row. So does a
    view with no history at all (a position set up by ``Game.from_position``): nothing
    tells two such positions apart, and the last one's inferences must not carry over.
    """

    def __init__(self, kind: type[Tracker] = Tracker) -> None:
        self.kind = kind
        self._tracker: Tracker | None = None
        self._last: object = None  # the last event the tracker read (views share them)

    def update(self, view: View) -> Tracker:
        tracker = self._tracker
        history = view.history
        if (
            tracker is None
            or not history
            or tracker.viewer != view.viewer
            or not reads_on(history, tracker.seen, self._last)
        ):
            tracker = self.kind(view.num_players, view.viewer, view.rules.book_size)
            self._tracker = tracker
        tracker.update(view)
        self._last = history[-1] if history else None
        return tracker


def check_epsilon(epsilon: object) -> float:
    """A probability of playing at random, from 0 (never) to 1 (always)."""
    return check_number("epsilon", epsilon, at_least=0, at_most=1,
                        described="a number from 0 to 1")


def check_number(name: str, value: object, *, more_than: float | None = None,
                 at_least: float | None = None, at_most: float | None = None,
                 described: str | None = None,
                 error: Callable[[str], Exception] = MalformedInputError) -> float:
    """``value`` as a float if it is a finite number above ``more_than`` (or from
    ``at_least``) and up to ``at_most``; else ``error`` saying "NAME must be a finite number
    more than 0, not nan" (or what ``described`` says it must be). Any real number will do,
    numpy's among them (``np.int64(5)``, ``np.float32(0.5)``: a study's arrays hold them);
    a bool, numpy's too, is no number here. The one check of bot knobs and of external
    bots' time limits (``gofish.protocol.external.check_timeout``)."""
    try:
        number = float(value) if isinstance(value, numbers.Real) else math.nan  # refused
    except OverflowError:  # 10**400: no finite float
        number = math.inf
    if (isinstance(value, bool) or not math.isfinite(number)
            or (more_than is not None and number <= more_than)
            or (at_least is not None and number < at_least)
            or (at_most is not None and number > at_most)):
        if described is None:
            bounds = [f"{words} {bound:g}" for words, bound in (
                ("more than", more_than), ("at least", at_least), ("at most", at_most))
                if bound is not None]
            described = " ".join(["a finite number", " and ".join(bounds)]).rstrip()
        # short_repr: a 5,000-digit int has no repr (Python's limit), a long text is cut.
        raise error(f"{name} must be {described}, not {short_repr(value)}")
    return number


def check_count(name: str, value: object, *, at_least: int,
                described: str | None = None) -> int:
    """``value`` as an int if it is a whole number from ``at_least`` up; else a
    MalformedInputError saying "NAME must be a whole number of at least 1, not 0" (or
    what ``described`` says). numpy's whole numbers count, as in :func:`check_number`
    (a study sweeping ``iterations`` over ``np.arange`` passes ``np.int64``); a bool does
    not."""
    number = whole_number(value)
    if number is None or number < at_least:
        described = described or f"a whole number of at least {at_least}"
        raise MalformedInputError(f"{name} must be {described}, not {short_repr(value)}")
    return number


def pick(options: Sequence[T], rng: random.Random) -> T:
    """One of ``options``; a single option uses no randomness (keeps bots replayable)."""
    return options[0] if len(options) == 1 else options[rng.randrange(len(options))]


def best_by(legal: Sequence[Ask], key: Callable[[Ask], tuple[float, ...]]) -> list[Ask]:
    """Every legal ask with the highest ``key``, in the order ``legal`` lists them."""
    best: list[Ask] = []
    best_key: tuple[float, ...] | None = None
    for ask in legal:
        value = key(ask)
        if best_key is None or value > best_key:
            best, best_key = [ask], value
        elif value == best_key:
            best.append(ask)
    return best


def card_counts(view: View) -> list[int]:
    """How many cards of each rank (indexed by rank value) the viewer holds."""
    mine = [0] * 14
    for card in view.hand or ():
        mine[card.rank] += 1
    return mine

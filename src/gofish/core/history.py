"""A view's history: the events a seat has seen so far, shared with its game, not copied.

Each view used to copy its seat's whole redacted history into a tuple, so a game's n-th
view cost n: a game of 100,000 asks (bots asking in circles with a dry pond, until
``play_out`` gives up) took over a minute. A ``History`` is the first ``len`` events of
the list the game keeps for that seat, which only ever grows, so it is made in constant
time and never changes once made. It reads as the tuple it replaces did: indexing,
slices (tuples), iteration, ``len``, ``in``, and equal to a tuple of the same events.

Stays interpreted (setup.py does not compile it): mypyc's classes cannot subclass
``collections.abc.Sequence``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from operator import index as as_index
from typing import overload

from gofish.core.events import Event


class History(Sequence[Event]):
    """A read-only run of events, oldest first: ``History(events)`` holds a copy of them."""

    __slots__ = ("_events", "_length")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events: Sequence[Event] = tuple(events)
        self._length = len(self._events)

    @classmethod
    def first_of(cls, events: list[Event]) -> History:
        """The first ``len(events)`` events of ``events``, a list that is only ever appended
        to: what comes later is not part of this history."""
        history = cls.__new__(cls)
        history._events = events
        history._length = len(events)
        return history

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            # indices() bounds the slice by this history's length, not the list's.
            return tuple(self._events[slice(*index.indices(self._length))])
        position = as_index(index)
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError("history index out of range")
        return self._events[position]

    def __iter__(self) -> Iterator[Event]:
        return islice(self._events, self._length)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (History, tuple)):
            return NotImplemented
        return len(other) == self._length and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True))

    # Unhashable, as the tuple of (mutable, unhashable) events it stands for.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled (and deep-copied) as its own events, not the whole list behind it.
        return (History, (tuple(self),))

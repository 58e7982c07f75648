"""The one random-number design shared by the engine path and the bulk simulator.

Every number a tournament or simulation uses comes from SplitMix64 streams,
so the pure-Python engine path and the compiled simulator (``gofish.sim.kernel``
reimplements these few lines in numba) make *the same* deals and *the same*
bot choices:

* a stream is a 64-bit state; each draw adds the golden-ratio constant and
  returns ``mix64(state)``;
* a uniform ``u`` in [0, 1) is the top 53 bits of a draw times 2**-53;
* a choice among ``n`` things is ``floor(u * n)`` (``SplitMixRandom.randrange``);
* the deal of deal number ``d`` comes from stream ``derive(seed, d, 0)``:
  Fisher–Yates over the 52 card indices (from the last position down), then
  one more draw picks the first player;
* the bot in seat ``s`` of seating arrangement ``r`` (rotation ``r`` unless a
  tournament plays every order) uses stream ``derive_bot(seed, d, 1 + 8 * r + s)``.

A bot's stream is derived one way only. ``derive`` ends in ``mix64``, a bijection, so
from a stream made by ``derive`` alone a bot (which may read its ``rng``'s state, or
recover it from one draw) could undo the mixing, subtract its stream's offset and so
reach the deal's stream: every hand and the pond order. ``derive_bot`` adds the mixed
value's input back (``x ^ mix64(x)``, the feed-forward of Davies–Meyer hashing), which
no step undoes: finding ``x`` means searching. That is no wall against a bot written to
cheat (see docs/tournament.md: one in the engine's process can reach its memory, and
with a known seed every deal can be recomputed), only the end of the shortcut.
"""

from __future__ import annotations

import random
from typing import Final

from gofish.core import FULL_DECK, Card

MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
UNIT: Final = 1.0 / (1 << 53)
DECK_STREAM: Final = 0


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a bijection on 64-bit integers that scrambles every bit."""
    z = value & MASK
    z = ((z ^ (z >> 30)) * _MIX1) & MASK
    z = ((z ^ (z >> 27)) * _MIX2) & MASK
    return z ^ (z >> 31)


def _unmixed(seed: int, deal: int, stream: int) -> int:
    """What ``derive`` mixes last for stream ``stream`` of deal ``deal``."""
    inner = mix64((seed + GOLDEN * (deal + 1)) & MASK)
    return (inner + GOLDEN * (stream + 1)) & MASK


def derive(seed: int, deal: int, stream: int) -> int:
    """The starting state of stream ``stream`` of deal ``deal`` under master ``seed``."""
    return mix64(_unmixed(seed, deal, stream))


def derive_bot(seed: int, deal: int, stream: int) -> int:
    """The starting state of bot stream ``stream`` of deal ``deal``: ``x ^ mix64(x)`` for
    the ``x`` that ``derive`` mixes, so that the state leads back to no other stream."""
    before = _unmixed(seed, deal, stream)
    return before ^ mix64(before)


def bot_stream(rotation: int, seat: int) -> int:
    """The stream number of the bot sitting in ``seat`` in seating rotation ``rotation``."""
    return 1 + 8 * rotation + seat


class SplitMixRandom(random.Random):
    """A ``random.Random`` drawing from one SplitMix64 stream.

    ``randrange(n)`` is ``floor(u * n)`` so that the compiled simulator can make
    exactly the same choice; every other method (``random``, ``choice``,
    ``shuffle``…) works too, built on the same stream.
    """

    _state: int

    def __init__(self, state: int = 0) -> None:
        self._state = state & MASK
        super().__init__(state)

    def seed(self, a: object = None, version: int = 2) -> None:
        if isinstance(a, int):
            self._state = a & MASK

    def getstate(self) -> tuple[int]:  # type: ignore[override,unused-ignore]
        return (self._state,)

    def setstate(self, state: tuple[int]) -> None:  # type: ignore[override]
        self._state = state[0]

    def next64(self) -> int:
        self._state = (self._state + GOLDEN) & MASK
        return mix64(self._state)

    def random(self) -> float:
        return (self.next64() >> 11) * UNIT

    def getrandbits(self, k: int) -> int:
        bits = 0
        filled = 0
        while filled < k:
            bits |= self.next64() << filled
            filled += 64
        return bits & ((1 << k) - 1)

    def _randbelow(self, n: int) -> int:
        # What random.Random's own _randbelow draws (the fewest bits that hold n, from
        # getrandbits, again while too big), with one 64-bit draw's bits taken directly:
        # shuffle() and choice() call it per card, and the calls were most of their cost.
        bits = n.bit_length()
        if not 0 < bits <= 64:
            return int(super()._randbelow(n))  # type: ignore[misc]
        mask = (1 << bits) - 1
        state = self._state
        while True:
            state = (state + GOLDEN) & MASK
            pick = mix64(state) & mask
            if pick < n:
                self._state = state
                return pick

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override,unused-ignore]
        if stop is None and step == 1 and isinstance(start, int) and start > 0:
            return int(self.random() * start)
        return super().randrange(start, stop, step)


def deal_indices(seed: int, deal: int, players: int) -> tuple[list[int], int]:
    """Card indices (into ``FULL_DECK``) of deal ``deal`` in dealing order, and the first player."""
    stream = SplitMixRandom(derive(seed, deal, DECK_STREAM))
    indices = list(range(len(FULL_DECK)))
    for last in range(len(indices) - 1, 0, -1):
        other = stream.randrange(last + 1)
        indices[last], indices[other] = indices[other], indices[last]
    return indices, stream.randrange(players)


def deal_cards(seed: int, deal: int, players: int) -> tuple[list[Card], int]:
    """Deal ``deal`` as cards, ready for ``Game(rules, players, cards, first)``."""
    indices, first = deal_indices(seed, deal, players)
    return [FULL_DECK[i] for i in indices], first


def bot_rngs(seed: int, deal: int, rotation: int, players: int) -> list[SplitMixRandom]:
    """One stream per seat for the bots of one game."""
    return [
        SplitMixRandom(derive_bot(seed, deal, bot_stream(rotation, seat)))
        for seat in range(players)
    ]

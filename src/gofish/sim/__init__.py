"""The bulk simulator: whole batches of games in compiled code (numba, the ``sim`` extra).

It plays the built-in ``random``, ``emma`` and ``counter`` bots under any rank-ask rule set
(every preset and house rule except ``ask: card``) and agrees with the engine
game for game: the same deal and the same random stream give the same game
(see ``gofish.sim.rng`` for the shared random-number design).

    >>> from gofish.sim import simulate
    >>> result = simulate("classic", ["random", "emma"], games=1000, seed=1)  # doctest: +SKIP
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gofish.core import GoFishError, MalformedInputError, Rules, check_whole, make_rules
from gofish.core.errors import short_repr, whole_number
from gofish.core.rules import check_players

if TYPE_CHECKING:
    import numpy as np

#: Bots the simulator can play, and their kind number in the kernel.
SIM_BOTS: dict[str, int] = {"random": 0, "emma": 1, "counter": 2}
_REFILL = {"hand": 0, "card": 1, "turn": 2, "none": 3}
_END = {"all-books": 0, "first-empty": 1}


class SimUnavailable(GoFishError):
    """The simulator cannot play this: numba is missing, or a bot or rule is unsupported."""


def numba_available() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def unsupported_reason(rules: Rules, bot_names: Sequence[str]) -> str | None:
    """Why the simulator cannot play these bots under these rules, or None if it can."""
    others = sorted({name for name in bot_names if name not in SIM_BOTS})
    if others:
        return (
            f"the bulk simulator plays only {', '.join(SIM_BOTS)}, not {', '.join(others)}"
        )
    if rules.ask != "rank":
        return "the bulk simulator plays rank asks only, not ask: card"
    if not numba_available():
        return "the bulk simulator needs numba (installed with gofish): pip install numba"
    return None


def rule_params(rules: Rules, players: int) -> np.ndarray:
    """The kernel's parameter array for ``rules`` (resolved for ``players``)."""
    import numpy as np

    from gofish.sim import kernel

    resolved = rules.for_players(players)
    params = np.zeros(kernel.PARAMS, np.int64)
    params[kernel.P_PLAYERS] = players
    params[kernel.P_HAND] = resolved.hand_size or 0
    params[kernel.P_BOOK] = resolved.book_size
    params[kernel.P_REFILL] = _REFILL[resolved.refill]
    params[kernel.P_END] = _END[resolved.end]
    params[kernel.P_LUCKY] = int(resolved.lucky_draw)
    params[kernel.P_TOTAL] = resolved.total_books
    return params


def play_deals(
    rules: str | Rules,
    players: int,
    seed: int,
    deals: Any,
    rotations: Any,
    kinds: Any,
) -> tuple[np.ndarray, np.ndarray]:
    """Play game ``g``: deal ``deals[g]``, seating ``rotations[g]``, bots ``kinds[g]``.

    ``deals`` holds deal numbers (0 to 2**63 - 1), ``rotations`` the seating arrangement
    of each game (0 to players! - 1: the rotations first, then the other orders, as a
    tournament numbers them; it picks the bots' random streams), and ``kinds`` one row of
    bot kinds per game (``SIM_BOTS``: random 0, emma 1, counter 2), all whole numbers.
    ``seed`` is as :func:`simulate` takes it, ``rules`` as ``make_rules`` does. Anything
    else is refused with a MalformedInputError, before any game; rules the kernel cannot
    play (``ask: card``) with SimUnavailable, as :func:`simulate` does. Returns
    ``books[g, seat]`` and ``actions[g]`` (the number of asks).
    """
    import numpy as np

    from gofish.sim import kernel

    players = check_players(as_whole_number(players))
    # A preset's name was an AttributeError; ask: card was played as rank asks, in silence.
    rules = make_rules(rules).for_players(players)
    reason = unsupported_reason(rules, ())
    if reason is not None:
        raise SimUnavailable(reason)
    seed = _check_seed(seed)
    deal_array = _whole_array("deals", deals, _LAST_DEAL, "deal numbers")
    games = len(deal_array)
    rotation_array = _whole_array("rotations", rotations, math.factorial(players) - 1,
                                  f"seatings of {players} players")
    kind_array = _whole_array("kinds", kinds, max(SIM_BOTS.values()),
                              "bot kinds (" + ", ".join(f"{name} {kind}" for name, kind
                                                        in SIM_BOTS.items()) + ")")
    if len(rotation_array) != games or kind_array.size != games * players:
        raise MalformedInputError(
            f"play_deals needs a rotation and {players} bot kinds for each of the {games} "
            f"deals, not {len(rotation_array)} rotations and {kind_array.size} kinds")
    kind_array = kind_array.reshape(games, players)
    books = np.zeros((games, players), np.int64)
    actions = np.zeros(games, np.int64)
    kernel.play_deals(
        np.uint64(seed),
        deal_array,
        rotation_array,
        kind_array,
        rule_params(rules, players),
        books,
        actions,
    )
    return books, actions


def _whole_array(name: str, values: Any, most: int, described: str) -> np.ndarray:
    """``values`` as a flat int64 array once each is a whole number from 0 to ``most``; else
    a MalformedInputError naming ``name``. Two passes over the array (its least and its
    greatest), nothing per element in Python: a batch of games costs far more."""
    import numpy as np

    try:
        array = np.asarray(values)
    except (ValueError, TypeError):  # rows of different lengths: numpy's own words
        raise MalformedInputError(f"{name} must be whole numbers ({described}) in rows of "
                                  f"one length, not {short_repr(values)}") from None
    if array.dtype.kind not in "iu" and not (array.size == 0 and array.dtype.kind == "f"):
        raise MalformedInputError(f"{name} must be whole numbers ({described}), "
                                  f"not {array.dtype} values")
    if array.size and (array.min() < 0 or array.max() > most):
        wrong = array[(array < 0) | (array > most)].flat[0]
        raise MalformedInputError(f"{name} must be {described}, from 0 to {most:,}, "
                                  f"not {short_repr(int(wrong))}")
    return np.ascontiguousarray(array.ravel(), np.int64)


_LAST_DEAL = (1 << 63) - 1  # deal numbers are 64-bit in the kernel
_MAX_SEED = (1 << 64) - 1  # as a tournament Plan's MAX_SEED, named in the same refusal
_GB = 10**9


def bytes_per_game(players: int) -> int:
    """What ``simulate`` holds for each game at once: its bots, deal, rotation, books and
    asks, all int64 (the kernel's inputs and results)."""
    return 8 * (3 + 2 * players)


def memory_bytes() -> int | None:
    """This process's memory at the most: the machine's RAM, or a smaller address-space
    limit (``ulimit -v``); None where the RAM cannot be asked."""
    import os

    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        import resource  # POSIX only, as sysconf's names are
    except (AttributeError, ImportError, OSError, ValueError):
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return physical if soft == resource.RLIM_INFINITY else min(physical, soft)


def too_many_games(games: int, players: int, memory: int | None) -> str:
    """The refusal of a ``games`` whose arrays do not fit, with the batch size to play them
    in instead: a power of ten that takes at most an eighth of ``memory`` (None: the
    allocation failed, of memory that may be in use)."""
    per_game = bytes_per_game(players)
    room = (8 * _GB if memory is None else memory) // (8 * per_game)
    batch = 10 ** max(0, len(str(room)) - 1)
    than = ("more than is free now" if memory is None
            else f"more than this machine's {memory / _GB:,.1f} GB")
    return (f"games={games:,} needs about {games * per_game / _GB:,.1f} GB of memory at once "
            f"({per_game} bytes a game), {than}: play them in batches of at most {batch:,} "
            f"games, simulate(..., games={batch:,}, first_deal=n) for n = 0, {batch:,}, "
            f"{2 * batch:,} and so on, and add up the results")


@dataclass(frozen=True)
class SimResult:
    """Books per seat and asks per game for a batch of games."""

    books: np.ndarray
    actions: np.ndarray

    def win_shares(self) -> np.ndarray:
        """Each seat's share of each game's win (1/k to each of k tied winners, R10)."""
        top = self.books.max(axis=1, keepdims=True)
        winners = self.books == top
        shares: np.ndarray = winners / winners.sum(axis=1, keepdims=True)
        return shares


def as_whole_number(value: object) -> object:
    """A whole number of another kind (numpy's int64, as a study's arrays hold them) as an
    int; anything else unchanged, for check_whole to refuse."""
    number = whole_number(value)
    return value if number is None else number


def _check_seed(seed: object) -> int:
    """``seed`` as an int from 0 to 2**64 - 1, refused outside in a tournament Plan's words:
    the deals use only its low 64 bits, so -1 would deal as 2**64 - 1 does and 2**64 as 0
    does. Any other kind is refused as "seed must be a whole number, not 'x'"."""
    number = check_whole("seed", as_whole_number(seed))
    return check_whole("seed", number, 0, _MAX_SEED)


def simulate(
    rules: str | Rules,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    first_deal: int = 0,
) -> SimResult:
    """Play ``games`` deals (numbered from ``first_deal``) with ``bots[seat]`` in each seat.

    ``seed`` is a whole number from 0 to 2**64 - 1, as a tournament's: the deals use 64
    bits, so a larger one would replay a smaller one's games, and one outside is refused.
    """
    import numpy as np

    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise MalformedInputError(f"bots must be a list of bot names, one per seat, not {bots!r}")
    if not all(isinstance(name, str) for name in bots):
        raise MalformedInputError(f"bots must be names of bots, not {list(bots)!r}")
    names = [name.strip().lower() for name in bots]  # as make_bot reads them
    players = check_players(len(names))
    games = check_whole("games", as_whole_number(games), 1)
    seed = _check_seed(seed)
    first_deal = check_whole("first_deal", as_whole_number(first_deal), 0)
    # The last deal played is first_deal + games - 1, the same bound play_deals keeps.
    if first_deal + games - 1 > _LAST_DEAL:
        raise MalformedInputError(f"first_deal + games - 1 (the last deal) must be at most "
                                  f"{_LAST_DEAL}, not {short_repr(first_deal + games - 1)}")
    resolved = make_rules(rules).for_players(players)
    reason = unsupported_reason(resolved, names)
    if reason is not None:
        raise SimUnavailable(reason)
    memory = memory_bytes()
    if memory is not None and games * bytes_per_game(players) > memory:
        raise MalformedInputError(too_many_games(games, players, memory))
    try:
        kinds = np.tile(np.array([SIM_BOTS[name] for name in names], np.int64), (games, 1))
        deals = np.arange(first_deal, first_deal + games, dtype=np.int64)
        books, actions = play_deals(resolved, players, seed, deals, np.zeros(games, np.int64),
                                    kinds)
    except MemoryError:  # it fits the machine, but not what is free of it now
        raise MalformedInputError(too_many_games(games, players, None)) from None
    return SimResult(books, actions)

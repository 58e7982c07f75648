"""The bulk simulator: whole batches of games in compiled code (numba, the ``sim`` extra).

It plays the built-in ``random``, ``emma`` and ``counter`` bots, with their options
(``emma:memory=2``, ``counter:epsilon=0.1``), under any rank-ask rule set (every preset
and house rule except ``ask: card``) and agrees with the engine game for game: the same
deal and the same random stream give the same game (see ``gofish.sim.rng`` for the
shared random-number design).

    >>> from gofish.sim import simulate
    >>> result = simulate("classic", ["random", "emma"], games=1000, seed=1)  # doctest: +SKIP
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gofish.core import GoFishError, MalformedInputError, Rules, check_whole, make_rules
from gofish.core.errors import a_kind, cut, short_repr, whole_number
from gofish.core.rules import check_players

if TYPE_CHECKING:
    import numpy as np

#: Bots the simulator can play, and their kind number in the kernel.
SIM_BOTS: dict[str, int] = {"random": 0, "emma": 1, "counter": 2}
#: The options of each of those bots that the kernel plays (as a spec names them). A spec
#: setting another is refused by name, and a tournament plays it on the engine.
SIM_OPTIONS: dict[str, tuple[str, ...]] = {"random": (), "emma": ("memory",),
                                           "counter": ("epsilon",)}
RECALL_ALL = -1  # Emma's memory without a limit, as the kernel has it (kernel.RECALL_ALL)
# She can recall no more ranks than there are: a memory of 13 or more is RECALL_ALL in the
# kernel, whose int64 took no memory past 2**63 - 1 (an OverflowError), though make_bot does.
RANKS = 13
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


@dataclass(frozen=True)
class SimBot:
    """A bot as the kernel plays it: its kind (SIM_BOTS) and its options."""

    kind: int
    recall: int = RECALL_ALL  # emma's memory: how many of the latest asked ranks she recalls
    epsilon: float = 0.0  # counter's chance of a careless random ask


#: What ``kinds`` of :func:`play_deals` number when no ``bots`` are given: SIM_BOTS.
KIND_BOTS = tuple(SimBot(kind) for kind in SIM_BOTS.values())


def unsupported_reason(rules: Rules, bot_names: Sequence[str]) -> str | None:
    """Why the simulator cannot play these bots under these rules, or None if it can."""
    try:
        sim_bots(bot_names)
    except GoFishError as error:
        return str(error)
    return _rules_reason(rules)


def _rules_reason(rules: Rules) -> str | None:
    if rules.ask != "rank":
        return "the bulk simulator plays rank asks only, not ask: card"
    if not numba_available():
        return "the bulk simulator needs numba (installed with gofish): pip install numba"
    return None


def sim_bots(specs: Sequence[str]) -> list[SimBot]:
    """Each spec (``emma``, ``Emma``, ``emma:memory=2``…) as the kernel plays it. A bot the
    kernel lacks, or an option it cannot play, is a SimUnavailable saying which; a spec
    ``make_bot`` refuses (an unknown option, a bad value, ``emma:``) a MalformedInputError
    in its words, as the engine would refuse it."""
    others = sorted({spec.strip() for spec in specs if _bot_name(spec) not in SIM_BOTS})
    if others:
        _refuse_unsimulated(others)
    return [sim_bot(spec) for spec in specs]


def _refuse_unsimulated(specs: Sequence[str]) -> NoReturn:
    """Refuse bots the kernel lacks: one nobody registered in make_bot's words ("emmma" is
    a typo to point out, not a bot it cannot play), else as SimUnavailable naming them. A
    program (``cmd:…``) is one it cannot play: make_bot's words for it listed expert and
    the rest as the bots to choose instead. A registered bot is not made here: a
    tournament checking whether the simulator can play its entrants made each of a
    script's bots once more (a factory may load a model), only to learn that it cannot."""
    from gofish.bots import available_bots, make_bot
    from gofish.bots.base import CMD_PREFIX

    known = {info.name for info in available_bots()}
    for spec in specs:
        if not spec.lower().startswith(CMD_PREFIX) and _bot_name(spec) not in known:
            make_bot(spec)  # refused: an unknown bot
    raise SimUnavailable(f"the bulk simulator plays only {', '.join(SIM_BOTS)}, "
                         f"not {cut(', '.join(specs))}")


def _bot_name(spec: str) -> str:
    from gofish.bots.base import OPTION_SEPARATOR

    return spec.split(OPTION_SEPARATOR, 1)[0].strip().lower()


@functools.lru_cache(maxsize=4096)
def sim_bot(spec: str) -> SimBot:
    """One spec of :func:`sim_bots`. Its options are read by the bot itself (``make_bot``),
    so that the kernel plays the very values the engine's bot would. Kept once read (the
    built-in bots cannot be registered again): a tournament reads its entrants' specs for
    every batch of games, which took longer than the games at a thousand entrants."""
    from gofish.bots import CounterBot, EmmaBot, make_bot, parse_bot_spec

    name = _bot_name(spec)
    if name not in SIM_BOTS:
        _refuse_unsimulated([spec.strip()])
    bot = make_bot(spec)  # refuses what the engine refuses, in its words
    for option in parse_bot_spec(spec)[1]:
        if option not in SIM_OPTIONS[name]:
            plays = ", ".join(SIM_OPTIONS[name]) or "none"
            raise SimUnavailable(
                f"the bulk simulator cannot play {spec.strip()}: option {option} is not in its "
                f"compiled {name}, which plays only these options: {plays} (the engine plays "
                "them all)")
    if isinstance(bot, EmmaBot) and bot.recall is not None and bot.recall < RANKS:
        return SimBot(SIM_BOTS[name], recall=bot.recall)
    if isinstance(bot, CounterBot):
        return SimBot(SIM_BOTS[name], epsilon=bot.epsilon)
    return SimBot(SIM_BOTS[name])


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
    rules: object,
    players: int | np.integer[Any],
    seed: int | np.integer[Any],
    deals: Any,
    rotations: Any,
    kinds: Any,
    bots: Iterable[str] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Play game ``g``: deal ``deals[g]``, seating ``rotations[g]``, bots ``kinds[g]``.

    ``deals`` holds deal numbers (0 to 2**63 - 1), ``rotations`` the seating arrangement
    of each game (0 to players! - 1: the rotations first, then the other orders, as a
    tournament numbers them; it picks the bots' random streams), and ``kinds`` one row of
    bot kinds per game (``SIM_BOTS``: random 0, emma 1, counter 2), all whole numbers (not
    bools: numpy would read True as 1). With ``bots``, a list of bot specs such as
    :func:`simulate` takes (``emma:memory=2``), ``kinds`` number its entries instead (0 to
    ``len(bots) - 1``), as a tournament numbers its entrants. ``seed`` is as
    :func:`simulate` takes it, ``rules`` as ``make_rules`` does. Anything else is refused
    with a MalformedInputError, before any game; rules or bots the kernel cannot play
    (``ask: card``, ``expert``) with SimUnavailable, as :func:`simulate` does. Returns
    ``books[g, seat]`` and ``actions[g]`` (the number of asks). The games are played
    ``KERNEL_SLICE`` at a time, so a Ctrl-C stops a long batch within one such slice.
    """
    import numpy as np

    from gofish.sim import kernel

    players = check_players(as_whole_number(players))
    # A preset's name was an AttributeError; ask: card was played as rank asks, in silence.
    rules = make_rules(rules).for_players(players)
    table = KIND_BOTS if bots is None else _bot_table(bots)
    reason = _rules_reason(rules)
    if reason is not None:
        raise SimUnavailable(reason)
    seed = _check_seed(seed)
    deal_array = _whole_array("deals", deals, _LAST_DEAL, "deal numbers")
    games = len(deal_array)
    rotation_array = _whole_array("rotations", rotations, math.factorial(players) - 1,
                                  f"seatings of {players} players")
    described = _kinds_described(None if bots is None else table)  # bots may be a generator
    kind_array = _whole_array("kinds", kinds, len(table) - 1, described)
    if len(rotation_array) != games or kind_array.size != games * players:
        raise MalformedInputError(
            f"play_deals needs a rotation and {players} bot kinds for each of the {games} "
            f"deals, not {len(rotation_array)} rotations and {kind_array.size} kinds")
    _check_rows(kinds, games, players)
    kind_array = kind_array.reshape(games, players)
    books = np.zeros((games, players), np.int64)
    actions = np.zeros(games, np.int64)
    params = rule_params(rules, players)
    bot_kinds = np.array([bot.kind for bot in table], np.int64)
    recalls = np.array([bot.recall for bot in table], np.int64)
    epsilons = np.array([bot.epsilon for bot in table], np.float64)
    # Python sees a Ctrl-C only between compiled calls: a batch in one call held it until
    # its last game (minutes, for millions). Slices of rows stay C-contiguous: no new compile.
    for start in range(0, games, KERNEL_SLICE):
        part = slice(start, start + KERNEL_SLICE)
        kernel.play_deals(np.uint64(seed), deal_array[part], rotation_array[part],
                          kind_array[part], params, books[part], actions[part], bot_kinds,
                          recalls, epsilons)
    return books, actions


def _bot_table(bots: object) -> list[SimBot]:
    """``bots`` of :func:`play_deals` as the kernel plays them, or refused as simulate
    refuses them."""
    from gofish.bots.base import bot_names_in_order

    specs = bot_names_in_order("bots", bots)  # a numpy array of specs too
    if not specs:
        raise MalformedInputError("bots must be a list of bot specs, not an empty one")
    return sim_bots(specs)


def _check_rows(kinds: Any, games: int, players: int) -> None:
    """Refuse ``kinds`` in rows that are not one per game: rows of each seat's bot over the
    games hold as many numbers, and were cut into rows of ``players`` in silence."""
    import numpy as np

    shape = np.shape(kinds)  # rows of different lengths were refused already
    if len(shape) > 1 and shape != (games, players):
        raise MalformedInputError(
            f"kinds must hold one row of {players} bot kinds per deal ({games} rows), or all "
            f"of them in one flat list, not rows of shape {shape}")


def _kinds_described(bots: Sequence[object] | None) -> str:
    if bots is None:
        return "bot kinds (" + ", ".join(f"{name} {kind}" for name, kind
                                         in SIM_BOTS.items()) + ")"
    return f"numbers of the {len(bots)} bots given"


def _whole_array(name: str, values: Any, most: int, described: str) -> np.ndarray:
    """``values`` as a flat int64 array once each is a whole number from 0 to ``most``; else
    a MalformedInputError naming ``name``. Two passes over the array (its least and its
    greatest), nothing per element in Python for an array: a batch of games costs far more.
    Lists are looked through for bools first, which numpy reads as 1 and 0 among numbers."""
    import numpy as np

    try:
        array = np.asarray(values)
    except (ValueError, TypeError):  # rows of different lengths: numpy's own words
        raise MalformedInputError(f"{name} must be whole numbers ({described}) in rows of "
                                  f"one length, not {short_repr(values)}") from None
    if array.dtype.kind not in "iu" and not (array.size == 0 and array.dtype.kind == "f"):
        raise MalformedInputError(f"{name} must be whole numbers ({described}), "
                                  f"not {_not_whole_shown(values, array)}")
    if wrong := _first_not_whole(values):
        raise MalformedInputError(f"{name} must be whole numbers ({described}), "
                                  f"not {short_repr(wrong[0])}")
    if array.size and (array.min() < 0 or array.max() > most):
        wrong = array[(array < 0) | (array > most)].flat[0]
        raise MalformedInputError(f"{name} must be {described}, from 0 to {most:,}, "
                                  f"not {short_repr(int(wrong))}")
    return np.ascontiguousarray(array.ravel(), np.int64)


def _not_whole_shown(values: object, array: np.ndarray) -> str:
    """What ``values`` holds that is no whole number, as a refusal names it: its first such
    entry ('a', 1.5), or the array's kind; a generator or a text is no list at all (numpy
    made one object of it, "object values", and a text's letters "<U2 values"). A lone
    number is taken as one game's: 0.5 or True alone is named as any entry is."""
    if array.ndim == 0:
        if array.dtype.kind in "bfc":  # a number, not whole: no list is missing
            return short_repr(values)
        kind = "" if values is None else f"{a_kind(values)}, "
        return f"{kind}{short_repr(values)}: give a list or an array of them"
    # The entry as given, not as numpy made it ([1, '1'] is two texts to numpy); from the
    # array when no list was given (a deque, a pandas column).
    wrong = _first_not_whole(values) or _first_not_whole(array)
    return short_repr(wrong[0]) if wrong else f"{array.dtype} values"


def _first_not_whole(values: object) -> list[object]:
    """The first entry of ``values`` (lists and tuples, row within row) that is no whole
    number (``whole_number``: a bool, Python's or numpy's, or None), in a list of one;
    empty if there is none. Only what numpy has already read as whole numbers comes here,
    so nothing else can be found in a list; an array of whole numbers is not looked
    through (a batch's may be long), one of anything else (bools, floats, a pandas column
    of objects holding None) only to name its entry."""
    import numpy as np

    if isinstance(values, np.ndarray):
        if values.dtype.kind in "iu":
            return []
        return next(([value] for value in values.flat if whole_number(value) is None), [])
    if not isinstance(values, (list, tuple)):
        return []  # a range, say: whole numbers only
    for value in values:
        if isinstance(value, (list, tuple, np.ndarray)):
            if wrong := _first_not_whole(value):
                return wrong
        elif whole_number(value) is None:
            return [value]
    return []


#: Games per compiled call of play_deals: a Ctrl-C waits for at most these (some 60 ms of
#: random games, 0.6 s of five counters), and the calls cost under 0.2% of the games' time.
KERNEL_SLICE = 16_384
_LAST_DEAL = (1 << 63) - 1  # deal numbers are 64-bit in the kernel
_MAX_SEED = (1 << 64) - 1  # as a tournament Plan's MAX_SEED, named in the same refusal
_GB = 10**9


def bytes_per_game(players: int) -> int:
    """What ``simulate`` holds for each game at once: its bots, deal, rotation, books and
    asks, all int64 (the kernel's inputs and results)."""
    return 8 * (3 + 2 * players)


def memory_bytes() -> int | None:
    """This process's memory at the most: the machine's RAM, or a smaller address-space
    limit (``ulimit -v``) or container limit (:func:`cgroup_limit`); None where the RAM
    cannot be asked."""
    import os

    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        import resource  # POSIX only, as sysconf's names are
    except (AttributeError, ImportError, OSError, ValueError):
        return None
    limits = [physical]
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        limits.append(soft)
    if (container := cgroup_limit()) is not None:
        limits.append(container)
    return min(limits)


#: Where Linux says which cgroups this process is in, and where their files are mounted.
PROC_CGROUP = "/proc/self/cgroup"
CGROUP_ROOT = "/sys/fs/cgroup"


def cgroup_limit() -> int | None:
    """The lowest memory limit of this process's cgroups (a container's), from its own up to
    the root; None if none is set or readable. The kernel kills a process past it outright."""
    limits = [_limit_in(folder / ("memory.max" if unified else "memory.limit_in_bytes"))
              for folder, unified in _cgroup_folders("memory")]
    found = [limit for limit in limits if limit is not None]
    return min(found) if found else None


def cgroup_cpus() -> float | None:
    """The fewest CPUs this process's cgroups let it keep busy at once (a container's CPU
    quota: ``docker --cpus=2``, a Kubernetes CPU limit), from its own cgroup up to the root;
    None if none is set or readable. A quota leaves every core schedulable, so the cores a
    process may run on do not show it: past it, the process is only made to wait."""
    quotas = [_cpu_quota(folder, unified) for folder, unified in _cgroup_folders("cpu")]
    found = [quota for quota in quotas if quota is not None]
    return min(found) if found else None


def _cpu_quota(folder: Path, unified: bool) -> float | None:
    """The CPUs a cgroup's quota allows (v2 ``cpu.max``: "QUOTA PERIOD", or "max PERIOD"
    for none; v1 ``cpu.cfs_quota_us``, -1 for none, over ``cpu.cfs_period_us``)."""
    if unified:
        numbers = _whole_numbers_in(folder / "cpu.max")
        quota, period = numbers if numbers is not None and len(numbers) == 2 else (None, None)
    else:
        quota = _limit_in(folder / "cpu.cfs_quota_us")
        period = _limit_in(folder / "cpu.cfs_period_us")
    if not (quota and period):
        return None
    try:
        return quota / period
    except OverflowError:  # a quota too large for a float: no limit, not a traceback
        return None


def _cgroup_folders(controller: str) -> list[tuple[Path, bool]]:
    """Where this process's cgroups keep ``controller``'s files (``memory``, ``cpu``), from
    its own cgroup up to the root, each with whether it is cgroup v2 (one tree for every
    controller); none if Linux does not say."""
    try:
        membership = Path(PROC_CGROUP).read_text()
    except (OSError, UnicodeDecodeError):
        return []
    folders = []
    for line in membership.splitlines():
        parts = line.split(":", 2)  # id:controllers:path
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        unified = controllers == ""
        if unified:
            top = Path(CGROUP_ROOT)
        elif controller in controllers.split(","):  # cgroup v1: that controller's own tree
            top = Path(CGROUP_ROOT) / controller
        else:
            continue
        folder = top / path.strip("/")
        for place in (folder, *folder.parents):
            folders.append((place, unified))
            if place == top:
                break
    return folders


def _limit_in(path: Path) -> int | None:
    """The whole number a cgroup file holds (bytes, microseconds); None for "max", -1, a
    file not there or anything else (more digits than int() reads, too: far past any
    machine's memory)."""
    numbers = _whole_numbers_in(path)
    return numbers[0] if numbers is not None and len(numbers) == 1 else None


def _whole_numbers_in(path: Path) -> list[int] | None:
    """The whole numbers a cgroup file holds, split at spaces; None if any word is not one,
    or the file cannot be read."""
    try:
        words = path.read_text().split()
    except (OSError, UnicodeDecodeError):
        return None
    if not words or not all(word.isascii() and word.isdigit() for word in words):
        return None
    try:
        return [int(word) for word in words]
    except ValueError:  # past sys.get_int_max_str_digits()
        return None


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
    rules: object,
    bots: Iterable[str],
    games: int | np.integer[Any],
    seed: int | np.integer[Any] = 0,
    first_deal: int | np.integer[Any] = 0,
) -> SimResult:
    """Play ``games`` deals (numbered from ``first_deal``) with ``bots[seat]`` in each seat.

    ``rules`` is anything ``make_rules`` takes (``"nordic"``, ``{"preset": "classic",
    "book_size": 2}``, a ``Rules``). A bot is named as ``make_bot`` names it, options too
    (``emma:memory=2``, ``counter:epsilon=0.1``). ``seed`` is a whole number from 0 to
    2**64 - 1, as a tournament's: the deals use 64 bits, so a larger one would replay a
    smaller one's games, and one outside is refused.
    """
    import numpy as np

    from gofish.bots.base import bot_names_in_order

    names = list(bot_names_in_order("bots", bots))  # a numpy array of names too, as a Plan's
    players = check_players(len(names))
    games = check_whole("games", as_whole_number(games), 1)
    seed = _check_seed(seed)
    first_deal = check_whole("first_deal", as_whole_number(first_deal), 0)
    # The last deal played is first_deal + games - 1, the same bound play_deals keeps.
    if first_deal + games - 1 > _LAST_DEAL:
        raise MalformedInputError(f"first_deal + games - 1 (the last deal) must be at most "
                                  f"{_LAST_DEAL}, not {short_repr(first_deal + games - 1)}")
    resolved = make_rules(rules).for_players(players)
    sim_bots(names)  # a bot or an option the kernel cannot play is refused saying which
    reason = _rules_reason(resolved)
    if reason is not None:
        raise SimUnavailable(reason)
    memory = memory_bytes()
    if memory is not None and games * bytes_per_game(players) > memory:
        raise MalformedInputError(too_many_games(games, players, memory))
    try:
        seats = np.tile(np.arange(players, dtype=np.int64), (games, 1))  # seat s: bots[s]
        deals = np.arange(first_deal, first_deal + games, dtype=np.int64)
        books, actions = play_deals(resolved, players, seed, deals, np.zeros(games, np.int64),
                                    seats, names)
    except MemoryError:  # it fits the machine, but not what is free of it now
        raise MalformedInputError(too_many_games(games, players, None)) from None
    return SimResult(books, actions)

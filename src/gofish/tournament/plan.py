"""Who plays whom, on which deal, from which seat: the deterministic schedule of a tournament.

The schedule is a list of *units*. A unit is one table (a group of entrants)
and one deal; it is played once per *arrangement* of the table, so every
entrant plays that deal from every seat (mirroring). The arrangements are the
rotations of the table (``seatings="rotate"``, the default) or, for more than
two players, every order of the bots around it (``seatings="all"``). Every game
is determined by ``(seed, table, deal, arrangement)`` alone, so any split of the units over
processes, or over machines (``--shard``), gives the same games.

Deal ``d`` is the same cards at every table, so the units are numbered deal after deal
(each deal's tables in turn) and a shard plays one unbroken stretch of them: all of a
deal's games, which the 95% interval counts as one sample, then stay together but for the
first and last deal of each shard, whose parts a merge adds up (see ``tally``).
"""


from __future__ import annotations

import itertools
import math
import re
import shlex
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, SupportsIndex

from gofish.bots.base import (
    CMD_PREFIX,
    OPTION_SEPARATOR,
    SELF_PLAY_MARK,
    bot_names_in_order,
    canonical_spec,
)
from gofish.core import GoFishError, Rules, check_whole
from gofish.core.errors import short_repr
from gofish.sim import as_whole_number

#: The most games one tournament may ask for. A billion is hours in the simulator and
#: weeks on the engine; more is surely a typo.
MAX_GAMES = 1_000_000_000
#: How the units are split into shards, written in every result: shards written before
#: results said (which dealt the units out one at a time, every N-th to a shard) hold
#: other games, and are not merged with these.
SHARD_SPLIT = "deal-order stretches"
MAX_TABLES = 1_000_000  # every group of bots that meets: listed, and written in --json
#: The largest master seed. The deals use only a seed's low 64 bits, so a larger one would
#: deal the games of a smaller one under another number, which pooling would count twice.
MAX_SEED = (1 << 64) - 1


class TournamentError(GoFishError):
    """A tournament that cannot be run as asked (unknown bot, bad shard, mismatched merge…)."""


def normalize_spec(spec: str) -> str:
    """One spelling per entrant: a built-in bot as :func:`~gofish.bots.canonical_spec`
    writes it (``Emma`` and ``emma``, ``expert:infer=False:epsilon=0.20`` and
    ``expert:epsilon=0.2:infer=false`` are one bot, which then plays itself); a ``cmd:``
    entry as the words it runs (:func:`command_spelling`), since commands are
    case-sensitive."""
    command = spec.strip()
    if command[: len(CMD_PREFIX)].lower() == CMD_PREFIX:  # " cmd:…", "CMD:…" too: lower
        return CMD_PREFIX + command_spelling(command[len(CMD_PREFIX):])  # case would break it
    try:
        return canonical_spec(spec)
    except ValueError:  # malformed: kept in lower case, for make_bot to refuse by name
        pass
    name, *options = spec.split(OPTION_SEPARATOR)
    parts = [name.strip().lower()]
    for option in options:
        key, equals, value = option.partition("=")
        parts.append(key.strip().lower() + equals + value.strip())
    return OPTION_SEPARATOR.join(parts)


def command_spelling(command: str) -> str:
    """A command as the program and arguments it runs, split as a shell would, each word
    written as typed unless it needs quotes to be read back as that one word. So a command
    is one bot however it is spaced or quoted (``python3  bot.py``, ``'python3' bot.py``),
    as it is one program. A command that cannot be split (unbalanced quotes) is kept as
    given, spaces around it dropped: it is refused before it could run."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command.strip()
    return " ".join(_as_one_word(word) for word in words)


def _as_one_word(word: str) -> str:
    """``word`` as typed if a shell reads it back as itself, else quoted: ``bøt.py`` and
    ``./bot#1`` stay, ``my bot.py`` is ``'my bot.py'`` (shlex.quote would quote them all)."""
    try:
        alone = shlex.split(word)
    except ValueError:  # a quote of its own (it's): read alone, it opens a quotation
        alone = []
    return word if alone == [word] else shlex.quote(word)


def entrant_names(specs: list[str]) -> list[str]:
    """Display names, one per entrant and each different: a bot named twice becomes
    ``emma#1``, ``emma#2`` (it plays itself). Only those copies end in ``#`` and a number:
    a command that does (``cmd:./bot#1``) is shown quoted (see _unnumbered), or it read as
    the first copy of ``cmd:./bot`` entered twice, and had that copy's very name."""
    shown = [_unnumbered(spec) for spec in bot_names(specs)]
    counts = Counter(shown)
    seen: Counter[str] = Counter()
    names = []
    for name in shown:
        if counts[name] > 1:
            seen[name] += 1
            names.append(f"{name}{SELF_PLAY_MARK}{seen[name]}")
        else:
            names.append(name)
    return names


#: The end of a self-play copy's name: "#2".
_COPY_NUMBER = re.compile(re.escape(SELF_PLAY_MARK) + r"\d+\Z")


def _unnumbered(spec: str) -> str:
    """``spec`` as a name that does not end as a self-play copy's does: a command whose
    last word does (``cmd:./bot#1``, ``cmd:./bot --tag #1``) with that word quoted as a
    shell would quote it (``cmd:'./bot#1'``), the same program and arguments. So a copy's
    number is always what follows the last quote or the bot's own name. (A built-in bot's
    name and options hold no ``#``.)"""
    if not _COPY_NUMBER.search(spec) or not spec.startswith(CMD_PREFIX):
        return spec
    command = spec[len(CMD_PREFIX):]
    try:
        *first, last = shlex.split(command)
    except ValueError:  # unbalanced quotes: it never runs; quoted whole, it still reads so
        return CMD_PREFIX + shlex.quote(command)
    return CMD_PREFIX + " ".join([*map(_as_one_word, first), shlex.quote(last)])


def bot_names(specs: object) -> tuple[str, ...]:
    """``specs`` as a tuple of bot names, or a TournamentError: None was a TypeError from
    deep inside, and a single name was read as a list of its letters."""
    return bot_names_in_order("specs", specs, TournamentError)


TOO_FEW_BOTS = "a tournament needs at least two bots (name one twice to self-play)"


def table_count(entrants: int, players: int) -> int:
    """How many tables :func:`tables` makes, without making them."""
    return math.comb(entrants, players) if entrants >= players else 1


def tables(entrants: int, players: int) -> list[tuple[int, ...]]:
    """The groups of entrants that sit at a table, in a fixed order.

    With at least as many entrants as seats: every combination (a round robin
    of pairings for two players). With fewer: one table whose seats are filled
    by cycling through the entrants (two bots at four seats: A B A B).
    """
    # Checked here too, as a Plan checks them: text was a TypeError comparing it with 2.
    entrants = check_whole("entrants", as_whole_number(entrants), None, None, TournamentError)
    players = check_whole("players", as_whole_number(players), 2, 5, TournamentError)
    if entrants < 2:
        raise TournamentError(TOO_FEW_BOTS)
    if entrants >= players:
        return list(itertools.combinations(range(entrants), players))
    return [tuple(seat % entrants for seat in range(players))]


SEATINGS = ("rotate", "all")


def arrangements(players: int, seatings: str = "rotate") -> list[tuple[int, ...]]:
    """Which table position sits in each seat, for each way the table is played.

    ``rotate``: the ``players`` rotations (rotation ``r`` puts position ``(s + r) % n``
    in seat ``s``). ``all``: every permutation, rotations first, so every bot also
    meets every neighbour order.
    """
    if seatings not in SEATINGS:
        raise TournamentError(f"seatings must be rotate or all, not {seatings!r}")
    rotations = [tuple((seat + r) % players for seat in range(players)) for r in range(players)]
    if seatings == "rotate":
        return rotations
    others = [p for p in itertools.permutations(range(players)) if p not in rotations]
    return rotations + others


def seating(table: tuple[int, ...], arrangement: tuple[int, ...]) -> tuple[int, ...]:
    """Entrant index in each seat: seat ``s`` holds ``table[arrangement[s]]``."""
    return tuple(table[position] for position in arrangement)


@dataclass(frozen=True)
class Plan:
    """Everything needed to play any part of the tournament, in any process."""

    rules: Rules
    players: int
    seed: int
    specs: tuple[str, ...]
    games_asked: int
    shard: int = 0
    shards: int = 1
    seatings: str = "rotate"

    def __init__(self, rules: Rules, players: SupportsIndex, seed: SupportsIndex,
                 specs: Iterable[str], games_asked: SupportsIndex, shard: SupportsIndex = 0,
                 shards: SupportsIndex = 1, seatings: str = "rotate") -> None:
        """Written out to take what is checked below: any list of specs, and numpy's whole
        numbers (a study's arrays of seeds), which the fields then hold as a tuple and ints.
        The generated one was typed as the fields are, so mypy refused a script that ran."""
        given = {"rules": rules, "players": players, "seed": seed, "specs": specs,
                 "games_asked": games_asked, "shard": shard, "shards": shards,
                 "seatings": seatings}
        for name, value in given.items():
            object.__setattr__(self, name, value)
        self._check()

    def _check(self) -> None:
        # Checked here, not only by the CLI: a bad shard from Python would play the wrong games.
        if not isinstance(self.rules, Rules):
            raise TournamentError(f"rules must be a Rules (make_rules(...)), not {self.rules!r}")
        specs = bot_names(self.specs)
        if len(specs) < 2:  # refused here, not only once run_tournament makes the schedule
            raise TournamentError(TOO_FEW_BOTS)
        object.__setattr__(self, "specs", tuple(normalize_spec(spec) for spec in specs))
        for name in ("players", "seed", "games_asked", "shard", "shards"):  # np.int64 too
            object.__setattr__(self, name, as_whole_number(getattr(self, name)))
        check_whole("players", self.players, 2, 5, TournamentError)
        try:  # as the command line refuses them: not at the first game, as another error
            self.rules.for_players(self.players)
        except GoFishError as error:
            raise TournamentError(str(error)) from None
        check_whole("seed", self.seed, 0, MAX_SEED, TournamentError)
        check_whole("games", self.games_asked, 1, MAX_GAMES, TournamentError)
        check_whole("shards", self.shards, 1, None, TournamentError)
        check_whole("shard", self.shard, 0, self.shards - 1, TournamentError)
        if self.seatings not in SEATINGS:
            raise TournamentError(f"seatings must be rotate or all, not {self.seatings!r}")
        self._check_schedule_size()

    def _check_schedule_size(self) -> None:
        """Every table plays at least one deal from every seat, so many bots at many seats
        play far more games than asked: 100 bots at five seats make 75 million tables,
        which took gigabytes to list before the first game."""
        count = table_count(len(self.specs), self.players)
        if count > MAX_TABLES or self.fewest_games > MAX_GAMES:
            raise TournamentError(
                f"{len(self.specs)} bots at {self.players} seats make {count:,} tables, each "
                f"played at least once from every seat ({self.fewest_games:,} games); the "
                "limit is "
                f"{MAX_TABLES:,} tables and {MAX_GAMES:,} games: name fewer bots or seat "
                "fewer players")

    @property
    def fewest_games(self) -> int:
        """The games the schedule plays however few are asked: one deal per table, played
        in every arrangement. Counted, not listed: the size check runs before the tables
        are made."""
        return table_count(len(self.specs), self.players) * len(self.arrangements)

    @property
    def names(self) -> list[str]:
        return entrant_names(list(self.specs))

    @cached_property
    def tables(self) -> list[tuple[int, ...]]:
        return tables(len(self.specs), self.players)

    @cached_property
    def table_array(self) -> Any:
        """``tables`` as a numpy array (tables × seats), for the simulator: made once, not
        for every batch of games, which at many tables took longer than the games."""
        import numpy as np

        return np.asarray(self.tables, dtype=np.int64).reshape(-1, self.players)

    @cached_property
    def arrangements(self) -> list[tuple[int, ...]]:
        return arrangements(self.players, self.seatings)

    @cached_property
    def deals(self) -> int:
        """Deals per table: enough for ``games_asked`` games, each deal from every seat."""
        return max(1, -(-self.games_asked // self.fewest_games))

    @property
    def total_units(self) -> int:
        return len(self.tables) * self.deals

    def units(self) -> range:
        """This shard's units: its ``1/shards`` of the schedule in one stretch (within one
        unit of the others' sizes), so each deal stays whole but where a stretch begins or
        ends; a range, so a big tournament's schedule takes no memory."""
        return range(self._stretch_start(self.shard), self._stretch_start(self.shard + 1))

    def _stretch_start(self, shard: int) -> int:
        return -(-shard * self.total_units // self.shards)

    @property
    def deal_games(self) -> int:
        """The games played from one deal: at every table, in every arrangement."""
        return len(self.tables) * len(self.arrangements)

    def unit(self, index: int) -> tuple[tuple[int, ...], int]:
        """The table and the deal number of unit ``index``."""
        deal, table = divmod(index, len(self.tables))
        return self.tables[table], deal

    def game_number(self, unit: int, arrangement: int) -> int:
        """Where a game comes in the whole tournament's schedule (any shard's numbering is
        the same): deal after deal, each deal's tables in turn, each in its arrangements."""
        return unit * len(self.arrangements) + arrangement

    @property
    def games(self) -> int:
        """Games this shard plays."""
        return len(self.units()) * len(self.arrangements)


def parse_shard(text: str) -> tuple[int, int]:
    """``I/N`` (0 ≤ I < N) to ``(I, N)``."""
    if not isinstance(text, str):  # None was an AttributeError: no attribute 'split'
        raise TournamentError(f"--shard takes I/N as text, e.g. '0/4', not {short_repr(text)}")
    try:
        index_text, count_text = text.split("/")
        index, count = int(index_text), int(count_text)
    except ValueError:
        raise TournamentError(f"--shard takes I/N, e.g. 0/4, not {text!r}") from None
    if count < 1 or not 0 <= index < count:
        raise TournamentError(f"--shard {text}: I must be from 0 to N-1 and N at least 1")
    return index, count

"""Argument types the benchmarks share.

A count or a duration that cannot be measured (0 rounds, a negative or ``nan`` time) is
refused before any work, as one line with exit status 2, instead of a traceback at the end
(no median of no samples) or a table of zeros that looks like a result. Numbers are read
as gofish's commands read them (:func:`gofish.cli.whole`): in the digits 0-9, a number
too long for int() called far too large; and a seed as ``gofish tournament --seed``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from gofish.cli import at_least_one as _at_least_one
from gofish.cli import digits_0_to_9, reads_a_number, whole

__all__ = ["at_least_one", "bot", "count", "from_zero", "jobs", "preset", "seconds", "seed",
           "wait"]

#: The most of anything a benchmark counts (games, rounds, decisions, deals), as gofish
#: tournament's --games: more is surely a typo, and ``--deals 10**30`` was run until
#: memory ran out or someone stopped it.
MOST = 1_000_000_000
#: The longest wait a benchmark takes (a day): ``--idle inf`` waited for ever.
LONGEST_WAIT = 86_400.0


def count(most: int = MOST, why: str = "") -> Callable[[str], int]:
    """A reader of a count from 1 to ``most``; ``why`` says why no more (after the value)."""

    @reads_a_number
    def read(text: str) -> int:
        return _at_most(_at_least_one(text), most, why)

    return read


#: A count of games, rounds, runs or decisions: from 1 to MOST.
at_least_one = count()


@reads_a_number
def from_zero(text: str) -> int:
    """A count that may be 0 (``--slow 0``: none), up to MOST."""
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return _at_most(value, MOST, "")


def _at_most(value: int, most: int, why: str) -> int:
    if value > most:
        raise argparse.ArgumentTypeError(f"must be at most {most:,}, not {value}{why}")
    return value


@reads_a_number
def jobs(text: str) -> int:
    """Worker processes, as gofish tournament's --jobs: from 1 to what this machine may run
    (``--jobs 10**6`` forked until the system refused)."""
    from gofish.tournament.run import JOBS_PER_CORE, max_jobs, usable_cores

    return _at_most(_at_least_one(text), max_jobs(),
                    f" ({JOBS_PER_CORE} per core this process may use, {usable_cores()} here, "
                    "and at least 8)")


@reads_a_number
def seed(text: str) -> int:
    """A seed as gofish tournament's --seed: a whole number from 0 to 2**64 - 1. A negative
    one was seeded as its text by the engine but as its absolute value by random.Random,
    so a run with -1 shared its bots' random streams with a run with 1."""
    from gofish.tournament.plan import MAX_SEED

    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    if value > MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SEED} (64 bits), not {value}")
    return value


@reads_a_number
def seconds(text: str) -> float:
    """A measuring time: a finite number of seconds above 0."""
    value = _seconds_as_typed(text)
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


@reads_a_number
def wait(text: str) -> float:
    """A time to wait or think: from 0 seconds to a day (``nan`` or ``inf`` waited for ever,
    a negative time was taken as none)."""
    value = _seconds_as_typed(text)
    if not 0 <= value <= LONGEST_WAIT:  # nan is within no bounds
        raise argparse.ArgumentTypeError(
            f"must be from 0 to {LONGEST_WAIT:,.0f} seconds, not {text}")
    return value


def _seconds_as_typed(text: str) -> float:
    digits_0_to_9(text)
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None


def preset(text: str) -> str:
    """A rule set's name (``classic``, ``bicycle``, ``nordic``), checked before any game: an
    unknown one ended in a traceback from the first deal."""
    from gofish.core import GoFishError, make_rules

    try:
        make_rules(text)
    except GoFishError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def bot(text: str) -> str:
    """A bot as gofish names it (``emma``, ``expert:endgame=0``), checked before any game."""
    from gofish.bots import make_bot  # here: a benchmark that takes no bot loads no bots

    try:
        make_bot(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text

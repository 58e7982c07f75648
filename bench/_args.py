"""Argument types the benchmarks share.

A count or a duration that cannot be measured (0 rounds, a negative or ``nan`` time) is
refused before any work, as one line with exit status 2, instead of a traceback at the end
(no median of no samples) or a table of zeros that looks like a result.
"""

from __future__ import annotations

import argparse
import math


def at_least_one(text: str) -> int:
    """A whole number of games, rounds, runs or decisions: 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seconds(text: str) -> float:
    """A measuring time: a finite number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def bot(text: str) -> str:
    """A bot as gofish names it (``emma``, ``expert:endgame=0``), checked before any game."""
    from gofish.bots import make_bot  # here, so that the other types need no gofish

    try:
        make_bot(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text

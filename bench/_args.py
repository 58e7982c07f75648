"""Argument types the benchmarks share.

A count or a duration that cannot be measured (0 rounds, a negative or ``nan`` time) is
refused before any work, as one line with exit status 2, instead of a traceback at the end
(no median of no samples) or a table of zeros that looks like a result.
"""

from __future__ import annotations

import argparse
import math

from gofish.cli import at_least_one, reads_a_number

__all__ = ["at_least_one", "bot", "seconds"]


@reads_a_number
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
    from gofish.bots import make_bot  # here: a benchmark that takes no bot loads no bots

    try:
        make_bot(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text

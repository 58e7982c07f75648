"""The two kinds of error the engine raises, both ``ValueError``s.

``MalformedInputError``: the input itself is wrong (an unknown card, a bad
deck or record, an unknown option). ``IllegalActionError``: the input is well
formed but not allowed right now (not your turn, a rank you do not hold, an
opponent with no cards, the game is over).
"""

from __future__ import annotations

from collections.abc import Callable


class GoFishError(ValueError):
    """Base class of every error the engine raises on purpose."""


class MalformedInputError(GoFishError):
    """Input that can never be valid: unknown cards, bad decks, unknown options."""


class IllegalActionError(GoFishError):
    """A well-formed action that the rules do not allow at this moment."""


def check_whole(name: str, value: object, least: int | None = None, most: int | None = None,
                error: Callable[[str], Exception] = MalformedInputError) -> int:
    """``value`` if it is a whole number (not a bool) within the bounds given; otherwise
    ``error`` saying so, e.g. "shard must be a whole number from 0 to 3, not 5".

    ``error`` is typed as any exception maker: compiled with mypyc, a ``type[GoFishError]``
    would refuse the subclasses the outer layers define (e.g. TournamentError)."""
    if (isinstance(value, bool) or not isinstance(value, int)
            or (least is not None and value < least) or (most is not None and value > most)):
        span = "" if least is None else f" from {least:,}"
        span += "" if most is None else f" to {most:,}"
        raise error(f"{name} must be a whole number{span}, not {value!r}")
    return value

"""The two kinds of error the engine raises, both ``ValueError``s.

``MalformedInputError``: the input itself is wrong (an unknown card, a bad
deck or record, an unknown option). ``IllegalActionError``: the input is well
formed but not allowed right now (not your turn, a rank you do not hold, an
opponent with no cards, the game is over).
"""

from __future__ import annotations


class GoFishError(ValueError):
    """Base class of every error the engine raises on purpose."""


class MalformedInputError(GoFishError):
    """Input that can never be valid: unknown cards, bad decks, unknown options."""


class IllegalActionError(GoFishError):
    """A well-formed action that the rules do not allow at this moment."""

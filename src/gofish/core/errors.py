"""The two kinds of error the engine raises, both ``ValueError``s.

``MalformedInputError``: the input itself is wrong (an unknown card, a bad
deck or record, an unknown option). ``IllegalActionError``: the input is well
formed but not allowed right now (not your turn, a rank you do not hold, an
opponent with no cards, the game is over).
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, cast


class GoFishError(ValueError):
    """Base class of every error the engine raises on purpose."""


class MalformedInputError(GoFishError):
    """Input that can never be valid: unknown cards, bad decks, unknown options."""


class IllegalActionError(GoFishError):
    """A well-formed action that the rules do not allow at this moment."""


#: How much of a value an error message quotes: a program (an external bot, a record's
#: writer) can send a megabyte where a rank belongs, and the message is printed and kept.
SHOWN_LIMIT = 80


def shown(value: object) -> str:
    """A value as an error about the rules or a record shows it: null, true and false as
    JSON, RULES.md and the command line write them (a record's ``"lucky_draw": null`` is
    not Python's None to its writer), within lists and objects too (``[0, null]``, which
    read ``[0, None]``); anything else as :func:`short_repr` shows it. Cut as it does."""
    pieces: list[str] = []
    _write_shown(value, _DEEPEST_SHOWN, pieces)
    return cut("".join(pieces))


#: How many lists or objects deep :func:`shown` writes out; deeper ones are ``[…]``
#: (Python's repr of thousands of levels is a RecursionError).
_DEEPEST_SHOWN = 8


def _write_shown(value: object, depth: int, pieces: list[str]) -> None:
    """Add :func:`shown`'s text of ``value`` to ``pieces``, ``depth`` lists or objects
    deep. No piece is empty, so past SHOWN_LIMIT pieces the text is long enough to cut:
    a list of a million entries is not written out whole."""
    if len(pieces) > SHOWN_LIMIT:
        return
    if value is None:
        pieces.append("null")
    elif isinstance(value, bool):
        pieces.append("true" if value else "false")
    elif isinstance(value, list | dict):
        _write_items(value, depth, pieces)
    else:
        pieces.append(short_repr(value))


def _write_items(value: list[Any] | dict[Any, Any], depth: int, pieces: list[str]) -> None:
    """A list's entries or an object's keys and values, between their brackets."""
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    if depth <= 0:
        pieces.append(f"{opening}…{closing}")
        return
    pieces.append(opening)
    for number, item in enumerate(value):
        if len(pieces) > SHOWN_LIMIT:
            return
        if number:
            pieces.append(", ")
        _write_shown(item, depth - 1, pieces)
        if isinstance(value, dict):
            pieces.append(": ")
            _write_shown(value[item], depth - 1, pieces)
    pieces.append(closing)


def a_kind(value: object) -> str:
    """``value``'s type with its article, as a refusal names what was given instead:
    ``an int``, ``a dict`` ("a int" read wrong)."""
    name = type(value).__name__
    return f"{_article(name)} {name}"


_VOWELS = "aeiou"
#: Letters whose names begin with a vowel's sound: a name opening on one of them and then a
#: consonant no English word starts with is read out letter by letter ("an ndarray").
_LETTERS_SAID_WITH_A_VOWEL = "fhlmnrx"
_WORD_OPENINGS = ("fl", "fr")


def _article(name: str) -> str:
    """"a" or "an" before ``name``, by how it is said rather than by its first letter:
    "a UserDict", "a UUID" (a 'u' said "you"), "an ndarray", "an HTTPError"."""
    said = name.lower() + "   "  # a short name's missing letters are spaces
    first, second, third = said[0], said[1], said[2]
    if first == "u":  # "you" before a vowel or a consonant and vowel: not "un-", but "uni-"
        said_you = second in _VOWELS or (third in _VOWELS and (second != "n" or third == "i"))
        return "a" if said_you else "an"
    if first in _VOWELS:
        return "an"
    spelt = (first in _LETTERS_SAID_WITH_A_VOWEL and second.isalpha()
             and second not in _VOWELS + "y" and first + second not in _WORD_OPENINGS)
    return "an" if spelt or first == "x" else "a"


#: A run of digits longer than this is a number no one could read back in a message.
LONGEST_NUMBER_SHOWN = 60


def digits_cut(digits: str) -> str:
    """A run of digits as a message shows it: whole up to LONGEST_NUMBER_SHOWN, else its
    first twelve and its length (a typo of thousands of digits, echoed back)."""
    if len(digits) <= LONGEST_NUMBER_SHOWN:
        return digits
    return f"{digits[:12]}… ({len(digits):,} digits)"


def short_repr(value: object) -> str:
    """Python's repr of a value (``'x'``, ``2.5``, ``None``), cut to SHOWN_LIMIT characters."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's 4,300-digit limit for text
        return "a number too long to show"
    return cut(text)


def cut(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text``, or its first ``limit`` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def check_whole(name: str, value: object, least: int | None = None, most: int | None = None,
                error: Callable[[str], Exception] = MalformedInputError,
                show: Callable[[object], str] = short_repr) -> int:
    """``value`` if it is a whole number (not a bool) within the bounds given; otherwise
    ``error`` saying so, e.g. "shard must be a whole number from 0 to 3, not 5". ``show``
    writes the value: as Python does for Python's callers, :func:`shown` for a JSON field.

    ``error`` is typed as any exception maker: compiled with mypyc, a ``type[GoFishError]``
    would refuse the subclasses the outer layers define (e.g. TournamentError)."""
    number = whole_number(value)
    if (number is None
            or (least is not None and number < least) or (most is not None and number > most)):
        span = "" if least is None else f" from {least:,}"
        span += "" if most is None else f" to {most:,}"
        raise error(f"{name} must be a whole number{span}, not {show(value)}")
    return number


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number of any kind (numpy's int64, as a caller's
    arrays hold them, via ``operator.index``), else None. A bool is not one: Python counts
    True as 1, but a count or a seat given as True is a mistake."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not hasattr(value, "__index__"):
        return None
    try:
        return operator.index(cast(SupportsIndex, value))
    except TypeError:  # numpy's bool_ has __index__ but refuses it
        return None


def other_digit(text: str) -> str | None:
    """The first decimal digit in ``text`` that is not one of 0-9 (an Arabic-Indic '٣', a
    full-width '３'), if any. int() and float() read them as numbers, but the web's routes
    do not, so every place a number is typed takes 0-9 only: '٣' was seat 3 in the line
    mode and ``--limit ٣`` 3 on the command line, yet refused in the browser. ('²' is no
    decimal digit: nothing read it as a number.)"""
    return next((char for char in text if char.isdecimal() and not char.isascii()), None)


def other_digit_refusal(text: str) -> str | None:
    """Why ``text`` is refused as a number: it has a digit other than 0-9 (see
    :func:`other_digit`); None if it has none."""
    digit = other_digit(text)
    if digit is None:
        return None
    return f"{short_repr(text)} uses the digit {digit!r}: numbers take the digits 0-9 only"


def did_you_mean(value: object, choices: Sequence[str]) -> str:
    """"; did you mean 'classic'?" when ``value`` is text close to one of ``choices``
    (another case, a dash for an underscore, a typo), else "": the hint a strict reader
    owes whoever wrote "Classic" where a name must be exact."""
    if not isinstance(value, str):
        return ""
    squeezed = value.strip().lower()
    close = difflib.get_close_matches(squeezed, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""

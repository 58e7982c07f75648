"""Keyset paging through the stored games, last played first.

An offset counts games from the top of the list, so a game deleted, saved or played on
while someone pages moves every later game by one: one is skipped or shown twice. A
``PageKey`` instead names the last game of a page by its place in the order itself
(``updated_at``, then ``id``, both descending), and the next page starts past it, however
the games above it changed meanwhile.

For a web client the key travels as a cursor: URL-safe base64 (no padding) of the JSON
``{"updated_at": "…", "id": 17}`` (``"blob": true`` added for a hand-edited row whose time
is stored as a blob, ``"damaged_last": true`` for a page of a damaged file read in the
order that puts last the games whose time cannot be read). Clients pass it back unchanged
and need not read it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from gofish.core.errors import short_repr, whole_number

if TYPE_CHECKING:
    from gofish.storage.errors import DamagedGameError
    from gofish.storage.store import StoredGame

LARGEST_ID = 2**63 - 1  # SQLite integers are 64-bit: a larger id cannot be stored
_CURSOR_CHARACTERS = re.compile(r"[A-Za-z0-9_-]+")


class CursorError(ValueError):
    """A page cursor that is not one gofish gave, in words saying what is wrong with it."""


@dataclass(frozen=True)
class PageKey:
    """Where a page of games ends: the next page is the games played before this one."""

    #: The game's ``updated_at`` as stored. Bytes that are not UTF-8 (a hand-edited row)
    #: are kept as surrogate escapes, so the key compares with the stored value exactly.
    updated_at: str
    id: int
    #: Whether ``updated_at`` is stored as a blob (a hand-edited row): SQLite orders
    #: every blob after every text, so the key must be one too.
    blob: bool = False
    #: Whether the page was of a damaged file, read around the damage in the order that
    #: puts last the games whose time cannot be read: the next pages must be read in that
    #: order too, as the history's index has those games in their place, which the pages
    #: before had passed, and reading through it they were neither listed nor named.
    damaged_last: bool = False

    @classmethod
    def stored(cls, raw: bytes, game_id: int, blob: bool, damaged_last: bool = False,
               ) -> PageKey:
        """The key of a row whose ``updated_at`` reads as ``raw`` bytes."""
        return cls(raw.decode("utf-8", "surrogateescape"), game_id, blob, damaged_last)

    def raw(self) -> bytes:
        """``updated_at`` as the bytes stored (UnicodeEncodeError unless ``stored_text``)."""
        return self.updated_at.encode("utf-8", "surrogateescape")

    def cursor(self) -> str:
        """This key as a cursor for a URL (see the module's doc)."""
        fields: dict[str, object] = {"updated_at": self.updated_at, "id": self.id}
        if self.blob:
            fields["blob"] = True
        if self.damaged_last:
            fields["damaged_last"] = True
        # ASCII: json.dumps writes any other character, a surrogate escape too, as \uXXXX.
        text = json.dumps(fields, separators=(",", ":"))
        return base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")


class GamesPage(NamedTuple):
    """One page of stored games, and where the next one starts."""

    entries: list[StoredGame | DamagedGameError]
    #: The key to pass as ``before`` for the next page; None when no game follows.
    next_before: PageKey | None


_HOW_TO = "pass the next_before of the previous page unchanged"


def read_cursor(text: str, name: str = "before") -> PageKey:
    """The key a cursor from :meth:`PageKey.cursor` holds; CursorError saying what is wrong
    with ``text`` (named ``name``, as the caller's parameter is) if it is not one."""
    if not text:
        raise CursorError(f"{name} is empty: leave it out for the most recent games, or "
                          f"{_HOW_TO}")
    fields = _cursor_fields(text, name)
    updated_at, game_id = fields.get("updated_at"), fields.get("id")
    flags = [fields.get("blob"), fields.get("damaged_last")]
    if set(fields) - {"updated_at", "id", "blob", "damaged_last"} or not isinstance(
        updated_at, str
    ) or any(flag is not None and flag is not True for flag in flags):  # 1 == True
        raise _not_a_cursor(text, name, "it does not hold a game's time and id")
    problem = key_problem(updated_at, game_id)
    if problem is not None:
        raise _not_a_cursor(text, name, problem)
    assert isinstance(game_id, int)  # key_problem found it a whole number, and JSON's are ints
    return PageKey(updated_at, game_id, *(flag is True for flag in flags))


def key_problem(updated_at: object, game_id: object) -> str | None:
    """What keeps ``updated_at`` and ``game_id`` from being a PageKey's (a cursor's, or
    one a caller made), or None if nothing does."""
    number = whole_number(game_id)
    if number is None:
        return "its game id is not a whole number"
    if abs(number) > LARGEST_ID:
        return "its game id is past any stored id"
    if not stored_text(updated_at):
        return "its time holds a character no game's time can"
    return None


def stored_text(text: object) -> bool:
    """Whether ``text`` is a time as a PageKey holds one: text, any bytes that are not
    UTF-8 as surrogate escapes (another lone surrogate stands for no stored byte)."""
    if not isinstance(text, str):
        return False
    try:
        text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return False
    return True


def _cursor_fields(text: str, name: str) -> dict[str, object]:
    """The JSON object inside cursor ``text``."""
    if not _CURSOR_CHARACTERS.fullmatch(text):
        raise _not_a_cursor(text, name, "a cursor has only letters, digits, - and _")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        fields = json.loads(data.decode("utf-8"))
    except (binascii.Error, ValueError, RecursionError):
        raise _not_a_cursor(text, name, "it is cut short or changed") from None
    if not isinstance(fields, dict):
        raise _not_a_cursor(text, name, "it does not hold a game's time and id")
    return fields


def _not_a_cursor(text: str, name: str, why: str) -> CursorError:
    return CursorError(f"{name} {short_repr(text)} is not a page cursor ({why}): {_HOW_TO}")

"""Every message the page may send, as a schema: anything else is refused with a reason.

The page is never trusted: these models check shape and ranges, and the
session then checks the move against the rules and the state version.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator
from pydantic_core import ErrorDetails

from gofish.core import MalformedInputError, Rank, Suit

MAX_MESSAGE_BYTES = 4096
MAX_NAME_LENGTH = 24
#: A bot with its options, as the start form writes it ("expert-easy:epsilon=0.3:noise=0.5:
#: endgame=10:infer=false"): 20 characters refused most bots given two options.
MAX_OPPONENT_SPEC_LENGTH = 120
MAX_PAGE_PACE = 5.0  # seconds a page may ask bots to take (the server's own may be longer)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HouseRules(_Strict):
    """House-rule options on top of a preset; ``None`` keeps the preset's value."""

    lucky_draw: bool | None = None
    refill: Literal["hand", "card", "turn", "none"] | None = None
    end: Literal["all-books", "first-empty"] | None = None
    hand_size: Annotated[int, Field(ge=1, le=13)] | None = None
    book_size: Literal[2, 4] | None = None
    ask: Literal["rank", "card"] | None = None

    def chosen(self) -> dict[str, object]:
        return {name: value for name, value in self.model_dump().items() if value is not None}


#: A tab's own random id, which it sends with each start and resume: a new socket of the
#: same page may take its game over from the page's old one (see TableConnection.give_way).
PageId = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]


class StartMessage(_Strict):
    """Deal a new game: rules, the player's name and one bot name per opponent."""

    type: Literal["start"]
    preset: Literal["classic", "bicycle", "nordic"] = "classic"
    players: Annotated[int, Field(ge=2, le=5)] = 2
    options: HouseRules = Field(default_factory=HouseRules)
    opponents: Annotated[list[Annotated[str, Field(max_length=MAX_OPPONENT_SPEC_LENGTH)]],
                         Field(max_length=4)] = []
    name: Annotated[str, Field(max_length=200)] = "You"
    seed: Annotated[int, Field(ge=0, le=2**63)] | None = None
    pace: Annotated[float, Field(ge=0, le=MAX_PAGE_PACE)] | None = None
    page: PageId | None = None
    #: The stored game the page played over a socket it lost (a network drop): past its
    #: address's limit, the start takes the place of that half-open socket, as a resume does.
    left: Annotated[int, Field(ge=1)] | None = None

    @field_validator("name")
    @classmethod
    def _clean_name(cls, value: str) -> str:
        return clean_name(value)


class AskMessage(_Strict):
    """Ask ``target`` for ``rank`` (and ``suit`` under ask: card), at table ``version``."""

    type: Literal["ask"]
    version: Annotated[int, Field(ge=0)]
    target: Annotated[int, Field(ge=0, le=4)]
    rank: Annotated[str, Field(max_length=3)]
    suit: Annotated[str, Field(max_length=1)] | None = None

    @field_validator("rank")
    @classmethod
    def _known_rank(cls, value: str) -> str:
        try:
            return Rank.parse(value).symbol
        except MalformedInputError as error:
            raise ValueError(str(error)) from None

    @field_validator("suit")
    @classmethod
    def _known_suit(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return Suit.parse(value).letter
        except MalformedInputError as error:
            raise ValueError(str(error)) from None


class FishMessage(_Strict):
    """Draw from the pond after "Go fish!" (the nordic sea: ``index`` is the card clicked)."""

    type: Literal["fish"]
    version: Annotated[int, Field(ge=0)]
    index: Annotated[int, Field(ge=0, le=51)] = 0


class _StoredGameMessage(_Strict):
    game_id: Annotated[int, Field(ge=1)]
    pace: Annotated[float, Field(ge=0, le=MAX_PAGE_PACE)] | None = None
    page: PageId | None = None


class ResumeMessage(_StoredGameMessage):
    """Go on with stored game ``game_id`` (unfinished, from the browser or the terminal)."""

    type: Literal["resume"]


class RevisitMessage(_StoredGameMessage):
    """Open stored game ``game_id`` again (a reload): resumed if unfinished, else as it ended."""

    type: Literal["revisit"]


AnyMessage = StartMessage | ResumeMessage | RevisitMessage | AskMessage | FishMessage
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_CLIENT_MESSAGE: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)


class MessageError(ValueError):
    """A message from the page that does not fit the schema; the text says why."""


def parse_message(raw: str | bytes) -> AnyMessage:
    """Validate one websocket message; raise ``MessageError`` with a readable reason."""
    size = len(raw.encode("utf-8", "replace")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise MessageError(f"message too long ({size} bytes; at most {MAX_MESSAGE_BYTES})")
    try:
        return _CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as error:
        raise MessageError(_explain(error)) from None


def _explain(error: ValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        where = ".".join(str(part) for part in item["loc"]) or "message"
        problems.append(f"{where}: {problem_in_words(item)}")
    return "refused message: " + "; ".join(problems)


def problem_in_words(item: ErrorDetails) -> str:
    """One schema problem as a page's author would say it: the schema's own words, but for
    a message that says no ``type``, or one this end does not take, where they were
    "Unable to extract tag using discriminator 'type'" and "Input tag 'x' found using
    'type' does not match any of the expected tags"."""
    context = item.get("ctx", {})
    if item["type"] == "union_tag_not_found":
        return f"a message needs a {context.get('discriminator', 'type')!s} saying what it is"
    if item["type"] == "union_tag_invalid":
        return (f"there is no message of type {context.get('tag')!r} here: the types are "
                f"{context.get('expected_tags')}")
    if item["type"] == "string_pattern_mismatch" and item["loc"][-1:] == ("page",):
        return "a page's id is 32 hexadecimal digits (0-9, a-f), as the page makes it"
    return item["msg"]


ZERO_WIDTH_JOINER = "\u200d"


def visible_text(text: str) -> str:
    """``text`` without control and format characters (bidi overrides, zero-width spaces).

    A zero-width joiner between emoji stays: it is what makes a family emoji one
    family rather than four people standing in a row.
    """
    return "".join(ch for i, ch in enumerate(text) if _shows(text, i))


def _shows(text: str, index: int) -> bool:
    ch = text[index]
    if unicodedata.category(ch)[0] == "C":
        return _joins_emoji(text, index)
    if ch in _EMOJI_STYLE:  # after a symbol or a digit it picks emoji or text; else nothing
        return index > 0 and unicodedata.category(text[index - 1]) in ("So", "Sk", "Nd", "Po")
    return ch not in _BLANK


# Letters and marks that draw nothing (Unicode's default-ignorable code points outside
# the control and format categories, which are dropped anyway), and the blank braille
# cell: a name of them alone showed as an empty seat, and one added to "Bob" made a
# second "Bob" the room could not tell from the first.
_BLANK = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE0E)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
_EMOJI_STYLE = frozenset("\ufe0e\ufe0f")  # the text and emoji presentation selectors


def _joins_emoji(text: str, index: int) -> bool:
    if text[index] != ZERO_WIDTH_JOINER or not 0 < index < len(text) - 1:
        return False
    before, after = text[index - 1], text[index + 1]
    # Before: an emoji, a skin tone (Sk) or the emoji-style selector U+FE0F (as in 🏳️‍🌈).
    emoji_before = unicodedata.category(before) in ("So", "Sk") or before == "\ufe0f"
    return emoji_before and unicodedata.category(after) == "So"


def clean_name(value: str) -> str:
    """A display name: control characters dropped, spaces collapsed, at most 24 characters.

    HTML is left as typed: the page shows names as text, never as markup.
    """
    kept = visible_text(value)
    collapsed = " ".join(kept.split())[:MAX_NAME_LENGTH].strip()
    return collapsed or "You"

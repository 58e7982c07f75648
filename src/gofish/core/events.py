"""Everything that happens at the table, as events named in the past tense.

An event that carries a card some players may not see lists those fields in
``secret_fields`` and names who may see them in ``owners()``. Redacting them is
done in one place only: :func:`gofish.core.view.redact`.

Events are slotted dataclasses, not frozen ones, because millions are made in
simulations; treat them as immutable. ``event.kind`` names the type in JSON.
Each writes out its ``__init__`` (the dataclass keeps it) so that mypyc compiles
it: a generated one stays interpreted, and making events is most of an ask's work.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, cast

from gofish.core.actions import Ask
from gofish.core.cards import Card, Rank, Suit


class Event:
    """Base of every event (each kind is a dataclass below)."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """The event's name in JSON and in narration, e.g. ``"asked"``."""
        return EVENT_KINDS[type(self)]

    @property
    def secret_fields(self) -> tuple[str, ...]:
        """Fields only ``owners()`` may see; :func:`gofish.core.view.redact` blanks them."""
        return _SECRET_FIELDS.get(type(self), ())

    def owners(self) -> tuple[int, ...]:
        """Players allowed to see the secret fields."""
        return ()

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt through __init__: the default pickling of a compiled class calls it bare.
        return (type(self), tuple(getattr(self, f.name) for f in fields(cast(Any, self))))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with a ``type`` key; cards and ranks as text."""
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(cast(Any, self)):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


def _jsonable(value: object) -> object:
    if isinstance(value, (Card, Rank, Suit)):
        return str(value)
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value


@dataclass(slots=True)
class Dealt(Event):
    """A player was dealt their opening hand (the cards are theirs alone to see)."""

    player: int
    count: int
    cards: tuple[Card, ...] | None

    def __init__(self, player: int, count: int, cards: tuple[Card, ...] | None) -> None:
        self.player = player
        self.count = count
        self.cards = cards

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class Asked(Event):
    """``player`` asked ``target`` for a rank (and a suit under ``ask: card``)."""

    player: int
    target: int
    rank: Rank
    suit: Suit | None = None

    def __init__(self, player: int, target: int, rank: Rank, suit: Suit | None = None) -> None:
        self.player = player
        self.target = target
        self.rank = rank
        self.suit = suit


@dataclass(slots=True)
class HandedOver(Event):
    """``giver`` handed ``count`` cards of ``rank`` to ``receiver`` (R6)."""

    giver: int
    receiver: int
    rank: Rank
    count: int
    cards: tuple[Card, ...] | None

    def __init__(
        self, giver: int, receiver: int, rank: Rank, count: int, cards: tuple[Card, ...] | None
    ) -> None:
        self.giver = giver
        self.receiver = receiver
        self.rank = rank
        self.count = count
        self.cards = cards

    def owners(self) -> tuple[int, ...]:
        return (self.giver, self.receiver)


@dataclass(slots=True)
class WentFishing(Event):
    """``target`` had none and said "Go fish!" to ``player`` (R8)."""

    player: int
    target: int
    pond_empty: bool

    def __init__(self, player: int, target: int, pond_empty: bool) -> None:
        self.player = player
        self.target = target
        self.pond_empty = pond_empty


@dataclass(slots=True)
class Drew(Event):
    """``player`` drew one card from the pond: to fish, or on an empty hand (R15, R16)."""

    player: int
    reason: str  # "fish", "empty_hand" (R15) or "replenish" (R16)
    card: Card | None

    def __init__(self, player: int, reason: str, card: Card | None) -> None:
        self.player = player
        self.reason = reason
        self.card = card

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class LuckyDraw(Event):
    """``player`` fished the card asked for and showed it: the turn goes on (R8)."""

    player: int
    card: Card

    def __init__(self, player: int, card: Card) -> None:
        self.player = player
        self.card = card


@dataclass(slots=True)
class BookLaid(Event):
    """``player`` laid down a book of ``rank`` (R3): ``cards``, face up for all to see.

    A book of four is the whole rank; under pairs (``book_size: 2``) ``cards`` says
    which two suits went down, so everyone knows those two can no longer be asked for.
    """

    player: int
    rank: Rank
    cards: tuple[Card, ...]

    def __init__(self, player: int, rank: Rank, cards: tuple[Card, ...]) -> None:
        self.player = player
        self.rank = rank
        self.cards = cards


@dataclass(slots=True)
class Refilled(Event):
    """``player``'s empty hand was refilled with ``count`` cards from the pond (R11)."""

    player: int
    count: int
    cards: tuple[Card, ...] | None

    def __init__(self, player: int, count: int, cards: tuple[Card, ...] | None) -> None:
        self.player = player
        self.count = count
        self.cards = cards

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class LeftPlay(Event):
    """``player`` had an empty hand and the pond was dry: out of play, books kept (R15)."""

    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(slots=True)
class TurnPassed(Event):
    """The turn passed to ``player``; ``skipped`` were passed over (R9, R13).

    ``asker`` and ``reason`` say why a turn that a hit or a lucky draw kept (R7, R8)
    ended all the same: ``"no_cards"``, the asker's hand is empty and the pond dry (R13),
    or ``"nobody_to_ask"``, no opponent holds a card (R9). No earlier event shows that,
    and without it the log would read as a broken R7. Both are None otherwise: after a
    miss (R8), or when ``LeftPlay`` has just said why (R16).
    """

    player: int
    skipped: tuple[int, ...] = ()
    asker: int | None = None
    reason: str | None = None

    def __init__(self, player: int, skipped: tuple[int, ...] = (), asker: int | None = None,
                 reason: str | None = None) -> None:
        self.player = player
        self.skipped = skipped
        self.asker = asker
        self.reason = reason


@dataclass(slots=True)
class GameOver(Event):
    """The game ended; ``books`` counts each player's books (R10)."""

    winners: tuple[int, ...]
    books: tuple[int, ...]

    def __init__(self, winners: tuple[int, ...], books: tuple[int, ...]) -> None:
        self.winners = winners
        self.books = books


# Kept outside the classes (not as class attributes) so the core also compiles with mypyc.
EVENT_KINDS: dict[type[Event], str] = {
    Dealt: "dealt",
    Asked: "asked",
    HandedOver: "handed_over",
    WentFishing: "went_fishing",
    Drew: "drew",
    LuckyDraw: "lucky_draw",
    BookLaid: "book_laid",
    Refilled: "refilled",
    LeftPlay: "left_play",
    TurnPassed: "turn_passed",
    GameOver: "game_over",
}
_SECRET_FIELDS: dict[type[Event], tuple[str, ...]] = {
    Dealt: ("cards",),
    HandedOver: ("cards",),
    Drew: ("card",),
    Refilled: ("cards",),
}

EVENT_TYPES: tuple[type[Event], ...] = (
    Dealt, Asked, HandedOver, WentFishing, Drew, LuckyDraw, BookLaid, Refilled, LeftPlay,
    TurnPassed, GameOver,
)


def announced_miss(player: int, ask: Ask) -> list[Event]:
    """A miss as the log tells it before its draw: ``player``'s ask, then "Go fish!".

    For tables that show the miss at once and let the player pick the card later:
    the pond is not empty, or there would be no draw to wait for.
    """
    return [Asked(player, ask.target, ask.rank, ask.suit), WentFishing(player, ask.target, False)]

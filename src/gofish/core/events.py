"""Everything that happens at the table, as events named in the past tense.

An event that carries a card some players may not see lists those fields in
``secret_fields`` and names who may see them in ``owners()``. Redacting them is
done in one place only: :func:`gofish.core.view.redact`.

Events are slotted dataclasses, not frozen ones, because millions are made in
simulations; treat them as immutable.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from gofish.core.cards import Card, Rank, Suit


@dataclass(slots=True)
class Event:
    """Base of every event."""

    kind: ClassVar[str] = "event"
    secret_fields: ClassVar[tuple[str, ...]] = ()

    def owners(self) -> tuple[int, ...]:
        """Players allowed to see the secret fields."""
        return ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with a ``type`` key; cards and ranks as text."""
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
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

    kind: ClassVar[str] = "dealt"
    secret_fields: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    count: int
    cards: tuple[Card, ...] | None

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class Asked(Event):
    """``player`` asked ``target`` for a rank (and a suit under ``ask: card``)."""

    kind: ClassVar[str] = "asked"
    player: int
    target: int
    rank: Rank
    suit: Suit | None = None


@dataclass(slots=True)
class HandedOver(Event):
    """``giver`` handed ``count`` cards of ``rank`` to ``receiver`` (R6)."""

    kind: ClassVar[str] = "handed_over"
    secret_fields: ClassVar[tuple[str, ...]] = ("cards",)
    giver: int
    receiver: int
    rank: Rank
    count: int
    cards: tuple[Card, ...] | None

    def owners(self) -> tuple[int, ...]:
        return (self.giver, self.receiver)


@dataclass(slots=True)
class WentFishing(Event):
    """``target`` had none and said "Go fish!" to ``player`` (R8)."""

    kind: ClassVar[str] = "went_fishing"
    player: int
    target: int
    pond_empty: bool


@dataclass(slots=True)
class Drew(Event):
    """``player`` drew one card from the pond: to fish, or on an empty hand (R15, R16)."""

    kind: ClassVar[str] = "drew"
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    reason: str  # "fish", "empty_hand" (R15) or "replenish" (R16)
    card: Card | None

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class LuckyDraw(Event):
    """``player`` fished the card asked for and showed it: the turn goes on (R8)."""

    kind: ClassVar[str] = "lucky_draw"
    player: int
    card: Card


@dataclass(slots=True)
class BookLaid(Event):
    """``player`` laid down a book of ``rank`` (R3)."""

    kind: ClassVar[str] = "book_laid"
    player: int
    rank: Rank


@dataclass(slots=True)
class Refilled(Event):
    """``player``'s empty hand was refilled with ``count`` cards from the pond (R11)."""

    kind: ClassVar[str] = "refilled"
    secret_fields: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    count: int
    cards: tuple[Card, ...] | None

    def owners(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(slots=True)
class LeftPlay(Event):
    """``player`` had an empty hand and the pond was dry: out of play, books kept (R15)."""

    kind: ClassVar[str] = "left_play"
    player: int


@dataclass(slots=True)
class TurnPassed(Event):
    """The turn passed to ``player``; ``skipped`` were passed over (R9, R13)."""

    kind: ClassVar[str] = "turn_passed"
    player: int
    skipped: tuple[int, ...] = ()


@dataclass(slots=True)
class GameOver(Event):
    """The game ended; ``books`` counts each player's books (R10)."""

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    books: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    Dealt, Asked, HandedOver, WentFishing, Drew, LuckyDraw, BookLaid, Refilled, LeftPlay,
    TurnPassed, GameOver,
)

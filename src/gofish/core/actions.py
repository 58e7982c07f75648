"""The one kind of move in Go Fish: asking an opponent for a rank (R5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gofish.core.cards import RANKS, SUITS, Rank, Suit
from gofish.core.errors import MalformedInputError, short_repr, shown, whole_number
from gofish.core.rules import MAX_PLAYERS

#: The fields of an action as a record and :meth:`Ask.to_dict` write it (RULES.md): any
#: other is refused, as a misspelt one would otherwise be dropped without a word.
ACTION_FIELDS = ("player", "target", "rank", "suit")


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask player ``target`` for ``rank`` (and, under ``ask: card``, that ``suit``).

    Use :meth:`of` to get the shared instance instead of building a new one.
    """

    target: int
    rank: Rank
    suit: Suit | None = None

    def __init__(self, target: object, rank: object, suit: object = None) -> None:
        # Written out and typed object, so that a wrong value gets the same clear
        # MalformedInputError whether or not mypyc compiled this class (it would check
        # the field types first, with a bare TypeError). Text ranks and suits are parsed.
        checked_target, checked_rank, checked_suit = _checked(target, rank, suit)
        object.__setattr__(self, "target", checked_target)
        object.__setattr__(self, "rank", checked_rank)
        object.__setattr__(self, "suit", checked_suit)

    @staticmethod
    def of(target: object, rank: object, suit: object = None) -> Ask:
        """The interned ask of seat ``target`` for ``rank`` (a ``Rank``, its text or 1-13)
        and, under ``ask: card``, ``suit`` (a ``Suit`` or its letter)."""
        return _ASKS[_checked(target, rank, suit)]

    def __reduce__(self) -> tuple[object, ...]:
        # Unpickled asks are the interned ones (a compiled frozen class could not be
        # rebuilt by pickle's default, which sets fields one by one).
        return (Ask.of, (self.target, self.rank, self.suit))

    @classmethod
    def from_dict(cls, data: object) -> Ask:
        """Read ``{"target": 1, "rank": "9"}`` (plus ``"suit"`` under ``ask: card``, and the
        asker's ``"player"`` as :meth:`to_dict` writes it, which is not checked here); any
        other field is refused."""
        if not isinstance(data, Mapping):
            raise MalformedInputError(f"an action must be an object, not {short_repr(data)}")
        for name in data:  # a misspelt "suit" would ask for the rank alone, silently
            if name not in ACTION_FIELDS:
                raise MalformedInputError(
                    f"unknown field {shown(name)} in an action: it has "
                    f"{', '.join(ACTION_FIELDS[:-1])} and {ACTION_FIELDS[-1]}")
        if "target" not in data or "rank" not in data:
            raise MalformedInputError("an action needs a 'target' and a 'rank'")
        return cls.of(data["target"], data["rank"], data.get("suit"))

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        """The record form; ``player`` is the asker when known."""
        out: dict[str, Any] = {} if player is None else {"player": player}
        out["target"] = self.target
        out["rank"] = self.rank.symbol
        if self.suit is not None:
            out["suit"] = self.suit.letter
        return out

    def __str__(self) -> str:
        if self.suit is None:
            return f"ask player {self.target} for {self.rank.plural}"
        wanted = f"the {self.rank.symbol}{self.suit.symbol}"
        return f"ask player {self.target} for {wanted}"


def _checked(target: object, rank: object, suit: object) -> tuple[int, Rank, Suit | None]:
    seat = whole_number(target)
    if seat is None or not 0 <= seat < MAX_PLAYERS:
        raise MalformedInputError(f"there is no player {short_repr(target)} to ask")
    return seat, Rank.parse(rank), None if suit is None else Suit.parse(suit)


_ASKS: dict[tuple[int, Rank, Suit | None], Ask] = {
    (target, rank, suit): Ask(target, rank, suit)
    for target in range(MAX_PLAYERS)
    for rank in RANKS
    for suit in (None, *SUITS)
}

#: ``RANK_ASKS[target][rank]`` is the rank-only ask, indexed by rank value (0 unused).
RANK_ASKS: tuple[tuple[Ask, ...], ...] = tuple(
    (_ASKS[(target, Rank.ACE, None)], *(_ASKS[(target, rank, None)] for rank in RANKS))
    for target in range(MAX_PLAYERS)
)

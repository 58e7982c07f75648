"""What players say out loud at the table, for the speech bubbles.

Only public events speak, so a bubble never reveals a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gofish.core import (
    Asked,
    BookLaid,
    Event,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    WentFishing,
)
from gofish.narrate import count_word


@dataclass(frozen=True)
class Speech:
    seat: int
    text: str


def speech_for(event: Event, names: Sequence[str]) -> Speech | None:
    """The line someone says when ``event`` happens, or None for silent events."""
    if isinstance(event, Asked):
        wanted = event.rank.plural if event.suit is None else f"the {event.rank}{event.suit.symbol}"
        prefix = f"{names[event.target]}, got" if len(names) > 2 else "Got"
        return Speech(event.player, f"{prefix} any {wanted}?" if event.suit is None
                      else f"{prefix} {wanted}?")
    if isinstance(event, WentFishing):
        return Speech(event.target, "Go fish!")
    if isinstance(event, HandedOver):
        return Speech(event.giver, f"Here, take {count_word(event.count)}.")
    if isinstance(event, LuckyDraw):
        return Speech(event.player, "Lucky draw! Just what I asked for.")
    if isinstance(event, BookLaid):
        return Speech(event.player, f"A book of {event.rank.plural}!")
    if isinstance(event, LeftPlay):
        return Speech(event.player, "I'm out of cards.")
    if isinstance(event, GameOver) and len(event.winners) == 1:
        return Speech(event.winners[0], "Good game!")
    return None

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


def speech_for(
    event: Event, names: Sequence[str], listener: int | None = None, book_size: int = 4
) -> Speech | None:
    """The line someone says when ``event`` happens, or None for silent events.

    With more than two players an ask names whom it is for, except when that is
    the ``listener`` (the person the line is shown to: "Got any 9s?" is for you).
    Under the pairs house rule (``book_size`` 2) a laid set is a pair, as in the log.
    """
    if isinstance(event, Asked):
        named = len(names) > 2 and event.target != listener
        line = _ask_line(event)
        return Speech(event.player, f"{names[event.target]}, {line[0].lower()}{line[1:]}"
                      if named else line)
    if isinstance(event, WentFishing):
        return Speech(event.target, "Go fish!" if event.pond_empty or event.player % 2 == 0
                      else "Nope. Go fish!")
    if isinstance(event, HandedOver):
        return Speech(event.giver, f"Here, take {count_word(event.count)}.")
    if isinstance(event, LuckyDraw):
        return Speech(event.player, "Lucky draw! Just what I asked for.")
    if isinstance(event, BookLaid):
        word = "pair" if book_size == 2 else "book"
        return Speech(event.player, f"A {word} of {event.rank.plural}!")
    if isinstance(event, LeftPlay):
        return Speech(event.player, "I'm out of cards.")
    if isinstance(event, GameOver) and len(event.winners) == 1:
        return Speech(event.winners[0], "Good game!")
    return None


def _ask_line(event: Asked) -> str:
    if event.suit is not None:
        return f"Got the {event.rank}{event.suit.symbol}?"
    # A little variety, the same for the same ask, so that replays read alike.
    lines = (f"Got any {event.rank.plural}?", f"Do you have any {event.rank.plural}?")
    return lines[(event.rank + event.player) % len(lines)]

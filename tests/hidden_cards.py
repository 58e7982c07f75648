"""What the privacy tests of every channel share (the rooms, the browser table, the line
mode): the cards a message names, and the cards a seat may know, worked out from the
game's full events by the table's rules, not by the code under test."""

from __future__ import annotations

import re
from typing import Any

from gofish.core import (
    Asked,
    BookLaid,
    Card,
    Dealt,
    Drew,
    Event,
    Game,
    HandedOver,
    LuckyDraw,
    Refilled,
)

_EXACT = re.compile(r"(10|[2-9AJQK])([SHDC])")
_PRETTY = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
_SYMBOL_TO_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

#: Every preset under each mix of the house rules that decide what is shown (card asks,
#: pairs, the lucky draw), and the refills that deal cards to an empty hand mid-game.
HOUSE_RULE_MIXES: list[tuple[str, dict[str, Any]]] = [
    (preset, {"ask": ask, "book_size": book_size, "lucky_draw": lucky})
    for preset in ("classic", "bicycle", "nordic")
    for ask in ("rank", "card")
    for book_size in (4, 2)
    for lucky in (True, False)
] + [("classic", {"refill": "card"}), ("classic", {"refill": "turn"})]


def cards_named(value: Any) -> set[str]:
    """Every card a frame names: exact strings like ``"7H"`` and pretty ones like ``7♥``."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards_named(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_named(item)
    elif isinstance(value, str):
        if _EXACT.fullmatch(value):
            found.add(value)
        for rank, symbol in _PRETTY.findall(value):
            found.add(rank + _SYMBOL_TO_LETTER[symbol])
    return found


def visible_cards(event: Event, viewer: int | None) -> list[Card]:
    """The cards an event shows ``viewer``, by the table's rules (not by the code under test)."""
    if isinstance(event, LuckyDraw):
        return [event.card]  # shown to everyone (R8)
    if isinstance(event, BookLaid):
        return list(event.cards)  # books go down face up (R3)
    if isinstance(event, Asked):
        return [] if event.suit is None else [Card(event.rank, event.suit)]  # said aloud
    if isinstance(event, (Dealt, Refilled)) and event.player == viewer:
        return list(event.cards or ())
    if isinstance(event, Drew) and event.player == viewer and event.card is not None:
        return [event.card]
    if isinstance(event, HandedOver) and viewer in (event.giver, event.receiver):
        return list(event.cards or ())
    return []


class Knowledge:
    """The cards ``viewer`` may know of in ``game`` so far, read on as the game goes: the
    cards its events showed, the hand held now, and every hand once the game is over (the
    pond never)."""

    def __init__(self, game: Game, viewer: int) -> None:
        self.game = game
        self.viewer = viewer
        self.read = 0
        self.cards: set[str] = set()

    def now(self) -> set[str]:
        game = self.game
        for event in game.events[self.read:]:
            self.cards.update(str(card) for card in visible_cards(event, self.viewer))
        self.read = len(game.events)
        self.cards.update(str(card) for card in game.hand(self.viewer))
        if game.is_over:  # every hand is turned up at the end
            for seat in range(game.num_players):
                self.cards.update(str(card) for card in game.hand(seat))
        return self.cards

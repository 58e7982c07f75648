"""What a seat may know of the cards, to check that a picture of the game shows no more."""

from __future__ import annotations

import re
from dataclasses import fields

from gofish.core import FULL_DECK, Asked, Card, Drew, Event, Game, View


def cards_told_in(event: Event) -> set[Card]:
    """Every card an event names (as redacted for the seat: a hidden card is None)."""
    told: set[Card] = set()
    for field in fields(event):  # type: ignore[arg-type]  # every event is a dataclass
        value = getattr(event, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Card):
                told.add(item)
    if isinstance(event, Asked) and event.suit is not None:  # ask: card names one
        told.add(Card(event.rank, event.suit))
    return told


def cards_seen(view: View) -> set[Card]:
    """The cards the seat has been shown: its hand, the books laid face up, and every card
    its redacted history names."""
    seen = set(view.hand or ())
    for laid in view.laid:
        seen.update(laid)
    for event in view.history:
        seen |= cards_told_in(event)
    return seen


def card_written(text: str, card: Card) -> bool:
    """Whether ``text`` writes ``card``, as 9♦ or as 9D, standing alone (not inside 19D)."""
    return any(re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", text)
               for form in (card.pretty, card.text))


def hidden_cards_written(text: str, game: Game, seat: int) -> list[str]:
    """The cards ``text`` writes that ``seat`` has not been shown while the game goes on:
    in another hand or in the pond."""
    seen = cards_seen(game.view(seat))
    return [card.pretty for card in FULL_DECK if card not in seen and card_written(text, card)]


def pond_cards_written(text: str, game: Game, seat: int) -> list[str]:
    """The cards ``text`` writes that are still in the pond and ``seat`` has not been
    shown: hidden even once the game is over, when the hands are turned up."""
    seen = cards_seen(game.view(seat))
    return [card.pretty for card in game.pond() if card not in seen and card_written(text, card)]


def what_came_up(game: Game, picture: str) -> set[str]:
    """The kinds of the game's events ("drew" with its reason, "asked:card" for an ask of a
    card), and "hands_shown" if ``picture`` tells what the others held at the end: what a
    test of hidden cards meant to cover, so that it says when that stops coming up."""
    kinds = {f"drew:{event.reason}" if isinstance(event, Drew) else event.kind
             for event in game.events}
    if any(isinstance(event, Asked) and event.suit is not None for event in game.events):
        kinds.add("asked:card")
    if re.search(r"^  \S.* held ", picture, re.MULTILINE):
        kinds.add("hands_shown")
    return kinds


def hidden_from(game: Game, seat: int) -> set[Card]:
    """The other seats' cards that ``seat`` has not been shown: what must not be written."""
    seen = cards_seen(game.view(seat))
    return {card for other in range(game.num_players) if other != seat
            for card in game.hand(other) if card not in seen}

"""Stacked decks for scenario tests: write the hands you want, get a deck dealt per R2.

Hands are written seat by seat as space-separated tokens. A token is either a
card (``9H``) or a bare rank (``9``), which takes the first unused suit of that
rank in the order S, H, D, C. The pond is written top first; every card not
named anywhere goes under it in deck order (A♠ A♥ … K♣), so a test that only
cares about the top of the pond can say just that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gofish
from gofish import FULL_DECK, Card, Game, Rank

_SUIT_ORDER = "SHDC"

#: Four hands of 13 (no pond): eleven books are dealt, then seats 0 and 1 hold a king,
#: seat 2 a queen and seat 3 the other three queens and two kings. Seat 0 can take the
#: kings for a 4-3-4-2 finish once seat 2 books the queens (a shared win).
ELEVEN_DEALT_BOOKS = [
    "A A A A 2 2 2 2 3 3 3 3 K",
    "4 4 4 4 5 5 5 5 6 6 6 6 K",
    "7 7 7 7 8 8 8 8 9 9 9 9 Q",
    "10 10 10 10 J J J J Q Q Q K K",
]


def _resolve(groups: Sequence[Sequence[str]]) -> list[list[Card]]:
    """Turn token groups into cards: explicit cards first, then bare ranks take free suits."""
    used: set[Card] = set()
    explicit: dict[tuple[int, int], Card] = {}
    for g, tokens in enumerate(groups):
        for t, token in enumerate(tokens):
            if token[-1].upper() in _SUIT_ORDER and len(token) > 1:
                card = Card.parse(token)
                if card in used:
                    raise ValueError(f"{card} is named twice in the stacked deck")
                used.add(card)
                explicit[(g, t)] = card
    resolved: list[list[Card]] = []
    for g, tokens in enumerate(groups):
        row: list[Card] = []
        for t, token in enumerate(tokens):
            card = explicit.get((g, t))
            if card is None:
                rank = Rank.parse(token)
                free = [Card(rank, s) for s in _SUIT_ORDER if Card(rank, s) not in used]
                if not free:
                    raise ValueError(f"all four {rank.plural} are already named")
                card = free[0]
                used.add(card)
            row.append(card)
        resolved.append(row)
    return resolved


def stack(hands: Sequence[str], pond: str = "", first_player: int = 0) -> list[str]:
    """A 52-card deck in dealing order (R2) that deals ``hands[seat]`` to each seat.

    Card ``i`` of the deck goes to seat ``(first_player + i) % players``; the
    pond follows, top first, then every card not named.
    """
    groups = [hand.split() for hand in hands] + [pond.split()]
    *seat_cards, pond_cards = _resolve(groups)
    size = len(seat_cards[0])
    if any(len(cards) != size for cards in seat_cards):
        raise ValueError("every stacked hand must have the same number of cards")
    players = len(seat_cards)
    dealt = [seat_cards[(first_player + i) % players][i // players] for i in range(players * size)]
    named = set(dealt) | set(pond_cards)
    rest = [card for card in FULL_DECK if card not in named]
    return [str(card) for card in dealt + pond_cards + rest]


def deal(
    rules: str,
    hands: Sequence[str],
    pond: str = "",
    first_player: int = 0,
    **options: Any,
) -> Game:
    """A game of ``rules`` (plus house-rule ``options``) dealt from :func:`stack`.

    The hand size is taken from the hands given, so short hands keep tests readable.
    """
    options.setdefault("hand_size", len(hands[0].split()))
    return gofish.new_game(
        gofish.make_rules(rules, **options),
        players=len(hands),
        deck=stack(hands, pond, first_player),
        first_player=first_player,
    )


def cards(text: str) -> tuple[Card, ...]:
    """``cards("9H 9S")`` → the tuple of those cards, in that order."""
    return tuple(Card.parse(token) for token in text.split())


def card(text: str) -> Card:
    return Card.parse(text)


def rank(text: str) -> Rank:
    return Rank.parse(text)


def hand(game: Game, seat: int) -> str:
    """A seat's hand as sorted card text, e.g. ``"9D 9H KS"``."""
    return " ".join(str(c) for c in game.hand(seat))


def books(game: Game) -> list[str]:
    """Each seat's books as a string of ranks in the order laid, e.g. ``["7 9", ""]``."""
    return [" ".join(str(r) for r in seat_books) for seat_books in game.books]


def kinds(events: Sequence[gofish.Event]) -> list[str]:
    """The event types in order, for tests that only care about the sequence."""
    return [event.kind for event in events]


def ask(game: Game, target: int, rank_text: str, suit: str | None = None) -> list[gofish.Event]:
    """Play an ask for the current player and return the events it caused."""
    return game.play(gofish.Ask.of(target, rank_text, suit))

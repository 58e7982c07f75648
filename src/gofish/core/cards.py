"""Ranks, suits and cards, each with a canonical text form (R1)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum
from operator import attrgetter
from typing import Final

from gofish.core.errors import MalformedInputError, a_kind, short_repr, whole_number


class Rank(IntEnum):
    """A card rank. The value is its position A=1 … K=13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The canonical text form: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self.value]

    @property
    def plural(self) -> str:
        """How a player says it at the table: ``aces``, ``9s``, ``kings``."""
        return _RANK_PLURALS.get(self.value, f"{self.symbol}s")

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: object) -> Rank:
        """Read a rank from text (``A``, ``10``, ``T``, ``q``…), its name (``ace``, ``ten``,
        ``sixes``…) or an int 1–13."""
        if isinstance(text, Rank):
            return text
        number = whole_number(text)  # numpy's int64 too
        if number is not None:
            if 1 <= number <= 13:
                return cls(number)
            raise MalformedInputError(
                f"rank {short_repr(number)} is out of range: ranks are 1 (A) to 13 (K)")
        if isinstance(text, str):
            found = _RANK_BY_TEXT.get(text.strip().upper())
            if found is not None:
                return found
        raise MalformedInputError(
            f"unknown rank {short_repr(text)}: use one of A 2 3 4 5 6 7 8 9 10 J Q K"
        )


class Suit(Enum):
    """A card suit. Suits only matter under the ``ask: card`` house rule."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        """The printed suit symbol, e.g. ♠."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Read a suit from its letter (``s``, ``H``) or symbol (``♠``)."""
        if isinstance(text, Suit):
            return text
        if isinstance(text, str):
            found = _SUIT_BY_TEXT.get(text.strip().upper())
            if found is not None:
                return found
        raise MalformedInputError(f"unknown suit {short_repr(text)}: use one of S H D C")


_RANK_SYMBOLS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_PLURALS: Final = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
_RANK_BY_TEXT: Final = {sym: Rank(i) for i, sym in enumerate(_RANK_SYMBOLS) if sym}
_RANK_BY_TEXT.update({"T": Rank.TEN, "1": Rank.ACE})
# Every rank's name, one and many, as people say them and dictation types them: "ten" and
# "sixes" were refused while "ace" and "jack" were read. (Not "9s": under ask: card the line
# mode reads that as the 9 of spades.)
_RANK_NAMES: Final = ("ace aces", "two twos", "three threes", "four fours", "five fives",
                      "six sixes", "seven sevens", "eight eights", "nine nines", "ten tens",
                      "jack jacks", "queen queens", "king kings")
_RANK_BY_TEXT.update({word.upper(): Rank(value)
                      for value, words in enumerate(_RANK_NAMES, start=1)
                      for word in words.split()})
_SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_BY_TEXT: Final = {s.value: s for s in Suit}
_SUIT_BY_TEXT.update({sym: Suit(letter) for letter, sym in _SUIT_SYMBOLS.items()})
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

#: Sort order of suits inside a rank when a hand is listed: C, D, H, S.
SUIT_SORT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Card:
    """One playing card. There are exactly 52 instances; compare with ``==`` or ``is``."""

    __slots__ = ("index", "order", "rank", "suit", "text")

    rank: Rank
    suit: Suit
    index: int
    text: str
    order: int  # position in display order (rank A…K, then suit C D H S): a cheap sort key

    def __new__(cls, rank: Rank | str | int, suit: Suit | str) -> Card:
        return _CARDS[(Rank.parse(rank), Suit.parse(suit))]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "text", rank.symbol + suit.value)
        object.__setattr__(card, "order", rank.value * len(SUIT_SORT_ORDER) + SUIT_SORT_ORDER[suit])
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card: rank then suit letter, e.g. ``AS``, ``10h``, ``Td``, ``qc``."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            found = _CARD_BY_TEXT.get(text.strip().upper())
            if found is not None:
                return found
        raise MalformedInputError(
            f"unknown card {short_repr(text)}: write the rank then the suit letter, "
            "e.g. AS, 10H, TD, QC"
        )

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``9♦``."""
        return self.rank.symbol + self.suit.symbol

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.rank.value, SUIT_SORT_ORDER[self.suit])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):  # Python's TypeError, not an AttributeError on 'order'
            return NotImplemented
        return self.order < other.order

    # Written out as __lt__ is: without them <= and >= between two cards were a TypeError,
    # while < and > worked.
    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order >= other.order

    def __hash__(self) -> int:
        return self.index


def _build_deck() -> tuple[dict[tuple[Rank, Suit], Card], dict[str, Card], tuple[Card, ...]]:
    by_pair: dict[tuple[Rank, Suit], Card] = {}
    by_text: dict[str, Card] = {}
    ordered: list[Card] = []
    for rank in Rank:
        for suit in Suit:
            card = Card._make(rank, suit, len(ordered))
            ordered.append(card)
            by_pair[(rank, suit)] = card
            by_text[card.text] = card
            by_text[card.text.replace("10", "T")] = card
    return by_pair, by_text, tuple(ordered)


_CARDS, _CARD_BY_TEXT, FULL_DECK = _build_deck()

RANKS: Final = tuple(Rank)
SUITS: Final = tuple(Suit)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: by rank A…K, then suit C, D, H, S."""
    try:
        return sorted(cards, key=_display_order)
    except (TypeError, AttributeError):  # None, or text: not cards
        raise MalformedInputError(f"sorted_cards takes Card objects, not {cards!r}") from None


_display_order = attrgetter("order")


def parse_deck(cards: object) -> list[Card]:
    """Read a full 52-card deck, a list or tuple of card strings or cards in dealing order.

    Only a list or tuple: a set would deal in hash order, and an iterator could be endless.
    """
    if not isinstance(cards, (list, tuple)):
        raise MalformedInputError(
            f"a deck must be a list of 52 cards in dealing order, not {a_kind(cards)}"
        )
    parsed: list[Card] = []
    for position, item in enumerate(cards):
        try:
            parsed.append(Card.parse(item))
        except MalformedInputError as error:
            raise MalformedInputError(f"deck position {position}: {error}") from None
    if len(parsed) != 52 or len(set(parsed)) != 52:
        raise MalformedInputError(_wrong_cards(parsed))
    return parsed


def _wrong_cards(deck: list[Card]) -> str:
    """What is wrong with ``deck``, not the 52 cards once each (R1), and where."""
    repeated, lacking = _repeated(deck), _lacking(deck)
    if len(deck) != 52:
        found = (f": it lacks {lacking}" if lacking else
                 f": it holds {repeated}" if repeated and len(deck) > 52 else "")
        return f"a deck must have 52 cards, this one has {len(deck)}{found}"
    return f"the deck holds {repeated}" + (f", and so lacks {lacking}" if lacking else "")


def _repeated(deck: list[Card]) -> str | None:
    """The first card dealt twice and where, "AS twice, at deck positions 0 and 51", or
    None: a person mending a record need not search 52 cards for the two."""
    first_at: dict[Card, int] = {}
    for position, card in enumerate(deck):
        if card in first_at:
            return f"{card} twice, at deck positions {first_at[card]} and {position}"
        first_at[card] = position
    return None


def _lacking(deck: list[Card]) -> str | None:
    """The cards (R1) ``deck`` lacks, "2S, 3S and 4S", if one to three: more are no
    card left out by mistake, and a list of them would bury the message."""
    held = set(deck)
    missing = [str(card) for card in FULL_DECK if card not in held]
    if not 1 <= len(missing) <= 3:
        return None
    return missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"


def card_of(rank: Rank, suit: Suit) -> Card:
    """The shared instance of the card of ``rank`` and ``suit``."""
    return _CARDS[(rank, suit)]


def cards_of_rank(rank: Rank) -> tuple[Card, ...]:
    """The four cards of ``rank`` in the order hands are shown: C, D, H, S.

    One tuple per rank, made at import: a book of four lays it as it is, so the
    engine's hot path stays a lookup.
    """
    return _CARDS_OF_RANK[rank]


_CARDS_OF_RANK: Final = {rank: tuple(sorted_cards(card_of(rank, suit) for suit in SUITS))
                         for rank in RANKS}

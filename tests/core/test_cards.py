"""Cards, ranks and suits: the deck of R1 and the text round-trip."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from gofish import (
    FULL_DECK,
    RANKS,
    SUITS,
    Card,
    MalformedInputError,
    Rank,
    Suit,
    parse_deck,
    sorted_cards,
)
from gofish.core.cards import cards_of_rank


def test_r1_the_deck_is_52_distinct_cards_of_13_ranks_and_4_suits() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    assert " ".join(str(r) for r in RANKS) == "A 2 3 4 5 6 7 8 9 10 J Q K"
    assert [str(s) for s in SUITS] == ["S", "H", "D", "C"]
    assert {(c.rank, c.suit) for c in FULL_DECK} == {(r, s) for r in RANKS for s in SUITS}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10h", "10H"), ("TH", "10H"), ("td", "10D"), ("as", "AS"), ("qc", "QC"),
     (" KD ", "KD"), ("2S", "2S"), ("jH", "JH")],
)
def test_card_parse_accepts_t_and_lower_case_and_prints_canonically(
    text: str, canonical: str
) -> None:
    assert str(Card.parse(text)) == canonical


def test_every_card_round_trips_through_text_repr_and_pickle() -> None:
    for card in FULL_DECK:
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card
        assert pickle.loads(pickle.dumps(card)) is card
        assert Card(card.rank, card.suit) is card


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = Rank.KING  # type: ignore[misc]


@pytest.mark.parametrize("bad", ["", "1", "11H", "ZS", "AX", "10", "A S S", "AS,", None, 7, ["AS"]])
def test_malformed_cards_are_refused_with_a_message_naming_them(bad: object) -> None:
    with pytest.raises(MalformedInputError, match="unknown card") as error:
        Card.parse(bad)
    assert repr(bad) in str(error.value)


def test_rank_and_suit_parsing() -> None:
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN
    assert Rank.parse(13) is Rank.KING
    assert Rank.TEN.plural == "10s"
    assert Rank.ACE.plural == "aces"
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♠") is Suit.SPADES
    with pytest.raises(MalformedInputError, match="out of range"):
        Rank.parse(14)
    with pytest.raises(MalformedInputError, match="unknown rank 'Z'"):
        Rank.parse("Z")
    with pytest.raises(MalformedInputError, match="unknown rank True"):
        Rank.parse(True)
    with pytest.raises(MalformedInputError, match="unknown suit 'X'"):
        Suit.parse("X")


@pytest.mark.parametrize("other", ["AS", None, 3, Rank.ACE])
def test_a_card_compared_with_what_is_not_a_card_is_a_type_error(other: object) -> None:
    # Card < "AS" was an AttributeError ('str' object has no attribute 'order'): the
    # comparison now declines, and Python says which types it cannot order.
    card = Card.parse("KD")
    comparisons: list[Callable[[], object]] = [
        lambda: card < other, lambda: other > card,  # type: ignore[operator]
        lambda: other < card, lambda: card > other,  # type: ignore[operator]
    ]
    for compare in comparisons:
        with pytest.raises(TypeError, match="not supported between instances of"):
            compare()
    assert Card.parse("AS") < card and card > Card.parse("AS")


NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king")
PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
           "tens", "jacks", "queens", "kings")


@pytest.mark.parametrize("rank", RANKS)
def test_every_rank_is_read_by_its_name_one_or_many(rank: Rank) -> None:
    # "ace" … "jack" were read, but "ten" and every plural ("aces", "sixes") were refused.
    for word in (NAMES[rank - 1], PLURALS[rank - 1]):
        assert Rank.parse(word) is rank
        assert Rank.parse(f" {word.upper()} ") is rank
        assert Rank.parse(word.capitalize()) is rank


@pytest.mark.parametrize("bad", ["9s", "sixs", "one", "tenss"])
def test_a_word_that_names_no_rank_is_still_refused(bad: str) -> None:
    with pytest.raises(MalformedInputError, match=f"unknown rank '{bad}'"):
        Rank.parse(bad)


def test_cards_order_with_every_comparison_as_they_sort() -> None:
    # < and > worked, but <= and >= were a TypeError between two cards: "'<=' not
    # supported between instances of 'Card' and 'Card'".
    ace, king = Card.parse("AS"), Card.parse("KD")
    assert ace <= king and ace <= ace and king >= ace and king >= king
    assert not king <= ace and not ace >= king and king > ace and not ace > ace
    for compare in (lambda: ace <= "KD", lambda: ace >= 3, lambda: ace >= None):
        with pytest.raises(TypeError, match="not supported between instances of"):
            compare()


def test_sorted_cards_orders_by_rank_then_clubs_diamonds_hearts_spades() -> None:
    shuffled = [Card.parse(t) for t in ["KD", "9S", "9H", "AS", "9C", "10D"]]
    assert [str(c) for c in sorted_cards(shuffled)] == ["AS", "9C", "9H", "9S", "10D", "KD"]


def test_parse_deck_accepts_text_and_cards_in_order() -> None:
    texts = [str(c).lower() for c in reversed(FULL_DECK)]
    assert parse_deck(texts) == list(reversed(FULL_DECK))
    assert parse_deck(FULL_DECK) == list(FULL_DECK)


def test_parse_deck_refuses_51_cards() -> None:
    with pytest.raises(MalformedInputError, match="52 cards, this one has 51"):
        parse_deck([str(c) for c in FULL_DECK[:51]])


def test_parse_deck_refuses_a_duplicate_card() -> None:
    deck = [str(c) for c in FULL_DECK]
    deck[51] = "as"
    with pytest.raises(MalformedInputError, match="holds AS twice"):
        parse_deck(deck)


def test_parse_deck_names_the_position_of_a_bad_card() -> None:
    deck = [str(c) for c in FULL_DECK]
    deck[17] = "XX"
    with pytest.raises(MalformedInputError, match="deck position 17: unknown card 'XX'"):
        parse_deck(deck)


@pytest.mark.parametrize("bad", ["AS 2S", b"AS", 52, None, {"a": 1}])
def test_parse_deck_refuses_things_that_are_not_lists_of_cards(bad: object) -> None:
    with pytest.raises(MalformedInputError):
        parse_deck(bad)


@pytest.mark.parametrize("rank", RANKS)
def test_cards_of_rank_are_the_four_of_that_rank_in_clubs_diamonds_hearts_spades(
    rank: Rank,
) -> None:
    cards = cards_of_rank(rank)
    assert isinstance(cards, tuple)
    assert [card.suit for card in cards] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert all(card.rank is rank for card in cards)
    assert set(cards) == {card for card in FULL_DECK if card.rank is rank}


def test_cards_of_rank_is_one_tuple_made_once_per_rank() -> None:
    # The engine lays this very tuple for each book of four: it must not be rebuilt per call.
    assert cards_of_rank(Rank.QUEEN) is cards_of_rank(Rank.QUEEN)

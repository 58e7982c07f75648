"""Every house-rule option of RULES.md on top of a preset, each on a stacked deck."""

from __future__ import annotations

import pytest

import gofish
from gofish import (
    Ask,
    Asked,
    BookLaid,
    Dealt,
    Drew,
    GameOver,
    HandedOver,
    IllegalActionError,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, card, cards, deal, hand, rank

# lucky_draw ----------------------------------------------------------------


def test_lucky_draw_false_passes_the_turn_even_on_the_rank_asked_for() -> None:
    game = deal("classic", ["9 K", "2 3"], pond="9 6", lucky_draw=False)
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9H")),
        TurnPassed(1, ()),
    ]


def test_lucky_draw_false_still_lays_a_book_the_fish_completes() -> None:
    game = deal("nordic", ["9 9 9 K", "2 3 4 5"], pond="9 6", lucky_draw=False)
    events = ask(game, 1, "9")
    assert events[2:] == [
        Drew(0, "fish", card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        TurnPassed(1, ()),
    ]


# refill ----------------------------------------------------------------------


def test_refill_card_draws_one_card_at_once_surrenderer_first() -> None:
    game = deal("classic", ["9 9 9 J", "9 J J J"], pond="2 3 4", refill="card")
    ask(game, 1, "9")
    events = ask(game, 1, "J")
    assert events == [
        Asked(0, 1, rank("J")),
        HandedOver(1, 0, rank("J"), 3, cards("JH JD JC")),
        BookLaid(0, rank("J"), cards("JC JD JH JS")),
        Refilled(1, 1, cards("2S")),  # R12 order, one card each
        Refilled(0, 1, cards("3S")),
    ]
    assert game.current_player == 0 and game.hand_sizes == (1, 1)


def test_refill_card_after_a_dealt_book() -> None:
    game = deal("classic", ["9 9 9 9", "2 3 4 5"], pond="6 7", refill="card")
    assert game.events[2:] == (
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")), Refilled(0, 1, cards("6S")),
    )


def test_refill_hand_on_bicycle_refills_a_surrendered_hand_at_once() -> None:
    game = deal("bicycle", ["5 K", "5 5"], pond="2 3 4", refill="hand")
    events = ask(game, 1, "5")
    assert events == [
        Asked(0, 1, rank("5")),
        HandedOver(1, 0, rank("5"), 2, cards("5H 5D")),
        Refilled(1, 2, cards("2S 3S")),  # R11 instead of R15
    ]
    assert game.current_player == 0


def test_refill_turn_on_classic_leaves_a_surrendered_hand_empty_until_its_turn() -> None:
    game = deal("classic", ["5 K", "5 5"], pond="2 3 4", refill="turn")
    events = ask(game, 1, "5")
    assert events[2:] == [TurnPassed(1, (), 0, "nobody_to_ask"),  # R9: nobody left to ask
                          Drew(1, "empty_hand", card("2S"))]  # R15


def test_refill_none_with_first_empty_on_classic_plays_like_nordic() -> None:
    game = deal("classic", ["9 9 9", "9 K K"], refill="none", end="first-empty")
    events = ask(game, 1, "9")
    assert events[-2:] == [  # R18, R19
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")), GameOver((0,), (1, 0)),
    ]


# end -------------------------------------------------------------------------


def test_end_first_empty_on_classic_ends_before_the_refill() -> None:
    game = deal("classic", ["9 9 9", "9 K K"], pond="2 3 4", end="first-empty")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        GameOver((0,), (1, 0)),
    ]


def test_end_first_empty_with_refill_hand_also_ends_when_the_pond_runs_dry() -> None:
    deck_hands = ["A A A 2 2 2 3 3 3 4", "4 4 4 5 5 5 6 6 6 7", "7 7 7 8 8 8 9 9 9 10",
                  "10 10 10 J J J Q Q Q K", "3 5 6 8 9 J Q K K K"]
    game = deal("classic", deck_hands, pond="2 A", end="first-empty")
    ask(game, 1, "2")  # lucky: the 2 completes a book, one card left
    events = ask(game, 1, "A")
    assert events[-1] == GameOver((0,), (2, 0, 0, 0, 0))


def test_end_all_books_on_nordic_with_a_refill_plays_past_an_empty_hand() -> None:
    game = deal("nordic", ["9 9 9", "9 K K"], pond="2 3 4", end="all-books", refill="hand")
    events = ask(game, 1, "9")
    assert events[-1] == Refilled(0, 3, cards("2S 3S 4S"))
    assert not game.is_over and game.current_player == 0


def test_end_all_books_with_refill_none_is_refused() -> None:
    with pytest.raises(gofish.MalformedInputError, match="refill 'none' needs end"):
        deal("bicycle", ["9", "8"], refill="none")


# hand_size -------------------------------------------------------------------


def test_hand_size_sets_the_deal_and_the_full_hand_refill() -> None:
    game = gofish.new_game({"preset": "classic", "hand_size": 3}, players=4, seed=5)
    assert [e.count for e in game.events if isinstance(e, Dealt)] == [3, 3, 3, 3]
    game = deal("classic", ["9 9 9 J J", "9 J J 2 3"], pond="4 5 6 7 8 10", hand_size=5)
    ask(game, 1, "9")
    events = ask(game, 1, "J")
    assert events[-1] == Refilled(0, 5, cards("4S 5S 6S 7S 8S"))
    assert game.to_record()["rules"] == {"preset": "classic", "hand_size": 5}


# book_size -------------------------------------------------------------------


def test_book_size_2_lays_pairs_at_the_deal_in_rank_order_two_from_four_of_a_kind() -> None:
    game = deal("classic", ["K K 9 9 9 9 5", "2 3 4 6 7 8 10"], book_size=2)
    assert books(game) == ["9 9 K", ""]
    assert hand(game, 0) == "5S"


def test_book_size_2_three_of_a_kind_lays_one_pair_and_a_surrender_makes_the_next() -> None:
    game = deal("classic", ["9 9 9 5", "9 2 3 4"], book_size=2)
    assert books(game) == ["9", ""]  # the dealt pair; the third 9 stays in hand
    assert hand(game, 0) == "5S 9D"
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9C")),
        BookLaid(0, rank("9"), cards("9C 9D")),
    ]
    assert books(game) == ["9 9", ""] and hand(game, 0) == "5S"


def test_book_size_2_makes_ties_possible_and_plays_to_26_books() -> None:
    game = deal(
        "classic",
        [
            "A A 2 2 3 3 4 4 5 5 6 6 K",
            "7 7 8 8 9 9 10 10 J J Q Q K",
            "A A 2 2 3 3 4 4 5 5 6 6 Q",
            "7 7 8 8 9 9 10 10 J J K K Q",
        ],
        book_size=2,
    )
    assert [len(b) for b in game.books] == [6, 6, 6, 6]
    ask(game, 1, "K")
    events = ask(game, 3, "Q")
    assert events[-1] == GameOver((0, 2), (7, 6, 7, 6))
    assert sum(len(b) for b in game.books) == 26


# ask: card -------------------------------------------------------------------


def test_ask_card_hands_over_only_the_card_named() -> None:
    game = deal("classic", ["9S 2 4", "9H 9D 3"], ask="card")
    events = ask(game, 1, "9", "D")
    assert events == [
        Asked(0, 1, rank("9"), gofish.Suit.DIAMONDS),
        HandedOver(1, 0, rank("9"), 1, cards("9D")),
    ]
    assert hand(game, 1) == "3S 9H"
    assert game.current_player == 0


def test_ask_card_you_must_hold_the_rank_but_not_the_card() -> None:
    game = deal("classic", ["9S 2 4", "9H 9D 3"], ask="card")
    with pytest.raises(IllegalActionError, match="already holds the 9S and cannot ask for it"):
        ask(game, 1, "9", "S")
    with pytest.raises(IllegalActionError, match="does not hold any 3"):
        ask(game, 1, "3", "H")
    with pytest.raises(IllegalActionError, match="must name the suit"):
        ask(game, 1, "9")
    legal = {(a.target, str(a.rank), str(a.suit)) for a in game.legal_actions()}
    assert (1, "9", "S") not in legal and (1, "9", "C") in legal
    assert len(legal) == 3 + 3 + 3  # three suits not held for each of 9, 2 and 4


def test_ask_rank_refuses_a_suit() -> None:
    game = deal("classic", ["9S 2 4", "9H 9D 3"])
    with pytest.raises(IllegalActionError, match="suits are named only under ask: card"):
        game.play(Ask.of(1, "9", "H"))


def test_ask_card_target_with_the_rank_but_not_the_card_says_go_fish() -> None:
    game = deal("classic", ["9S 2 4", "9H 9D 3"], pond="9C 5", ask="card")
    events = ask(game, 1, "9", "C")
    assert events == [
        Asked(0, 1, rank("9"), gofish.Suit.CLUBS),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9C")),
        LuckyDraw(0, card("9C")),  # the very card asked for
    ]
    assert game.current_player == 0


def test_ask_card_lucky_draw_needs_that_very_card_not_just_the_rank() -> None:
    game = deal("classic", ["9S 2 4", "3 5 6"], pond="9C 5", ask="card")
    events = ask(game, 1, "9", "H")
    assert events[2:] == [Drew(0, "fish", card("9C")), TurnPassed(1, ())]


def test_ask_card_books_still_need_all_four_cards() -> None:
    game = deal("classic", ["9S 9H 9D", "9C 2 3"], ask="card")
    events = ask(game, 1, "9", "C")
    assert events[1:3] == [
        HandedOver(1, 0, rank("9"), 1, cards("9C")), BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
    ]


def test_end_first_empty_ends_at_the_deal_when_the_deal_empties_a_hand() -> None:
    # R3 then R19: two cards each under pairs, and seed 13802 deals all four a pair, laid
    # at once. (A deal of the whole pack, which left no pond, is refused: Rules.check.)
    game = gofish.new_game({"preset": "nordic", "hand_size": 2, "book_size": 2}, players=4,
                           seed=13802)
    assert game.pond_size == 52 - 8 and game.hand_sizes == (0, 0, 0, 0)
    assert game.is_over and isinstance(game.events[-1], GameOver)
    assert game.events[-1].winners == (0, 1, 2, 3)  # a pair each: all share the win (R10)
    assert game.legal_actions() == ()

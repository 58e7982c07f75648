"""The nordic preset (seed 004, Hopp i havet): no refill (R18) and the end on the spot at
the first empty hand or empty sea (R19)."""

from __future__ import annotations

import gofish
from gofish import (
    Asked,
    BookLaid,
    Drew,
    GameOver,
    HandedOver,
    LuckyDraw,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, card, cards, deal, hand, rank

# Five hands of ten (a house-rule deal) leave exactly two cards in the sea: a 2, then an A.
TWO_CARD_SEA_HANDS = [
    "A A A 2 2 2 3 3 3 4",
    "4 4 4 5 5 5 6 6 6 7",
    "7 7 7 8 8 8 9 9 9 10",
    "10 10 10 J J J Q Q Q K",
    "3 5 6 8 9 J Q K K K",
]


def test_nordic_deals_seven_to_every_player_count() -> None:
    for players in range(2, 6):
        game = gofish.new_game("nordic", players, seed=players)
        assert game.rules.hand_size == 7
        assert game.pond_size == 52 - 7 * players


def test_r19_the_game_ends_mid_turn_when_a_surrender_empties_a_hand() -> None:
    game = deal("nordic", ["9 9 K 5 2 2 4", "9 K K 5 5 2 2"])
    for wanted in ("9", "K", "5"):
        ask(game, 1, wanted)
    assert game.current_player == 0 and game.hand_sizes == (12, 2)
    events = ask(game, 1, "2")
    assert events == [
        Asked(0, 1, rank("2")),
        HandedOver(1, 0, rank("2"), 2, cards("2D 2C")),
        # R19: the book made by the ending surrender counts (R3 first)
        BookLaid(0, rank("2"), cards("2C 2D 2H 2S")),
        GameOver((0,), (1, 0)),
    ]
    assert game.is_over and game.current_player is None and game.legal_actions() == ()


def test_r18_r19_a_book_that_empties_the_askers_hand_ends_the_game_with_no_refill() -> None:
    game = deal("nordic", ["9 9 9", "9 K K"], pond="5 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        GameOver((0,), (1, 0)),
    ]
    assert hand(game, 0) == "" and game.pond_size == 52 - 6  # nothing drawn (R18)


def test_r19_a_tie_shares_the_win() -> None:
    game = deal("nordic", ["9", "9"])
    assert ask(game, 1, "9") == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9H")),
        GameOver((0, 1), (0, 0)),
    ]
    assert game.winners == (0, 1)


def test_r19_a_lucky_draw_that_empties_the_sea_still_ends_the_game_and_its_book_counts() -> None:
    game = deal("nordic", TWO_CARD_SEA_HANDS, pond="2 A")
    assert game.pond_size == 2
    events = ask(game, 1, "2")
    assert events == [
        Asked(0, 1, rank("2")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("2C")),
        LuckyDraw(0, card("2C")),
        BookLaid(0, rank("2"), cards("2C 2D 2H 2S")),
    ]
    assert game.current_player == 0  # one card left in the sea: the turn goes on (R8)
    events = ask(game, 1, "A")
    assert events == [
        Asked(0, 1, rank("A")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("AC")),
        LuckyDraw(0, card("AC")),
        BookLaid(0, rank("A"), cards("AC AD AH AS")),
        GameOver((0,), (2, 0, 0, 0, 0)),  # the sea is empty: over, even after a lucky draw
    ]
    assert books(game) == ["2 A", "", "", "", ""]


def test_r19_a_lucky_draw_that_empties_the_hand_ends_the_game_with_the_sea_still_full() -> None:
    game = deal("nordic", ["J J J", "Q Q 4"], pond="J 8 7")
    # R3 first: the lucky jack's book counts; then R19 ends the game with the hand empty,
    # so the extra ask the lucky draw earned (R8) never comes.
    assert ask(game, 1, "J")[-3:] == [
        LuckyDraw(0, card("JC")),
        BookLaid(0, rank("J"), cards("JC JD JH JS")),
        GameOver((0,), (1, 0)),
    ]
    assert hand(game, 0) == "" and game.pond_size == 52 - 6 - 1  # not the sea's last card


def test_r19_an_ordinary_fish_that_empties_the_sea_ends_the_game() -> None:
    game = deal("nordic", TWO_CARD_SEA_HANDS, pond="2 A")
    events = ask(game, 1, "3")
    # R8: a drawn 2 completes a book but is not the rank asked for, so the turn passes.
    assert events[2:] == [
        Drew(0, "fish", card("2C")),
        BookLaid(0, rank("2"), cards("2C 2D 2H 2S")),
        TurnPassed(1, ()),
    ]
    events = ask(game, 2, "4")
    assert events == [
        Asked(1, 2, rank("4")),
        WentFishing(1, 2, False),
        Drew(1, "fish", card("AC")),
        GameOver((0,), (1, 0, 0, 0, 0)),
    ]


def test_r19_a_dealt_book_that_empties_a_hand_ends_the_game_before_any_ask() -> None:
    game = deal("nordic", ["2 3 4 5", "6 6 6 6"])
    assert game.events[2:] == (BookLaid(1, rank("6"), cards("6C 6D 6H 6S")), GameOver((1,), (0, 1)))
    assert game.is_over

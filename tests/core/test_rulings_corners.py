"""Corners where two rulings meet and no other test plays them: R12's refill order deciding
the last book and the winner (R14), both dealt hands emptied by pairs under bicycle (R4,
R15, R9), a first player passed over before any ask (R9), a single-card refill after a
lucky draw's book (R8, R11), and R19 under ``ask: card``. Each game is dealt from a
stacked deck and must come back identical from its record (RULES.md, "Game records").
"""

from __future__ import annotations

from gofish import (
    Ask,
    Asked,
    BookLaid,
    Dealt,
    Drew,
    GameOver,
    HandedOver,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, card, cards, deal, hand, rank
from .test_rulings_sweep import assert_round_trips


def test_r12_r14_the_surrenderers_refill_lays_the_last_book_and_wins_the_game() -> None:
    # Four-card hands: each seat's dealt book empties it, and the refills (R4, seat 0
    # first) lay books until seat 0 holds J J J 7 and seat 1 J 7 7 7, the four queens
    # left in the pond. Seat 0 books the 7s, then takes the last jack: both hands are
    # empty at once, and the queens, the 13th book, go to whoever refills first.
    game = deal("classic", ["A A A A", "2 2 2 2"],
                pond="3 3 3 3 4 4 4 4 5 5 5 5 J J J 7 6 6 6 6 8 8 8 8 9 9 9 9 "
                     "10 10 10 10 K K K K J 7 7 7 Q Q Q Q")
    assert books(game) == ["A 3 4 5", "2 6 8 9 10 K"]
    assert hand(game, 0) == "7S JD JH JS" and hand(game, 1) == "7C 7D 7H JC"
    assert game.pond_size == 4 and game.current_player == 0
    ask(game, 1, "7")
    events = ask(game, 1, "J")
    assert events == [
        Asked(0, 1, rank("J")),
        HandedOver(1, 0, rank("J"), 1, cards("JC")),
        BookLaid(0, rank("J"), cards("JC JD JH JS")),
        Refilled(1, 4, cards("QS QH QD QC")),  # R12: the surrenderer first …
        BookLaid(1, rank("Q"), cards("QC QD QH QS")),
        GameOver((1,), (6, 7)),  # … and R14: the 13th book ends it, seat 1 wins 7-6
    ]
    assert game.current_player is None and game.hand_sizes == (0, 0)
    assert_round_trips(game)


def test_r4_r15_r9_bicycle_both_hands_emptied_by_dealt_pairs_draw_in_turn() -> None:
    # Each seat is dealt one pair: both hands are empty before the first ask. Seat 0's
    # turn begins empty, so it draws (R15), but nobody else holds a card, so it cannot
    # ask and is passed over (R9); seat 1 then draws and asks for the rank it drew.
    game = deal("bicycle", ["A A", "2 2"], pond="3 4", book_size=2)
    assert game.events == (
        Dealt(0, 2, cards("AS AH")),
        Dealt(1, 2, cards("2S 2H")),
        BookLaid(0, rank("A"), cards("AH AS")),  # R4: dealt pairs, seat by seat
        BookLaid(1, rank("2"), cards("2H 2S")),
        TurnPassed(0, ()),
        Drew(0, "empty_hand", card("3S")),
        TurnPassed(1, (0,)),
        Drew(1, "empty_hand", card("4S")),
    )
    assert game.current_player == 1
    assert game.legal_actions() == (Ask.of(0, "4"),)  # R15: its rank, of the only holder
    assert game.in_play == (True, True)
    assert_round_trips(game)


def test_r4_r9_r15_a_first_player_with_nobody_to_ask_is_passed_over_before_any_ask() -> None:
    # Seat 1's dealt book empties its hand (R4), and under bicycle it stays empty until
    # its turn: seat 0, first to play, holds cards but nobody else does, so it is passed
    # over (R9); seat 1's turn then begins empty, it draws (R15) and asks first.
    game = deal("bicycle", ["9 9 2 3", "K K K K"], pond="5 6")
    assert game.events[2:] == (
        BookLaid(1, rank("K"), cards("KC KD KH KS")),
        TurnPassed(1, (0,)),
        Drew(1, "empty_hand", card("5S")),
    )
    assert game.first_player == 0 and game.current_player == 1
    assert game.legal_actions() == (Ask.of(0, "5"),)
    assert_round_trips(game)


def test_r8_r11_a_lucky_draws_book_that_empties_the_hand_refills_one_card_and_goes_on() -> None:
    game = deal("classic", ["9 9 9", "2 3 4"], pond="9 5 6", refill="card")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9C")),
        LuckyDraw(0, card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Refilled(0, 1, cards("5S")),  # refill: card, at once (R11) …
    ]
    assert game.current_player == 0  # … and the lucky draw keeps the turn (R8)
    assert hand(game, 0) == "5S" and game.pond_size == 52 - 6 - 2
    assert_round_trips(game)


def test_r19_under_ask_card_the_named_card_that_empties_a_hand_ends_the_game_mid_turn() -> None:
    game = deal("nordic", ["9S 5S", "9D 5H", "6 7"], ask="card")
    assert ask(game, 1, "9", "D") == [Asked(0, 1, rank("9"), card("9D").suit),
                                      HandedOver(1, 0, rank("9"), 1, cards("9D"))]
    assert game.current_player == 0  # R7: the hit keeps the turn
    events = ask(game, 1, "5", "H")
    # Seat 1's last card is handed over: R19 ends the game though the hit would go on,
    # and with no book laid every seat shares the win (R10).
    assert events == [
        Asked(0, 1, rank("5"), card("5H").suit),
        HandedOver(1, 0, rank("5"), 1, cards("5H")),
        GameOver((0, 1, 2), (0, 0, 0)),
    ]
    assert game.hand_sizes == (4, 0, 2) and game.pond_size == 52 - 6
    assert_round_trips(game)

"""The classic preset (seed 000): full-hand refill at once (R11, R12), dead hands (R13),
the end at the 13th book (R14), and dealt books followed by refills (R4)."""

from __future__ import annotations

import gofish
from gofish import (
    Asked,
    BookLaid,
    Dealt,
    GameOver,
    HandedOver,
    Refilled,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, cards, deal, hand, kinds, rank

# Four hands of 13 (no pond). Seat 0 can book A-4 from seat 3 and the 5s from seat 1.
DRY_POND_HANDS = [
    "A A A 2 2 2 3 3 3 4 4 4 5",
    "5 5 5 6 6 7 7 8 8 9 9 10 10",
    "6 6 7 7 8 8 9 J J Q Q K K",
    "A 2 3 4 9 10 10 J J Q Q K K",
]


def test_r11_an_emptied_hand_refills_a_full_seven_at_once_and_the_turn_goes_on() -> None:
    game = deal(
        "classic", ["9 9 9 K K K 5", "9 K 5 5 5 2 3"], pond="A 2 4 6 7 8 10 Q"
    )
    assert game.rules.hand_size == 7
    ask(game, 1, "9")
    ask(game, 1, "K")
    events = ask(game, 1, "5")
    assert events == [
        Asked(0, 1, rank("5")),
        HandedOver(1, 0, rank("5"), 3, cards("5H 5D 5C")),
        BookLaid(0, rank("5"), cards("5C 5D 5H 5S")),
        Refilled(0, 7, cards("AS 2H 4S 6S 7S 8S 10S")),
    ]
    assert books(game) == ["9 K 5", ""]
    assert game.hand_sizes == (7, 2)
    assert game.current_player == 0  # R7: the hit keeps the turn after the refill


def test_r11_a_refill_holding_a_book_lays_it_and_refills_again() -> None:
    # hand_size 4 so that one refill can be exactly a book.
    game = deal("classic", ["9 9 9 J", "9 J 2 3", "J J 4 5"], pond="Q Q Q Q 5 6 7 8 10")
    ask(game, 1, "9")
    ask(game, 1, "J")
    events = ask(game, 2, "J")
    assert events == [
        Asked(0, 2, rank("J")),
        HandedOver(2, 0, rank("J"), 2, cards("JD JC")),
        BookLaid(0, rank("J"), cards("JC JD JH JS")),
        Refilled(0, 4, cards("QS QH QD QC")),
        BookLaid(0, rank("Q"), cards("QC QD QH QS")),
        Refilled(0, 4, cards("5H 6S 7S 8S")),
    ]
    assert books(game) == ["9 J Q", "", ""]
    assert hand(game, 0) == "5H 6S 7S 8S"


def test_r12_when_one_ask_empties_both_hands_the_surrenderer_refills_first() -> None:
    game = deal("classic", ["9 9 9 J", "9 J J J"], pond="Q Q Q Q 5 5 6 6 7 7 8 8")
    ask(game, 1, "9")
    events = ask(game, 1, "J")
    assert events == [
        Asked(0, 1, rank("J")),
        HandedOver(1, 0, rank("J"), 3, cards("JH JD JC")),
        BookLaid(0, rank("J"), cards("JC JD JH JS")),
        Refilled(1, 4, cards("QS QH QD QC")),  # the surrenderer first (R12) …
        BookLaid(1, rank("Q"), cards("QC QD QH QS")),  # … a book on the asker's turn (R3) …
        Refilled(1, 4, cards("5S 5H 6S 6H")),  # … refilled again (R11) …
        Refilled(0, 4, cards("7S 7H 8S 8H")),  # … then the asker.
    ]
    assert books(game) == ["9 J", "Q"]
    assert game.current_player == 0


def test_r4_a_hand_emptied_by_a_dealt_book_refills_before_the_first_ask() -> None:
    game = deal("classic", ["9 9 9 9", "5 5 5 5"], pond="2 3 4 6 7 8 10 J", first_player=1)
    assert game.events[2:] == (
        BookLaid(1, rank("5"), cards("5C 5D 5H 5S")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Refilled(1, 4, cards("2S 3S 4S 6S")),  # refills in the same order as the books
        Refilled(0, 4, cards("7S 8S 10S JS")),
    )
    assert game.current_player == 1
    assert game.hand_sizes == (4, 4)


def test_r13_a_dead_hand_is_passed_over() -> None:
    game = deal("classic", DRY_POND_HANDS)
    for wanted in ("A", "2", "3", "4"):
        ask(game, 3, wanted)
    events = ask(game, 1, "5")
    # Seat 0 booked its last cards; no refill from a dry pond, so its turn ends, although
    # the hit would keep it (R7): the pass says why.
    assert events == [
        Asked(0, 1, rank("5")),
        HandedOver(1, 0, rank("5"), 3, cards("5H 5D 5C")),
        BookLaid(0, rank("5"), cards("5C 5D 5H 5S")),
        TurnPassed(1, (), asker=0, reason="no_cards"),
    ]
    assert ask(game, 3, "6") == [Asked(1, 3, rank("6")), WentFishing(1, 3, True),
                                 TurnPassed(2, ())]
    assert ask(game, 3, "6")[-1] == TurnPassed(3, ())
    events = ask(game, 2, "10")
    assert events == [Asked(3, 2, rank("10")), WentFishing(3, 2, True), TurnPassed(1, (0,))]
    assert game.hand_sizes[0] == 0 and not game.is_over


def test_r14_the_game_ends_at_the_13th_book_even_inside_a_refill() -> None:
    # Twelve books are dealt and every hand is empty; the first refill draws the kings.
    game = deal(
        "classic",
        [
            "A A A A 2 2 2 2 3 3 3 3",
            "4 4 4 4 5 5 5 5 6 6 6 6",
            "7 7 7 7 8 8 8 8 9 9 9 9",
            "10 10 10 10 J J J J Q Q Q Q",
        ],
        first_player=2,
    )
    assert kinds(game.events).count("book_laid") == 13
    assert game.events[-3:] == (
        Refilled(2, 4, cards("KS KH KD KC")),
        BookLaid(2, rank("K"), cards("KC KD KH KS")),
        GameOver((2,), (3, 3, 4, 3)),
    )
    assert game.is_over and game.winners == (2,)
    assert game.current_player is None
    assert game.hand_sizes == (0, 0, 0, 0)  # R14: nobody else refills after the end


def test_r14_the_game_ends_at_the_13th_book_on_a_surrender_and_not_before() -> None:
    game = deal("classic", DRY_POND_HANDS)
    for wanted in ("A", "2", "3", "4"):
        ask(game, 3, wanted)
    ask(game, 1, "5")
    # Now play the rest of the game with the first legal ask each time.
    while not game.is_over:
        assert sum(len(b) for b in game.books) < 13
        game.play(game.legal_actions()[0])
    assert sum(len(b) for b in game.books) == 13
    last = game.events[-1]
    assert isinstance(last, GameOver)
    assert last.books == tuple(len(b) for b in game.books)
    assert game.winners == tuple(
        p for p, b in enumerate(game.books) if len(b) == max(map(len, game.books))
    )


def test_classic_with_three_to_five_players_deals_five_cards_each() -> None:
    for players in (3, 4, 5):
        game = gofish.new_game("classic", players=players, seed=players)
        dealt = [e for e in game.events if isinstance(e, Dealt)]
        assert [e.count for e in dealt] == [5] * players
        assert game.pond_size == 52 - 5 * players - 4 * sum(len(b) for b in game.books)

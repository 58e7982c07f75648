"""Corners of the rulings that the scenario files leave to the random-game tests: two
books in one refill drawn against rank order (R3, R11), a lucky draw's book that empties
the hand under the full-hand refill (R8, R11), one pass over two dead hands at a table of
five (R9, R13), and players out of play passed over without a word on every later pass
(R15, R9). Each game is dealt from a stacked deck and must come back from its record.
"""

from __future__ import annotations

from gofish import (
    Asked,
    BookLaid,
    Drew,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, card, cards, deal, hand, rank
from .test_rulings_sweep import assert_round_trips

# Pairs at five seats of ten cards: once the dealt pairs are down, seats 0 and 1 keep two
# single cards each, which other seats' asks can pair off; seats 2-4 keep singles that miss.
# Classic: seat 4 keeps none, so its refill (R4) takes the two cards of the pond.
DEAD_HANDS_AT_FIVE = [
    "5 K A A A A 2 2 2 2",
    "5 6 3 3 3 3 4 4 4 4",
    "6 7 8 J 10 10 10 10 Q Q",
    "8 9 K J Q Q 5 5 6 6",
    "7 7 8 8 9 9 K K J J",
]
# Bicycle: seats 0 and 1 pair their kings and queens with the pond's two cards.
OUT_OF_PLAY_AT_FIVE = [
    "5 K A A A A 2 2 2 2",
    "6 Q 3 3 3 3 4 4 4 4",
    "5 6 7 8 10 10 10 10 J J",
    "8 9 J J 5 5 6 6 7 7",
    "7 9 8 8 9 9 K K Q Q",
]


def test_r3_r11_a_refill_holding_two_books_lays_them_in_rank_order_not_drawn_order() -> None:
    game = deal("classic", ["9 9 9 J J J 5 5", "9 J 5 5 2 3 4 6", "7 7 7 8 8 8 10 Q"],
                pond="K K K K A A A A 2 3 4 6 7 8 10 Q")
    ask(game, 1, "9")
    ask(game, 1, "J")
    events = ask(game, 1, "5")  # the last book empties seat 0's hand
    assert events[3:] == [
        Refilled(0, 8, cards("KS KH KD KC AS AH AD AC")),  # the kings come off the pond first …
        BookLaid(0, rank("A"), cards("AC AD AH AS")),  # … but the aces go down first (R3)
        BookLaid(0, rank("K"), cards("KC KD KH KS")),
        Refilled(0, 8, cards("2H 3H 4H 6H 7C 8C 10H QH")),  # emptied again: again (R11)
    ]
    assert books(game) == ["9 J 5 A K", "", ""]
    assert game.current_player == 0  # R7: the hit that emptied the hand keeps the turn
    assert_round_trips(game)


def test_r8_r11_a_lucky_draws_book_that_empties_the_hand_refills_a_full_hand_and_goes_on() -> None:
    game = deal("classic", ["9 9 9", "2 3 4"], pond="9 5 6 7 8")
    assert ask(game, 1, "9") == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9C")),
        LuckyDraw(0, card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Refilled(0, 3, cards("5S 6S 7S")),  # R11: a full hand of three, at once
    ]
    assert game.current_player == 0  # R8: the lucky draw keeps the turn, refill or not
    assert hand(game, 0) == "5S 6S 7S" and game.pond_size == 52 - 6 - 1 - 3
    assert_round_trips(game)


def test_r9_r13_at_five_seats_one_pass_goes_over_two_dead_hands() -> None:
    game = deal("classic", DEAD_HANDS_AT_FIVE, pond="7 9", book_size=2)
    # R4: seat 4's dealt pairs empty its hand, and its refill takes the whole pond.
    assert game.events[-1] == Refilled(4, 2, cards("7C 9C"))
    assert game.pond_size == 0 and game.hand_sizes == (2, 2, 4, 4, 2)
    ask(game, 1, "5")
    # R13: seat 0 pairs its last card and the pond is dry: its turn ends though it hit.
    assert ask(game, 3, "K")[-1] == TurnPassed(1, (), asker=0, reason="no_cards")
    assert ask(game, 2, "6")[-1] == TurnPassed(2, (), asker=1, reason="no_cards")
    assert ask(game, 3, "7")[1:] == [WentFishing(2, 3, True), TurnPassed(3, ())]  # R8
    assert ask(game, 4, "8")[1:] == [WentFishing(3, 4, True), TurnPassed(4, ())]
    # R9: seats 0 and 1 cannot ask, so one pass goes over both, naming them.
    assert ask(game, 3, "7")[1:] == [WentFishing(4, 3, True), TurnPassed(2, (0, 1))]
    assert game.in_play == (True,) * 5  # dead hands, not out of play: that is bicycle's
    while not game.is_over:
        assert game.current_player not in (0, 1)
        assert {a.target for a in game.legal_actions()} <= {2, 3, 4}  # R5: they hold nothing
        game.play(game.legal_actions()[0])
    assert sum(map(len, game.books)) == 26  # R14: play went on to the last pair
    assert_round_trips(game)


def test_r15_r9_players_out_of_play_are_passed_over_without_a_word_ever_after() -> None:
    game = deal("bicycle", OUT_OF_PLAY_AT_FIVE, pond="K Q", book_size=2)
    assert game.pond_size == 2 and game.hand_sizes == (2, 2, 4, 2, 2)
    assert ask(game, 3, "5")[2:] == [Drew(0, "fish", card("KC")),  # pairs seat 0's king
                                     BookLaid(0, rank("K"), cards("KC KS")), TurnPassed(1, ())]
    assert ask(game, 3, "6")[2:] == [Drew(1, "fish", card("QC")),  # the pond's last card
                                     BookLaid(1, rank("Q"), cards("QC QS")), TurnPassed(2, ())]
    assert ask(game, 0, "5")[-1] == BookLaid(2, rank("5"), cards("5H 5S"))
    assert ask(game, 1, "6")[-1] == BookLaid(2, rank("6"), cards("6H 6S"))
    assert game.hand_sizes[:2] == (0, 0) and game.in_play[:2] == (True, True)  # until their turn
    ask(game, 3, "7")
    ask(game, 4, "8")
    # R15: each turn begins with an empty hand and a dry pond, so each player leaves play.
    assert ask(game, 3, "7")[1:] == [
        WentFishing(4, 3, True),
        TurnPassed(0, ()), LeftPlay(0),
        TurnPassed(1, ()), LeftPlay(1),
        TurnPassed(2, ()),
    ]
    assert game.in_play == (False, False, True, True, True)
    ask(game, 3, "7")
    ask(game, 4, "8")
    # The next time round they are passed over silently: no turn, no event, not "skipped".
    assert ask(game, 3, "7")[1:] == [WentFishing(4, 3, True), TurnPassed(2, ())]
    ask(game, 4, "7")
    events = ask(game, 3, "8")
    assert events[-2:] == [LeftPlay(2), TurnPassed(3, ())]  # R16: a book emptied seat 2
    events = ask(game, 4, "9")
    assert events == [
        Asked(3, 4, rank("9")),
        HandedOver(4, 3, rank("9"), 1, cards("9C")),
        BookLaid(3, rank("9"), cards("9C 9S")),
        GameOver((2,), (5, 5, 7, 5, 4)),  # R17: every pair down; out of play, seats keep theirs
    ]
    assert_round_trips(game)

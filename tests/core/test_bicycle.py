"""The bicycle preset (seed 003): draw on an empty turn (R15), replenish mid-turn (R16),
leave play on a dry pond, and play on until every book is down (R17)."""

from __future__ import annotations

import gofish
from gofish import (
    Asked,
    BookLaid,
    Drew,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    TurnPassed,
    WentFishing,
)

from .stacked import ELEVEN_DEALT_BOOKS, ask, books, card, cards, deal, hand, rank


def test_bicycle_deals_seven_to_two_or_three_players_and_five_to_four_or_five() -> None:
    sizes = {n: gofish.new_game("bicycle", n, seed=n).rules.hand_size for n in range(2, 6)}
    assert sizes == {2: 7, 3: 7, 4: 5, 5: 5}


def test_r15_a_hand_emptied_by_surrender_stays_empty_until_its_turn_then_draws_one() -> None:
    game = deal("bicycle", ["5 K", "5 5"], pond="K 2 3")
    events = ask(game, 1, "5")
    # Seat 1 is empty: not refilled (no R11 here) and not askable, so seat 0 cannot go on
    # although its hit would keep the turn (R7): the pass says so (R9).
    assert events == [
        Asked(0, 1, rank("5")),
        HandedOver(1, 0, rank("5"), 2, cards("5H 5D")),
        TurnPassed(1, (), asker=0, reason="nobody_to_ask"),
        Drew(1, "empty_hand", card("KH")),  # R15: draw one card …
    ]
    assert game.current_player == 1
    assert hand(game, 1) == "KH"
    assert [str(a) for a in game.legal_actions()] == ["ask player 0 for kings"]  # … ask its rank
    events = ask(game, 0, "K")
    assert events[:2] == [Asked(1, 0, rank("K")), HandedOver(0, 1, rank("K"), 1, cards("KS"))]


def test_r15_under_ask_card_the_empty_turn_card_names_its_rank_in_another_suit() -> None:
    game = deal("bicycle", ["5S KS", "5H 5D"], pond="KH 2S", ask="card")
    ask(game, 1, "5", "H")
    events = ask(game, 1, "5", "D")  # one card at a time: the second empties seat 1
    assert events[-2:] == [TurnPassed(1, (), 0, "nobody_to_ask"),  # R9
                           Drew(1, "empty_hand", card("KH"))]
    # R15 asks for the drawn card's rank; under ask: card, any king but the one held.
    assert set(game.legal_actions()) == {gofish.Ask.of(0, "K", suit) for suit in "SDC"}
    events = ask(game, 0, "K", "D")  # seat 0 holds a king, but not that one: go fish
    assert events == [
        Asked(1, 0, rank("K"), gofish.Suit.DIAMONDS),
        WentFishing(1, 0, False),
        Drew(1, "fish", card("2S")),
        TurnPassed(0, ()),
    ]
    assert hand(game, 1) == "2S KH"


def test_r16_a_book_that_empties_the_askers_hand_draws_one_card_and_the_turn_goes_on() -> None:
    game = deal("bicycle", ["9 9 9", "9 K K"], pond="5 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Drew(0, "replenish", card("5S")),
    ]
    assert game.current_player == 0
    assert hand(game, 0) == "5S"


def test_r16_a_lucky_draw_that_empties_the_hand_by_a_book_replenishes_too() -> None:
    game = deal("bicycle", ["9 9 9", "2 K K"], pond="9 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9C")),
        LuckyDraw(0, card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Drew(0, "replenish", card("6S")),
    ]
    assert game.current_player == 0


def test_r8_a_fish_completing_another_rank_ends_the_turn_and_the_asked_rank_stays() -> None:
    game = deal("bicycle", ["9 K K K", "2 3 4 5"], pond="K 6 7")
    events = ask(game, 1, "9")
    assert events[2:] == [
        Drew(0, "fish", card("KC")),
        BookLaid(0, rank("K"), cards("KC KD KH KS")),
        TurnPassed(1, ()),
    ]
    assert hand(game, 0) == "9S"  # the 9 is still there; the turn simply ended


def test_r15_r16_players_leave_play_on_a_dry_pond_keep_their_books_and_can_win() -> None:
    # Every card is dealt (no pond); eleven dealt books, then kings and queens remain.
    game = deal(
        "bicycle",
        [
            "A A A A 2 2 2 2 3 3 3 3 K",
            "4 4 4 4 5 5 5 5 6 6 6 6 Q",
            "7 7 7 7 8 8 8 8 9 9 9 9 K",
            "10 10 10 10 J J J J Q Q Q K K",
        ],
    )
    assert books(game) == ["A 2 3", "4 5 6", "7 8 9", "10 J"]
    assert ask(game, 2, "K") == [Asked(0, 2, rank("K")), HandedOver(2, 0, rank("K"), 1,
                                                                     cards("KH"))]
    assert ask(game, 1, "K") == [Asked(0, 1, rank("K")), WentFishing(0, 1, True),
                                 TurnPassed(1, ())]
    events = ask(game, 3, "Q")
    assert events == [
        Asked(1, 3, rank("Q")),
        HandedOver(3, 1, rank("Q"), 3, cards("QH QD QC")),
        BookLaid(1, rank("Q"), cards("QC QD QH QS")),
        LeftPlay(1),  # R16: the book emptied the hand and the pond is dry
        TurnPassed(2, ()),
        LeftPlay(2),  # R15: the turn began with an empty hand and nothing to draw
        TurnPassed(3, ()),
    ]
    assert game.in_play == (True, False, False, True)
    assert {a.target for a in game.legal_actions()} == {0}  # out of play: never asked
    events = ask(game, 0, "K")
    assert events == [
        Asked(3, 0, rank("K")),
        HandedOver(0, 3, rank("K"), 2, cards("KS KH")),
        BookLaid(3, rank("K"), cards("KC KD KH KS")),
        GameOver((1,), (3, 4, 3, 3)),  # R17: all 13 books; seat 1 left play but won
    ]


def test_r17_ties_share_the_win() -> None:
    game = deal(
        "bicycle",
        ELEVEN_DEALT_BOOKS,
    )
    ask(game, 3, "K")
    events = ask(game, 1, "K")
    assert events == [
        Asked(0, 1, rank("K")),
        HandedOver(1, 0, rank("K"), 1, cards("KH")),
        BookLaid(0, rank("K"), cards("KC KD KH KS")),
        LeftPlay(0),
        TurnPassed(1, ()),
        LeftPlay(1),
        TurnPassed(2, ()),
    ]
    events = ask(game, 3, "Q")
    assert events[-1] == GameOver((0, 2), (4, 3, 4, 2))
    assert game.winners == (0, 2)


def test_r15_a_dealt_book_that_empties_the_first_hand_draws_before_the_first_ask() -> None:
    game = deal("bicycle", ["7 7 7 7", "2 3 4 5"], pond="3 9")
    assert game.events[2:] == (
        BookLaid(0, rank("7"), cards("7C 7D 7H 7S")),
        TurnPassed(0, ()),
        Drew(0, "empty_hand", card("3H")),
    )
    assert game.current_player == 0
    assert hand(game, 0) == "3H"


def test_r15_without_lucky_draw_a_fish_that_empties_the_hand_waits_for_the_next_turn() -> None:
    game = deal("bicycle", ["9 9 9", "2 3 4"], pond="9 6 7", lucky_draw=False)
    events = ask(game, 1, "9")
    # No replenishing (R16 is for a turn that goes on). Seat 1 holds cards but nobody
    # else does, so it cannot ask and is passed over (R9); seat 0's new turn begins
    # with an empty hand, so it draws (R15).
    assert events[2:] == [
        Drew(0, "fish", card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        TurnPassed(0, (1,)),
        Drew(0, "empty_hand", card("6S")),
    ]
    assert game.current_player == 0 and game.hand_sizes == (1, 3)

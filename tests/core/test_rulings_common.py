"""Rulings common to every preset (R1–R10), each on a stacked deck.

Hands are written seat by seat (see ``stacked.py``); a bare rank takes the
first free suit in the order S, H, D, C.
"""

from __future__ import annotations

import pytest

import gofish
from gofish import (
    FULL_DECK,
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

from .stacked import ELEVEN_DEALT_BOOKS, ask, books, card, cards, deal, hand, kinds, rank, stack

# R2 -------------------------------------------------------------------------


def test_r2_a_stacked_deck_is_dealt_one_card_at_a_time_from_the_first_player() -> None:
    deck = [str(c) for c in FULL_DECK]  # AS AH AD AC 2S 2H 2D 2C 3S ...
    game = gofish.new_game(
        {"preset": "classic", "hand_size": 2}, players=3, deck=deck, first_player=1
    )
    # Card 0 to seat 1, card 1 to seat 2, card 2 to seat 0, card 3 to seat 1 …
    assert hand(game, 1) == "AC AS"
    assert hand(game, 2) == "AH 2S"
    assert hand(game, 0) == "AD 2H"
    assert game.pond()[0] == card("2D")  # the next card is the top of the pond
    assert game.pond_size == 46
    assert game.events == (
        Dealt(1, 2, cards("AS AC")),
        Dealt(2, 2, cards("AH 2S")),
        Dealt(0, 2, cards("AD 2H")),
    )
    assert game.current_player == 1


def test_r2_the_test_helper_stacks_decks_in_dealing_order() -> None:
    deck = stack(["9 9 9", "9 K K"], pond="5", first_player=1)
    assert deck[:7] == ["9C", "9S", "KS", "9H", "KH", "9D", "5S"]
    assert sorted(deck) == sorted(str(c) for c in FULL_DECK)


def test_r2_seeded_deal_is_reproducible_and_a_fresh_deal_is_not() -> None:
    assert gofish.new_game("nordic", 3, seed="abc").deck == gofish.new_game("nordic", 3,
                                                                            seed="abc").deck
    unseeded = {gofish.new_game("classic").deck for _ in range(5)}
    assert len(unseeded) == 5  # the OS random source: 5 equal shuffles would be a bug


def test_r2_a_negative_seed_deals_its_own_game() -> None:
    # random.Random seeds with the absolute value: seed -5 dealt the game of seed 5.
    decks = {seed: gofish.new_game("classic", 2, seed=seed).deck for seed in (5, -5, "-5")}
    assert decks[-5] != decks[5]
    assert decks[-5] == decks["-5"]  # as --seed -5 reads it, a number or its text alike


# R3, R4 ---------------------------------------------------------------------


def test_r3_r4_dealt_books_are_laid_before_the_first_ask_in_rank_order() -> None:
    game = deal("classic", ["K 3 3 3 3 2 2 2 2 A A A A", "K K K 5 6 8 9 10 J Q 7 7 4"])
    laid = [e for e in game.events if isinstance(e, BookLaid)]
    assert laid == [
        BookLaid(0, rank("A"), cards("AC AD AH AS")),
        BookLaid(0, rank("2"), cards("2C 2D 2H 2S")),
        BookLaid(0, rank("3"), cards("3C 3D 3H 3S")),
    ]
    assert hand(game, 0) == "KS"
    assert books(game) == ["A 2 3", ""]
    assert game.current_player == 0


def test_r4_dealt_books_go_player_by_player_from_the_first_player() -> None:
    game = deal("classic", ["9 9 9 9 2 3 4", "5 5 5 5 6 7 8"], first_player=1)
    assert kinds(game.events) == ["dealt", "dealt", "book_laid", "book_laid"]
    assert game.events[2:] == (
        BookLaid(1, rank("5"), cards("5C 5D 5H 5S")), BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
    )


# R5 -------------------------------------------------------------------------


def test_r5_legal_asks_are_every_opponent_with_cards_times_every_rank_held() -> None:
    game = deal("classic", ["9 9 K", "2 3 4", "5 6 7"], hand_size=3)
    expected = {Ask.of(t, r) for t in (1, 2) for r in ("9", "K")}
    assert set(game.legal_actions()) == expected
    assert len(game.legal_actions()) == 4


def test_r5_asking_for_a_rank_not_held_is_refused() -> None:
    game = deal("classic", ["9 9 K", "2 3 4"])
    with pytest.raises(IllegalActionError, match="player 0 does not hold any 2"):
        ask(game, 1, "2")


def test_r5_asking_yourself_or_a_missing_seat_is_refused() -> None:
    game = deal("classic", ["9 9 K", "2 3 4"])
    with pytest.raises(IllegalActionError, match="player 0 cannot ask themselves"):
        ask(game, 0, "9")
    with pytest.raises(IllegalActionError, match="there is no player 3: seats are 0 to 1"):
        ask(game, 3, "9")


def test_r5_a_completed_rank_can_never_be_asked_for() -> None:
    game = deal("classic", ["9 9 9 K", "9 2 3 4"])
    ask(game, 1, "9")
    assert books(game) == ["9", ""]
    assert all(a.rank != rank("9") for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="does not hold any 9"):
        ask(game, 1, "9")


def test_r5_an_opponent_with_no_cards_cannot_be_asked() -> None:
    # bicycle: a hand emptied by surrendering stays empty until its own turn.
    game = deal("bicycle", ["9 K", "9 9", "2 3"], hand_size=2)
    ask(game, 1, "9")
    assert game.hand_sizes == (4, 0, 2)
    with pytest.raises(IllegalActionError, match="player 1 has no cards to ask for"):
        ask(game, 1, "K")
    assert {a.target for a in game.legal_actions()} == {2}


# R6, R7 ---------------------------------------------------------------------


def test_r6_surrender_is_total_and_r7_a_hit_keeps_the_turn() -> None:
    game = deal("classic", ["9 K 2", "9 9 9", "K 3 4"], hand_size=3)
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 3, cards("9H 9D 9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Refilled(1, 3, cards("AS AH AD")),  # classic R11: the emptied hand refills at once
    ]
    assert game.current_player == 0  # R7
    events = ask(game, 2, "K")  # any opponent, any rank still held
    assert events[:2] == [Asked(0, 2, rank("K")), HandedOver(2, 0, rank("K"), 1, cards("KH"))]
    assert game.current_player == 0


# R8 -------------------------------------------------------------------------


def test_r8_a_miss_draws_the_top_card_and_passes_the_turn() -> None:
    game = deal("classic", ["9 K", "2 3"], pond="5 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("5S")),
        TurnPassed(1, ()),
    ]
    assert hand(game, 0) == "5S 9S KS"
    assert game.current_player == 1
    assert game.pond()[0] == card("6S")


def test_r8_a_lucky_draw_is_shown_and_the_asker_asks_again() -> None:
    game = deal("classic", ["9 K", "2 3"], pond="9 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9H")),
        LuckyDraw(0, card("9H")),
    ]
    assert game.current_player == 0


def test_r8_a_lucky_draw_that_completes_the_book_keeps_the_turn() -> None:
    game = deal("classic", ["9 9 9 K", "2 3 4 5"], pond="9 6")
    events = ask(game, 1, "9")
    assert kinds(events) == ["asked", "went_fishing", "drew", "lucky_draw", "book_laid"]
    assert books(game) == ["9", ""]
    assert game.current_player == 0


def test_r8_a_drawn_card_of_another_rank_ends_the_turn_even_if_it_completes_a_book() -> None:
    game = deal("classic", ["9 K K K", "2 3 4 5"], pond="K 6")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("KC")),
        BookLaid(0, rank("K"), cards("KC KD KH KS")),
        TurnPassed(1, ()),
    ]
    assert books(game) == ["K", ""]
    assert hand(game, 0) == "9S"
    assert game.current_player == 1


# Four hands of 13: every card is dealt and the pond starts empty.
EMPTY_POND_HANDS = [
    "A A A 2 2 2 3 3 3 4 4 4 5",
    "5 5 5 6 6 7 7 8 8 9 9 10 10",
    "6 6 7 7 8 8 9 J J Q Q K K",
    "A 2 3 4 9 10 10 J J Q Q K K",
]


def test_r8_with_an_empty_pond_a_miss_simply_passes_the_turn() -> None:
    game = deal("classic", EMPTY_POND_HANDS)
    assert game.pond_size == 0
    events = ask(game, 1, "A")
    assert events == [Asked(0, 1, rank("A")), WentFishing(0, 1, True), TurnPassed(1, ())]
    assert hand(game, 0) == "AD AH AS 2D 2H 2S 3D 3H 3S 4D 4H 4S 5S"


def test_r8_goes_fishing_says_whether_an_ask_misses_with_cards_in_the_pond() -> None:
    game = deal("classic", ["9S 2S", "9H 3S"], pond="4S")
    assert not game.goes_fishing(Ask.of(1, "9"))  # seat 1 holds a 9: a hit (R6)
    assert game.goes_fishing(Ask.of(1, "2"))  # none there: go fish (R8)
    dry = deal("classic", EMPTY_POND_HANDS)
    assert dry.pond_size == 0
    assert not dry.goes_fishing(Ask.of(1, "A"))  # a miss at a dry pond draws nothing (R8)
    by_card = deal("classic", ["9S 2S", "9H 3S"], pond="4S", ask="card")
    assert not by_card.goes_fishing(Ask.of(1, "9", "H"))  # that very card is there
    assert by_card.goes_fishing(Ask.of(1, "9", "D"))  # another 9 is not


# R9, R10 --------------------------------------------------------------------


def test_r9_turns_pass_in_seat_order_wrapping_round() -> None:
    game = deal("classic", ["9", "2", "3"], pond="4 5 6", first_player=1)
    assert game.current_player == 1
    assert ask(game, 2, "2")[-1] == TurnPassed(2, ())
    assert ask(game, 0, "3")[-1] == TurnPassed(0, ())
    assert ask(game, 1, "9")[-1] == TurnPassed(1, ())


def test_r9_r10_players_who_cannot_ask_are_passed_over_and_ties_share_the_win() -> None:
    # Twelve dealt books (R4); the 13th ends the game (R14) with a 4-3-4-2 split.
    game = deal(
        "classic",
        ELEVEN_DEALT_BOOKS,
    )
    assert books(game) == ["A 2 3", "4 5 6", "7 8 9", "10 J"]
    assert game.leaders == (0, 1, 2)  # before the end: the seats tied on the most books
    ask(game, 3, "K")
    events = ask(game, 1, "K")
    assert game.leaders == (0,)  # seat 0 took the K book and leads alone
    # Seat 0 and seat 1 are now empty with a dry pond: seat 1 is passed over (R9, R13).
    assert events == [
        Asked(0, 1, rank("K")),
        HandedOver(1, 0, rank("K"), 1, cards("KH")),
        BookLaid(0, rank("K"), cards("KC KD KH KS")),
        TurnPassed(2, (1,), asker=0, reason="no_cards"),  # why seat 0's hit did not go on
    ]
    events = ask(game, 3, "Q")
    assert events == [
        Asked(2, 3, rank("Q")),
        HandedOver(3, 2, rank("Q"), 3, cards("QH QD QC")),
        BookLaid(2, rank("Q"), cards("QC QD QH QS")),
        GameOver((0, 2), (4, 3, 4, 2)),
    ]
    assert game.winners == (0, 2)  # R10: every player with the most books wins
    assert game.leaders == game.winners
    assert game.is_over and game.current_player is None
    assert game.legal_actions() == ()


def test_r10_two_player_games_to_thirteen_books_never_tie() -> None:
    for seed in range(40):
        game = gofish.new_game("classic", 2, seed=seed)
        while not game.is_over:
            game.play(game.legal_actions()[0])
        assert sum(len(b) for b in game.books) == 13
        assert game.winners is not None and len(game.winners) == 1
        winner = game.winners[0]
        assert len(game.books[winner]) >= 7

"""Corners of the rulings that no other test plays: the pond's last card under each
preset, a refill that dries the pond, a pairs fish that empties a hand, and a shared
win of five players. Every game is dealt from a stacked deck and must come back
identical from its record (RULES.md, "Game records").

To get a pond of two cards with small hands, five players are dealt ten cards each
and most of each hand is dealt books (R4).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish import (
    Asked,
    BookLaid,
    Drew,
    Game,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, books, card, cards, deal, hand, rank

# Seat 0 keeps K K K 9 9 9 after its dealt book; the pond is the last K, then the last 9.
LAST_CARD_HANDS = [
    "A A A A K K K 9 9 9",
    "2 2 2 2 3 3 3 3 4 4",
    "4 4 5 5 5 5 6 6 6 6",
    "7 7 7 7 8 8 8 8 10 10",
    "10 10 J J J J Q Q Q Q",
]


def rules_doc_text() -> str:
    """docs/rules.md as one line of words, so that a check does not depend on its wrapping."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    return " ".join(doc.read_text(encoding="utf-8").split())


def assert_round_trips(game: Game) -> None:
    """The game's record, written as JSON text and replayed, gives the same game."""
    line = json.dumps(game.to_record())
    assert gofish.replay_line(line) == gofish.snapshot(game)
    assert gofish.game_from_record(json.loads(line)).events == game.events


def _two_lucky_draws_empty_the_pond(preset: str) -> tuple[Game, list[gofish.Event]]:
    game = deal(preset, LAST_CARD_HANDS, pond="K 9", hand_size=10)
    assert game.pond_size == 2 and hand(game, 0) == "9D 9H 9S KD KH KS"
    assert ask(game, 1, "K")[-2:] == [LuckyDraw(0, card("KC")),
                                      BookLaid(0, rank("K"), cards("KC KD KH KS"))]
    assert game.current_player == 0  # R8: one card left, the lucky draw goes on
    events = ask(game, 1, "9")
    assert events[:5] == [
        Asked(0, 1, rank("9")),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9C")),  # the pond's last card …
        LuckyDraw(0, card("9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),  # … completes a book and empties the hand
    ]
    return game, events[5:]


def test_r8_r13_classic_a_lucky_last_card_leaves_a_dead_hand_that_is_passed_over() -> None:
    game, after = _two_lucky_draws_empty_the_pond("classic")
    # R11: nothing to refill from; R13: it cannot ask, so the lucky draw (R8) does not go on.
    assert after == [TurnPassed(1, (), asker=0, reason="no_cards")]
    assert game.hand_sizes[0] == 0 and game.in_play[0]
    events = ask(game, 2, "4")
    # Both hands empty at a dry pond (R12 has nothing to draw): seat 1's hit cannot go on
    # (R13, said on the pass) and seat 2 is passed over.
    assert events[1:] == [
        HandedOver(2, 1, rank("4"), 2, cards("4D 4C")),
        BookLaid(1, rank("4"), cards("4C 4D 4H 4S")),
        TurnPassed(3, (2,), asker=1, reason="no_cards"),
    ]
    events = ask(game, 4, "10")
    # R14 at the 13th book; R10: three seats tie on three books and share the win.
    assert events[-1] == GameOver((0, 1, 3), (3, 3, 2, 3, 2))
    assert_round_trips(game)


def test_r16_r17_bicycle_a_lucky_last_card_that_empties_the_hand_leaves_play() -> None:
    game, after = _two_lucky_draws_empty_the_pond("bicycle")
    assert after == [LeftPlay(0), TurnPassed(1, ())]  # R16: nothing to draw, the turn passes
    events = ask(game, 2, "4")
    assert events[2:] == [
        BookLaid(1, rank("4"), cards("4C 4D 4H 4S")),
        LeftPlay(1),  # R16 again: the asker's book emptied the hand at a dry pond
        TurnPassed(2, ()),
        LeftPlay(2),  # R15: seat 2's turn begins with the hand it surrendered, and no pond
        TurnPassed(3, ()),
    ]
    assert game.in_play == (False, False, False, True, True)
    events = ask(game, 4, "10")
    assert events[-1] == GameOver((0, 1, 3), (3, 3, 2, 3, 2))  # R17: out of play, still winners
    assert_round_trips(game)


def test_r19_nordic_the_lucky_last_card_ends_the_game_and_its_book_counts() -> None:
    game, after = _two_lucky_draws_empty_the_pond("nordic")
    assert after == [GameOver((0,), (3, 2, 2, 2, 2))]
    assert books(game)[0] == "A K 9"
    assert_round_trips(game)


def test_r3_r11_r12_r13_the_surrenderers_refill_dries_the_pond_and_the_asker_is_dead() -> None:
    # Pairs, five players of nine: each seat keeps one card after its dealt pairs.
    game = deal(
        "classic",
        [
            "A A 2 2 3 3 4 4 9",
            "5 5 6 6 7 7 8 8 9",
            "A A 2 2 3 3 4 4 10",
            "5 5 6 6 7 7 8 8 10",
            "J J Q Q K K J Q K",
        ],
        pond="9 9 10 10 J Q K",
        book_size=2,
    )
    assert game.hand_sizes == (1, 1, 1, 1, 3) and game.pond_size == 7
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 1, cards("9H")),
        BookLaid(0, rank("9"), cards("9H 9S")),
        # R12: the surrenderer refills first, and takes all the pond has (R11) …
        Refilled(1, 7, cards("9D 9C 10D 10C JC QC KC")),
        BookLaid(1, rank("9"), cards("9C 9D")),  # … two pairs at once, in rank order (R3)
        BookLaid(1, rank("10"), cards("10C 10D")),
        TurnPassed(1, (), 0, "no_cards"),  # the asker is left empty at a dry pond (R13)
    ]
    while not game.is_over:
        assert game.current_player != 0  # R13: seat 0's dead hand is always passed over
        game.play(game.legal_actions()[0])
    assert sum(map(len, game.books)) == 26 and game.hand_sizes == (0, 0, 0, 0, 0)
    assert_round_trips(game)


@pytest.mark.parametrize(("preset", "after"), [
    ("bicycle", [TurnPassed(0, (1,)), Drew(0, "empty_hand", card("4S"))]),  # then R15
    ("classic", [Refilled(0, 1, cards("4S")), TurnPassed(1, ())]),  # R11, the turn ends
])
def test_r8_a_pairs_fish_of_another_suit_empties_the_hand_and_ends_the_turn(
    preset: str, after: list[gofish.Event]
) -> None:
    # ask: card under pairs: the 9D fished completes the pair of 9s, but the 9H was named.
    game = deal(preset, ["9S", "2S"], pond="9D 4S", book_size=2, ask="card")
    events = ask(game, 1, "9", "H")
    assert events == [
        Asked(0, 1, rank("9"), gofish.Suit.HEARTS),
        WentFishing(0, 1, False),
        Drew(0, "fish", card("9D")),
        BookLaid(0, rank("9"), cards("9D 9S")),
        *after,
    ]
    assert_round_trips(game)
    # docs/rules.md (R16) names this case beside lucky_draw: false.
    assert "under pairs with `ask: card` when it is another suit than the one named" in (
        rules_doc_text())


def test_r4_a_single_card_refill_after_dealt_books_goes_in_the_same_order() -> None:
    game = deal("classic", ["9 9 9 9", "5 5 5 5"], pond="2 3", first_player=1, refill="card")
    assert game.events[2:] == (
        BookLaid(1, rank("5"), cards("5C 5D 5H 5S")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Refilled(1, 1, cards("2S")),  # R4: refills follow the books, first player on
        Refilled(0, 1, cards("3S")),
    )
    assert_round_trips(game)
    assert "Under a refill at once (the classic preset's full hand, or `refill: card`)" in (
        rules_doc_text())


def test_r4_r19_every_dealt_book_is_laid_before_an_emptied_hand_ends_the_game() -> None:
    # Seat 0's dealt book empties its hand, which ends a nordic game (R19), but seat 1's
    # dealt book goes down first (R4: all dealt books, player by player), so they tie (R10).
    game = deal("nordic", ["6 6 6 6", "7 7 7 7"])
    assert game.events[2:] == (
        BookLaid(0, rank("6"), cards("6C 6D 6H 6S")),
        BookLaid(1, rank("7"), cards("7C 7D 7H 7S")),
        GameOver((0, 1), (1, 1)),
    )
    assert_round_trips(game)

"""Hands emptied where two rulings meet, and which one acts first: a dealt book under
``end: first-empty`` with a refill at once (R4, R19), and a bicycle hit that empties the
surrenderer's hand and, by its book, the asker's (R16, R15). Each game is dealt from a
stacked deck and must come back identical from its record (RULES.md, "Game records").
Then a sweep of small seeded deals, where dealt books often empty hands, checks the
deal's rulings under every refill and end: random play (test_properties) rarely deals one.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import gofish
from gofish import (
    Asked,
    BookLaid,
    Dealt,
    Drew,
    Event,
    Game,
    GameOver,
    HandedOver,
    MalformedInputError,
    TurnPassed,
    WentFishing,
)

from .stacked import ask, card, cards, deal, hand, rank
from .test_rulings_sweep import assert_round_trips


@pytest.mark.parametrize("refill", ["hand", "card"])
def test_r4_r19_a_dealt_book_that_empties_a_hand_ends_the_game_before_its_refill(
    refill: str,
) -> None:
    # R4 lays dealt books first, then refills; R19 ends the game the moment a hand is
    # empty. The end comes first, so the refill R11 would make never happens.
    game = deal("classic", ["9 9 9 9", "K 2 3 4"], pond="5 6 7 8", refill=refill,
                end="first-empty")
    assert game.events == (
        Dealt(0, 4, cards("9S 9H 9D 9C")),
        Dealt(1, 4, cards("KS 2S 3S 4S")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        GameOver((0,), (1, 0)),
    )
    assert game.is_over and game.current_player is None
    assert hand(game, 0) == "" and game.pond_size == 44
    assert game.legal_actions() == ()
    assert_round_trips(game)


def test_r16_r15_a_hit_emptying_both_hands_replenishes_the_asker_and_not_the_surrenderer() -> None:
    # Seat 1 hands over its only two cards, the 9s that complete seat 0's book, so both
    # hands are empty. R16: the asker draws one card and goes on. The surrenderer draws
    # nothing until its own turn begins (R15), and meanwhile cannot be asked (R5).
    game = deal("bicycle", ["9 9", "9 9", "K Q"], pond="K 2 3")
    events = ask(game, 1, "9")
    assert events == [
        Asked(0, 1, rank("9")),
        HandedOver(1, 0, rank("9"), 2, cards("9D 9C")),
        BookLaid(0, rank("9"), cards("9C 9D 9H 9S")),
        Drew(0, "replenish", card("KH")),
    ]
    assert game.current_player == 0 and game.hand_sizes == (1, 0, 2)
    assert [str(a) for a in game.legal_actions()] == ["ask player 2 for kings"]
    ask(game, 2, "K")  # a hit: seat 0 goes on, and still only seat 2 may be asked
    assert hand(game, 0) == "KH KS" and game.hand_sizes == (2, 0, 1)
    events = ask(game, 2, "K")
    assert events == [
        Asked(0, 2, rank("K")),
        WentFishing(0, 2, False),
        Drew(0, "fish", card("2S")),
        TurnPassed(1, ()),  # seat 1's turn begins with the hand it emptied: now it draws
        Drew(1, "empty_hand", card("3S")),
    ]
    assert game.current_player == 1 and hand(game, 1) == "3S"
    assert_round_trips(game)


def _dealt_books(game: Game) -> list[tuple[int, int]]:
    """(seat, rank) of the books laid at the deal before anything else happened (R4)."""
    laid: list[tuple[int, int]] = []
    for event in game.events[game.num_players:]:  # after one Dealt per seat
        if not isinstance(event, BookLaid):
            break
        laid.append((event.player, int(event.rank)))
    return laid


def _drawn_into_a_hand(events: tuple[Event, ...]) -> bool:
    return any(event.kind == "refilled" or (isinstance(event, Drew) and event.reason != "fish")
               for event in events)


def _check_the_deal(game: Game) -> None:
    """R3, R4, R11, R15, R19 just after the deal, before any ask."""
    rules, seats = game.rules, game.num_players
    order = [(game.first_player + offset) % seats for offset in range(seats)]
    laid = _dealt_books(game)
    # R4: player by player from the first player, each seat's books in rank order (R3).
    assert laid == sorted(laid, key=lambda book: (order.index(book[0]), book[1]))
    for seat in range(seats):  # R3: no complete book stays in a hand
        ranks = [card.rank for card in game.hand(seat)]
        assert all(ranks.count(rank) < rules.book_size for rank in ranks)
    sizes = game.hand_sizes
    if rules.end == "first-empty":
        # R19 before any refill: an empty hand ends the game with nothing drawn into it.
        assert game.is_over == (0 in sizes)
        assert not _drawn_into_a_hand(game.events)
    elif rules.refill in ("hand", "card"):
        assert game.pond_size == 0 or all(sizes)  # R11, after the dealt books (R4)
    if game.is_over:
        assert rules.end == "first-empty" or sum(map(len, game.books)) == rules.total_books
    else:
        to_ask = game.current_player
        assert to_ask is not None and sizes[to_ask] > 0  # R9, R15: the player to ask holds cards


def test_r3_r4_r11_r15_r19_small_deals_of_pairs_under_every_refill_and_end() -> None:
    # Pairs: a hand of two is dealt a pair one time in seventeen, where four of a kind in
    # a hand of four comes once in some twenty thousand deals.
    emptied: Counter[tuple[str, str]] = Counter()  # deals that emptied a hand, per rule
    for refill, end, hand_size, players in itertools.product(
        ["hand", "card", "turn", "none"], ["all-books", "first-empty"], [1, 2, 3, 4],
        [2, 3, 4, 5],
    ):
        try:
            rules = gofish.make_rules("classic", refill=refill, end=end, hand_size=hand_size,
                                      book_size=2)
            rules.check(players)
        except MalformedInputError:
            continue  # refill none with all-books
        for seed in range(40):
            game = gofish.new_game(rules, players, seed=seed)
            _check_the_deal(game)
            if 0 in game.hand_sizes or any(e.kind == "refilled" for e in game.events):
                emptied[refill, end] += 1
    # The sweep does reach hands emptied at the deal, under every playable refill and end.
    assert len(emptied) == 7 and min(emptied.values()) >= 10

"""Under pairs (``book_size: 2``) with ``ask: card`` a laid card is a legal ask (R5) that
can never be answered: the bots that read the table never name one (R3: books go down
face up, so the view shows them)."""

from __future__ import annotations

import random

import pytest
from tests.core.stacked import deal

import gofish
from gofish import Ask, Card, Game, View
from gofish.bots import make_bot
from gofish.knowledge import laid_note, live_asks

PAIRS_BY_CARD = {"book_size": 2, "ask": "card"}
# Every bot that reads the table; the careless variants too (epsilon, noise).
BOTS = ["emma", "counter", "counter:epsilon=0.5", "expert", "expert:epsilon=0.5",
        "expert-easy", "ismcts-quick", "ismcts:epsilon=0.5"]


def _laid_by_another() -> Game:
    """Seat 1 was dealt 7♠ 7♥ and laid them (R3, R4); seat 0, to ask, holds 7♦."""
    return deal("classic", ["7D 2 3", "7S 7H 4", "7C 5 6"], **PAIRS_BY_CARD)


def _only_sevens_left() -> Game:
    """Seat 0 laid 7♠ 7♥ at the deal and holds only 7♦: every legal ask is for a 7."""
    return deal("classic", ["7S 7H 7D", "7C 3 4"], **PAIRS_BY_CARD)


def _laid(view: View) -> set[Card]:
    return {card for cards in view.laid for card in cards}


def test_the_scenarios_leave_laid_cards_among_the_legal_asks() -> None:
    view = _only_sevens_left().view(0)
    assert {str(a.suit) for a in view.legal_actions} == {"S", "H", "C"}  # R5: legal
    assert _laid(view) == {Card.parse("7S"), Card.parse("7H")}


@pytest.mark.parametrize("spec", BOTS)
def test_with_only_one_rank_held_the_bot_asks_for_the_card_not_laid(spec: str) -> None:
    view = _only_sevens_left().view(0)
    bot = make_bot(spec)
    chosen = {bot.choose(view, view.legal_actions, random.Random(seed)) for seed in range(25)}
    assert chosen == {Ask.of(1, "7", "C")}


@pytest.mark.parametrize("spec", BOTS)
def test_a_pair_laid_by_another_player_is_never_asked_for(spec: str) -> None:
    view = _laid_by_another().view(0)
    bot = make_bot(spec)
    for seed in range(25):
        ask = bot.choose(view, view.legal_actions, random.Random(seed))
        assert ask in view.legal_actions
        assert Card(ask.rank, ask.suit) not in _laid(view)  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", ["emma", "counter", "expert:epsilon=0.3"])
def test_over_whole_games_no_bot_names_a_laid_card(spec: str) -> None:
    asked_sevens = 0
    for seed in range(4):
        game = gofish.new_game({"preset": "bicycle", **PAIRS_BY_CARD}, players=3, seed=seed)
        bots = [make_bot(spec) for _ in range(3)]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            ask = bots[seat].choose(view, view.legal_actions, rng)
            laid = _laid(view)
            assert Card(ask.rank, ask.suit) not in laid  # type: ignore[arg-type]
            asked_sevens += any(Card(ask.rank, s) in laid for s in gofish.SUITS)
            game.play(ask)
    assert asked_sevens  # the bots did ask for ranks with a pair already down


def test_live_asks_drops_only_laid_cards_and_leaves_rank_asks_alone() -> None:
    view = _laid_by_another().view(0)
    live = live_asks(view, view.legal_actions)
    dropped = set(view.legal_actions) - set(live)
    assert {(a.target, str(a.rank), str(a.suit)) for a in dropped} == {
        (t, "7", s) for t in (1, 2) for s in "SH"}
    rank_game = deal("classic", ["7 2 3", "7 7 4", "5 6 8"], book_size=2)
    rank_view = rank_game.view(0)
    assert live_asks(rank_view, rank_view.legal_actions) is rank_view.legal_actions


def test_laid_note_says_whose_pair_it_is_and_what_to_ask_for_instead() -> None:
    game = _laid_by_another()
    names = ["You", "Emma", "Bob"]
    note = laid_note(game.view(0), Card.parse("7S"), names)
    assert note == ("The 7♠ is already on the table, in Emma's pair of 7s: nobody can hand "
                    "it over. Ask for the 7♣ instead.")
    assert laid_note(game.view(0), Card.parse("7C"), names) is None
    mine = laid_note(game.view(1), Card.parse("7H"), names)
    assert mine is not None and "in your pair of 7s" in mine

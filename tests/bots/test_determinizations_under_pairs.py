"""Under pairs (``book_size: 2``) a book is two named cards laid face up (R3), so the
hidden deals the expert's endgame and ismcts imagine must keep exactly those out of
every hand and the pond: they once set aside two cards of the rank at random, and most
imagined deals had an opponent holding a card that lay on the table (and a laid card's
twin counted as laid)."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import make_bot
from gofish.bots.belief import Belief, InferringTracker
from gofish.core import FULL_DECK, Game, View, make_rules
from gofish.knowledge import CardWhereabouts


def views_with_pairs_down(ask: str, seeds: range) -> list[View]:
    """Views of the player to act in three-player pairs games, once a pair is down."""
    rules = make_rules("classic", book_size=2, ask=ask)
    views = []
    for seed in seeds:
        game = gofish.new_game(rules, 3, seed=seed)
        rng = random.Random(seed)
        emmas = [make_bot("emma") for _ in range(3)]
        for _ in range(rng.randrange(6, 40)):
            seat = game.current_player
            if seat is None:
                break
            view = game.view(seat)
            game.play(emmas[seat].choose(view, view.legal_actions, rng))
        if game.current_player is not None and any(game.laid):
            views.append(game.view(game.current_player))
    return views


@pytest.mark.parametrize("ask", ["rank", "card"])
def test_imagined_deals_leave_the_laid_cards_on_the_table(ask: str) -> None:
    views = views_with_pairs_down(ask, range(12))
    assert len(views) >= 6
    for view in views:
        me = view.viewer
        assert me is not None
        tracker = InferringTracker(3, me, 2).update(view)
        belief = Belief.from_view(view, tracker)
        laid = {card for cards in view.laid for card in cards}
        for sample_seed in range(3):
            hands, pond = belief.sample(view, random.Random(sample_seed))
            placed = [card for hand in hands for card in hand] + pond
            assert not laid & set(placed), "an imagined hand or pond holds a laid card"
            # With the laid cards, the imagined deal is the whole deck once.
            assert sorted(placed + list(laid)) == sorted(FULL_DECK)
            imagined = Game.from_position(view.rules, 3, hands, pond, view.books, me,
                                          view.in_play)
            # The imagined table has the same cards face up (a rank laid twice may share
            # its four suits between the two books differently: the search does not mind).
            assert {card for cards in imagined.laid for card in cards} == laid


def card_ask_views(book_size: int, seeds: range) -> list[View]:
    """Every view of the player to act in four-player ``ask: card`` games of counters."""
    rules = make_rules("classic", book_size=book_size, ask="card")
    views = []
    for seed in seeds:
        game = gofish.new_game(rules, 4, seed=seed)
        rng = random.Random(seed)
        counters = [make_bot("counter") for _ in range(4)]
        while game.current_player is not None:
            view = game.view(game.current_player)
            views.append(view)
            game.play(counters[game.current_player].choose(view, view.legal_actions, rng))
    return views


@pytest.mark.parametrize("book_size", [2, 4])
def test_under_card_asks_imagined_deals_keep_what_the_table_knows_of_each_card(
        book_size: int) -> None:
    # A card asked for by name and handed over is known to be with its receiver; a seat
    # that asked for a card or said "Go fish!" to it lacks it (CardWhereabouts). The
    # sampler once dealt the rank's cards at random: a seat given the 10C, then asked
    # for its 10H and 10S, was imagined without the 10C (in the pond, or another hand).
    views = card_ask_views(book_size, range(4))
    named = lacked = 0
    for number, view in enumerate(views[::3]):
        me = view.viewer
        assert me is not None
        whereabouts = CardWhereabouts(view.rules.lucky_draw)
        for event in view.history:
            whereabouts.apply(event)
        belief = Belief.from_view(view, InferringTracker(4, me, book_size).update(view))
        hands, pond = belief.sample(view, random.Random(number))
        for seat, hand in enumerate(hands):
            assert not [card for card in hand if whereabouts.known_absent(seat, card)]
            held = {card for card, holder in whereabouts.holder.items() if holder == seat}
            assert held <= set(hand)
            if seat != me:
                named += len(held)
                lacked += len(whereabouts.lacks.get(seat, ()))
        assert not [card for card in pond if card in whereabouts.holder]
    # The games named cards in other hands (under pairs a card handed over is laid at
    # once, with the asker's of its rank) and told of cards lacked.
    assert lacked > 20 and (named > 20 or book_size == 2)

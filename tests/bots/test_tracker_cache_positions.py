"""One bot object asked about two positions set up with ``Game.from_position``: neither
has a history, so nothing in the history tells them apart, and the tracker kept for the
first (its inferences from the view's hand sizes among them) was read for the second."""

from __future__ import annotations

import random

from gofish.bots.common import TrackerCache
from gofish.bots.counter import CounterBot
from gofish.core import Card, Game, Rank, new_game
from gofish.knowledge import Tracker


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def position(*, third_holds: bool) -> Game:
    """Bicycle, three seats, an empty pond, every rank but A, 2 and 3 booked; the third
    seat holds seven of their cards, or none (the second seat has them)."""
    hands = [cards("AS 2S 3S 3C"), cards("AH"), []]
    hands[2 if third_holds else 1] += cards("2H 3H 3D AC 2C AD 2D")
    booked = [rank for rank in Rank if rank not in (Rank.ACE, Rank.TWO, Rank.THREE)]
    return Game.from_position("bicycle", 3, hands, [], [booked, [], []], 0)


def test_a_fresh_position_is_not_read_with_the_last_positions_tracker() -> None:
    # R9, R13: the third seat of the first position has no cards, so it holds no rank;
    # in the second it holds aces, twos and threes, and nothing public says otherwise.
    cache = TrackerCache(Tracker)
    empty = cache.update(position(third_holds=False).view(0))
    assert all(empty.none[2][rank] for rank in (Rank.ACE, Rank.TWO))
    holding = cache.update(position(third_holds=True).view(0))
    assert not any(holding.none[2][rank] for rank in (Rank.ACE, Rank.TWO))


def test_a_bot_asks_in_a_fresh_position_as_a_new_bot_would() -> None:
    # The counter bot, reused, never asked the third seat (no cards there, in the last
    # position) for the cards it now holds: it asked the second seat, who has one.
    reused = CounterBot()
    first = position(third_holds=False).view(0)
    reused.choose(first, first.legal_actions, random.Random(1))
    second = position(third_holds=True).view(0)
    for seed in range(20):
        fresh = CounterBot().choose(second, second.legal_actions, random.Random(seed))
        assert reused.choose(second, second.legal_actions, random.Random(seed)) == fresh


def _play_to_seat(game: Game, seat: int, rng: random.Random, at_least: int = 0) -> bool:
    """Random asks until ``seat`` is to ask with at least ``at_least`` events played."""
    while game.current_player is not None and (
            game.current_player != seat or len(game.events) < at_least):
        game.play(rng.choice(game.legal_actions()))
    return game.current_player == seat


def _counts(tracker: Tracker) -> tuple[object, ...]:
    return tracker.seen, tracker.known, tracker.none, tracker.fresh, tracker.asked_last


def test_a_tracker_read_on_a_copy_of_the_game_is_not_read_on_for_the_game() -> None:
    # R6, R8: the counts come from this game's asks. A copy (clone(), copy.copy) shares the
    # game's first events; a bot asked on the copy, then on the game once it had run past
    # the copy, read on from where the copy left it, with the copy's asks in its counts.
    compared = 0
    for seed in range(20):
        game = new_game("classic", 3, seed=seed, first_player=1)
        if not _play_to_seat(game, 1, random.Random(seed), at_least=10):
            continue
        branch = game.clone()
        branch.play(random.Random(seed + 1).choice(branch.legal_actions()))
        if not _play_to_seat(branch, 1, random.Random(seed + 2)):
            continue
        cache = TrackerCache(Tracker)
        cache.update(branch.view(1))
        game.play(random.Random(seed + 3).choice(game.legal_actions()))
        if not _play_to_seat(game, 1, random.Random(seed + 4), at_least=len(branch.events)):
            continue
        fresh = TrackerCache(Tracker).update(game.view(1))
        assert _counts(cache.update(game.view(1))) == _counts(fresh)
        compared += 1
    assert compared >= 10

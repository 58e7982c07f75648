"""One Emma object reused across games must not carry memory from one game into the next."""

import random

from tests.core.stacked import stack

import gofish
from gofish.bots import EmmaBot, RandomBot, bot_turn

SEVEN_CARD_CLASSIC = gofish.make_rules("classic", hand_size=7)


def test_a_reused_emma_reads_the_new_game_from_its_start() -> None:
    for seed in range(20):
        reused = EmmaBot()
        first = gofish.new_game("classic", 2, seed=seed, first_player=0)
        warm_up = random.Random(seed)
        while first.current_player is not None and len(first.events) < 20:
            first.play(bot_turn(first, RandomBot(), warm_up))
        if first.current_player is not None:
            bot_turn(first, reused, random.Random(0))  # Emma has read ~20 events of game one
        second = gofish.new_game("classic", 2, seed=seed + 100, first_player=1)
        mover = RandomBot()
        rng = random.Random(seed)
        while second.current_player is not None and len(second.events) < 40:
            second.play(bot_turn(second, mover, rng))  # asks Emma must remember
        if second.current_player != 0:
            continue
        fresh = EmmaBot()
        assert bot_turn(second, reused, random.Random(7)) == bot_turn(
            second, fresh, random.Random(7)
        )
        assert reused._memory is not None and fresh._memory is not None
        assert reused._memory.ranks == fresh._memory.ranks


def test_a_reused_emma_reads_a_replay_of_the_same_deal_from_its_start() -> None:
    # RULES.md "Emma": she remembers the ranks asked for in this game. The same deal played
    # again (a seed reused, the same first asks) opens with the very events of the first
    # game; when the second game runs longer before her turn, she read on from where the
    # first one left her, and the fives asked for in between were never remembered.
    deck = stack(["2 3 4 5 9 J Q", "5 6 7 8 10 K K", "2 3 4 5 A A A"], pond="10", first_player=0)
    reused = EmmaBot()
    first = gofish.new_game(SEVEN_CARD_CLASSIC, 3, deck=deck, first_player=0)
    for rank in ("2", "3", "4", "9"):  # three hits, then a miss: Emma's turn
        first.play(gofish.Ask.of(2, rank))
    assert first.current_player == 1
    bot_turn(first, reused, random.Random(0))
    second = gofish.new_game(SEVEN_CARD_CLASSIC, 3, deck=deck, first_player=0)
    for rank in ("2", "3", "4", "5", "9"):  # the same three, the fives, then the miss
        second.play(gofish.Ask.of(2, rank))
    assert second.current_player == 1
    assert len(second.events) > len(first.events)  # she would read on, not start again
    for seed in range(20):  # a fresh Emma holds the five asked for: she asks seat 0 for it
        fresh = EmmaBot()
        assert bot_turn(second, fresh, random.Random(seed)) == gofish.Ask.of(0, "5")
        assert bot_turn(second, reused, random.Random(seed)) == gofish.Ask.of(0, "5")


def _play_to_seat(game: gofish.Game, seat: int, rng: random.Random, at_least: int = 0) -> bool:
    """Random asks until ``seat`` is to ask with at least ``at_least`` events played."""
    mover = RandomBot()
    while game.current_player is not None and (
            game.current_player != seat or len(game.events) < at_least):
        game.play(bot_turn(game, mover, rng))
    return game.current_player == seat


def test_an_emma_asked_on_a_copy_of_the_game_reads_the_game_again() -> None:
    # RULES.md "Emma": she remembers the ranks asked for in this game. A copy (clone(),
    # copy.copy) shares the game's events up to where it was made, the first among them:
    # asked on the copy, then on the game once it had run past the copy, she read on from
    # where the copy left her, keeping the copy's asks and missing the game's own.
    compared = 0
    for seed in range(20):
        game = gofish.new_game("classic", 3, seed=seed, first_player=1)  # her deal comes first
        if not _play_to_seat(game, 1, random.Random(seed), at_least=10):
            continue
        branch = game.clone()
        branch.play(bot_turn(branch, RandomBot(), random.Random(seed + 1)))
        if not _play_to_seat(branch, 1, random.Random(seed + 2)):
            continue
        reused = EmmaBot()
        bot_turn(branch, reused, random.Random(0))
        game.play(bot_turn(game, RandomBot(), random.Random(seed + 3)))
        if not _play_to_seat(game, 1, random.Random(seed + 4), at_least=len(branch.events)):
            continue
        fresh = EmmaBot()
        assert bot_turn(game, reused, random.Random(7)) == bot_turn(game, fresh, random.Random(7))
        assert reused._memory is not None and fresh._memory is not None
        assert reused._memory.ranks == fresh._memory.ranks
        compared += 1
    assert compared >= 10

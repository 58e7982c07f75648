"""One Emma object reused across games must not carry memory from one game into the next."""

import random

import gofish
from gofish.bots import EmmaBot, RandomBot, bot_turn


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

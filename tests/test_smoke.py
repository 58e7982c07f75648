"""Quick end-to-end checks that the public API hangs together."""

import random

import gofish
from gofish.bots import make_bot, play_out


def test_seeded_games_are_reproducible() -> None:
    first = gofish.new_game("classic", players=2, seed=42)
    second = gofish.new_game("classic", players=2, seed=42)
    assert first.deck == second.deck
    assert first.current_player == second.current_player


def test_emma_and_random_finish_a_game_that_replays_identically() -> None:
    game = gofish.new_game("bicycle", players=3, seed=9)
    bots = [make_bot("emma"), make_bot("random"), make_bot("emma")]
    play_out(game, bots, [random.Random(s) for s in range(3)])
    assert game.is_over
    assert gofish.replay_record(game.to_record()) == gofish.snapshot(game)

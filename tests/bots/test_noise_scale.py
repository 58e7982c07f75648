"""``expert:noise`` says what its numbers mean: it adds a random amount up to that size to
each ask's score, and the help gives the scale of those scores. It said only "random
noise added to every ask's score (0: none)", so nobody could tell 0.1 from 50.

The figures the help gives are checked here against the scores themselves, so a change
of the weights that makes them wrong fails this test."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import ExpertBot, available_bots, bot_turn, make_bot

SCALE = "unsure asks score 0 to under 3, a sure hit over 100"


def test_the_help_gives_the_scale_of_the_scores() -> None:
    expert = next(info for info in available_bots() if info.name == "expert")
    said = dict(expert.options)["noise"]
    assert SCALE in said, said
    assert "0.5 blurs close calls" in said and "3 or more" in said


@pytest.mark.parametrize(("rules", "players"), [
    ("classic", 2), ("classic", 4), (gofish.make_rules("classic", book_size=2), 3),
    ("bicycle", 3), ("nordic", 2)])
def test_scores_stay_within_the_scale_the_help_gives(rules: object, players: int) -> None:
    scorer = ExpertBot()
    for seed in range(8):
        game = gofish.new_game(rules, players, seed=seed)
        bots = [make_bot("expert", endgame=0) for _ in range(players)]
        rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
        while (seat := game.current_player) is not None:
            view = game.view(seat)
            for score in scorer.scores(view, view.legal_actions).values():
                assert 0 <= score < 3 or score > 100, score
            game.play(bot_turn(game, bots[seat], rngs[seat]))


def test_noise_under_the_sure_hit_bonus_never_passes_up_a_sure_hit() -> None:
    noisy, plain = make_bot("expert", noise=90, endgame=0), ExpertBot(endgame=0)
    sure_hits_seen = 0
    for seed in range(6):
        game = gofish.new_game("classic", 3, seed=seed)
        rngs = [random.Random(seed * 10 + seat) for seat in range(3)]
        while (seat := game.current_player) is not None:
            view = game.view(seat)
            scores = plain.scores(view, view.legal_actions)
            ask = bot_turn(game, noisy, rngs[seat])
            if max(scores.values()) > 100:
                sure_hits_seen += 1
                assert scores[(ask.target, int(ask.rank))] > 100
            game.play(ask)
    assert sure_hits_seen > 10

"""Every bot only ever returns a legal ask, in every preset and house rule (R5)."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import available_bots, bot_turn, make_bot

CONFIGS = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("bicycle", 3, {}),
    ("bicycle", 5, {}),
    ("nordic", 2, {}),
    ("nordic", 4, {}),
    ("classic", 2, {"ask": "card"}),  # R5 with suits
    ("classic", 3, {"book_size": 2}),  # pairs
    ("bicycle", 2, {"lucky_draw": False}),
    ("nordic", 3, {"hand_size": 5}),
]
# Small budgets keep the search bots fast here; their defaults are benchmarked in bench/.
OPTIONS: dict[str, dict[str, object]] = {
    "ismcts": {"iterations": 2},
    "ismcts-quick": {"iterations": 2},
}


def bot_names() -> list[str]:
    return [info.name for info in available_bots()]


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS)
def test_bot_plays_whole_games_with_legal_asks_only(
    name: str, preset: str, players: int, options: dict[str, object]
) -> None:
    rules = gofish.make_rules(preset, **options)
    for seed in range(2):
        game = gofish.new_game(rules, players, seed=seed)
        bots = [make_bot(name, **OPTIONS.get(name, {})) for _ in range(players)]
        rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
        asks = 0
        while game.current_player is not None:
            seat = game.current_player
            action = bot_turn(game, bots[seat], rngs[seat])  # raises on an illegal choice
            assert action in game.legal_actions()
            game.play(action)
            asks += 1
        assert game.is_over and asks > 0


def test_unknown_options_and_bad_knobs_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="epsilon"):
        make_bot("counter", epsilon=2)
    with pytest.raises(ValueError, match="noise"):
        make_bot("expert", noise=-1)
    with pytest.raises(ValueError, match="iterations"):
        make_bot("ismcts", iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        make_bot("ismcts", seconds="fast")
    with pytest.raises(TypeError):
        make_bot("expert", memory=3)


def test_every_bot_has_a_one_line_description() -> None:
    infos = available_bots()
    assert {"random", "emma", "counter", "expert", "expert-easy", "ismcts"} <= {
        info.name for info in infos
    }
    for info in infos:
        assert info.description and "\n" not in info.description
    strengths = [info.strength for info in infos]
    assert strengths == sorted(strengths)

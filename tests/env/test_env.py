"""The learning-agent seat (``gofish.env``): numbered actions, public observations, and a
loop that plays the bots' turns and pays the win share at the end."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.core.stacked import deal

from gofish.core import SUITS, Ask, GoFishError, Rank
from gofish.env import GoFishEnv, encode, observation_size

TABLES = [
    ("classic", 2, ["emma"]),
    ("bicycle", 4, ["counter", "random"]),
    ("nordic", 3, ["random"]),
    ({"preset": "classic", "ask": "card"}, 3, ["random"]),
    ({"preset": "bicycle", "book_size": 2}, 5, ["emma"]),
]


def play_randomly(env: GoFishEnv, seed: int) -> tuple[float, bool, int]:
    """A random agent plays one game: (reward, terminated, asks)."""
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    reward, terminated, asks = 0.0, info["winners"] is not None, 0
    while not terminated:
        assert info["legal"], "the agent is asked to move with no legal action"
        _, reward, terminated, truncated, info = env.step(rng.choice(info["legal"]))
        asks += 1
        assert not truncated
    return reward, terminated, asks


@pytest.mark.parametrize(("rules", "players", "opponents"), TABLES)
def test_every_number_is_one_ask_and_the_legal_ones_are_the_engines(
        rules: object, players: int, opponents: list[str]) -> None:
    env = GoFishEnv(rules, players, opponents, seat=1)
    for number in range(env.action_count):
        assert env.action_of(env.ask_of(number)) == number
    targets = {env.ask_of(number).target for number in range(env.action_count)}
    assert targets == set(range(players)) - {1}
    _, info = env.reset(seed=3)
    steps = 0
    while info["winners"] is None and steps < 12:
        legal_asks = {env.ask_of(number) for number in info["legal"]}
        assert legal_asks == set(env.view().legal_actions)
        mask = env.action_mask()
        assert mask.sum() == len(info["legal"]) and all(mask[info["legal"]] == 1)
        _, _, _, _, info = env.step(info["legal"][0])
        steps += 1
    assert steps > 0


@pytest.mark.parametrize(("rules", "players", "opponents"), TABLES)
def test_a_game_pays_the_win_share_once_at_the_end(
        rules: object, players: int, opponents: list[str]) -> None:
    env = GoFishEnv(rules, players, opponents, seat=players - 1)
    for seed in range(6):
        reward, terminated, _ = play_randomly(env, seed)
        winners = env._live_game().winners
        assert terminated and winners is not None
        expected = 1 / len(winners) if env.seat in winners else 0.0
        assert reward == pytest.approx(expected)
        with pytest.raises(GoFishError, match="the game is over: call reset"):
            env.step(0)


def test_a_random_agent_wins_against_emma_as_often_as_the_random_bot() -> None:
    # docs/strength.md: random against Emma, classic, 0.417 [0.407-0.427].
    env = GoFishEnv("classic", 2, ["emma"])
    wins = sum(play_randomly(env, seed)[0] for seed in range(600))
    assert 0.33 < wins / 600 < 0.50


def test_the_same_seed_and_asks_give_the_same_game() -> None:
    runs = []
    for _ in range(2):
        env = GoFishEnv("bicycle", 3, ["emma", "counter"])
        obs, info = env.reset(seed=42)
        seen = [obs]
        while info["winners"] is None:
            obs, _, _, _, info = env.step(info["legal"][-1])
            seen.append(obs)
        runs.append(seen)
    assert len(runs[0]) == len(runs[1])
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_the_observation_holds_only_what_the_seat_may_see() -> None:
    # Seat 0 holds the same cards in both deals; seat 1's hand and the pond differ.
    first = deal("classic", ["A A 5 9 K", "2 3 4 6 7"], pond="8 J Q 10")
    second = deal("classic", ["A A 5 9 K", "Q Q J 8 10"], pond="2 3 4 6")
    assert first.hand(1) != second.hand(1)
    assert np.array_equal(encode(first.view(0)), encode(second.view(0)))
    # After the same public ask and answer ("go fish", a drawn card only seat 0 sees).
    for game in (first, second):
        game.play(Ask.of(1, Rank.KING))
    assert np.array_equal(encode(first.view(0)), encode(second.view(0))) is (
        first.hand(0) == second.hand(0))


def test_the_observation_counts_what_the_table_has_shown() -> None:
    game = deal("classic", ["A A 5 9 K", "2 3 4 6 K"], pond="8 J Q 10")
    game.play(Ask.of(1, Rank.ACE))  # go fish: seat 1 is now known to hold no ace
    obs = encode(game.view(0))
    assert obs.shape == (observation_size(2),)
    ace, mine_aces = 0, obs[0]
    assert mine_aces == pytest.approx(2 / 4)
    opponent = obs[13:13 + 29]
    assert opponent[0] == pytest.approx(5 / 52)  # hand size
    assert opponent[3 + 13 + ace] == 1.0  # known to hold none of the aces


def test_suits_are_numbered_under_the_card_ask_rule() -> None:
    env = GoFishEnv({"preset": "classic", "ask": "card"}, 2, ["random"])
    assert env.action_count == 52
    assert env.ask_of(0) == Ask.of(1, Rank.ACE, SUITS[0])
    assert env.ask_of(51) == Ask.of(1, Rank.KING, SUITS[3])


@pytest.mark.parametrize(("make", "message"), [
    (lambda: GoFishEnv(opponents=["nobody"]), "unknown bot 'nobody'"),
    (lambda: GoFishEnv(opponents="emma"), "opponents must be a list"),
    (lambda: GoFishEnv(opponents=["emma:memry=2"]), "has no option 'memry'"),
    (lambda: GoFishEnv(seat=2), "seat must be a seat from 0 to 1"),
    (lambda: GoFishEnv(players=6), "player"),
    (lambda: GoFishEnv(rules="chess"), "chess"),
    (lambda: GoFishEnv(max_asks=0), "max_asks must be a whole number"),
])
def test_a_bad_table_is_refused_by_name(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_a_bad_action_says_what_is_wrong() -> None:
    env = GoFishEnv("classic", 2, ["emma"])
    with pytest.raises(GoFishError, match=r"call reset\(\) first"):
        env.step(0)
    _, info = env.reset(seed=5)
    illegal = next(n for n in range(env.action_count) if n not in info["legal"])
    with pytest.raises(GoFishError, match="is not a legal ask now; the legal actions are"):
        env.step(illegal)
    for bad in (-1, env.action_count, 2.5, True, "3"):
        with pytest.raises(GoFishError, match="an action is a whole number from 0 to 12"):
            env.step(bad)  # type: ignore[arg-type]
    # Nothing was played by the refused steps: the legal actions are as they were.
    assert env.legal_actions() == info["legal"]
    env.step(np.int64(info["legal"][0]))  # numpy's whole numbers are whole numbers


def test_the_learning_example_learns() -> None:
    import re
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "learn_to_ask.py"
    done = subprocess.run([sys.executable, str(example), "--games", "800", "--check", "300"],
                          capture_output=True, text=True, timeout=300, check=True)
    before, after = (float(x) for x in re.findall(r": (0\.\d+) against Emma", done.stdout))
    assert after > before + 0.1, done.stdout

"""The action numbering as gofish.env's docstring gives it, under both ask rules."""

from __future__ import annotations

from gofish.core import SUITS
from gofish.env import GoFishEnv


def test_rank_asks_decode_as_documented() -> None:
    env = GoFishEnv("classic", players=3, opponents=["random"], seat=1)
    assert env.per_opponent == 13
    for a in range(env.action_count):
        ask = env.ask_of(a)
        assert ask.target == (env.seat + a // 13 + 1) % 3
        assert int(ask.rank) == a % 13 + 1 and ask.suit is None


def test_card_asks_decode_as_documented() -> None:
    # The docstring said rank a % 13 + 1 under ask: card too, where it is a % 52 // 4 + 1.
    env = GoFishEnv({"preset": "classic", "ask": "card"}, players=3, opponents=["random"])
    assert env.per_opponent == 52
    for a in range(env.action_count):
        ask = env.ask_of(a)
        assert ask.target == (env.seat + a // 52 + 1) % 3
        assert int(ask.rank) == a % 52 // 4 + 1 and ask.suit == SUITS[a % 4]

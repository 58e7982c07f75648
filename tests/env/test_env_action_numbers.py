"""The action numbering as gofish.env's docstring gives it, under both ask rules."""

from __future__ import annotations

import pytest

from gofish.core import SUITS, Ask, GoFishError
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


def test_every_number_and_its_ask_go_both_ways() -> None:
    for rules in ("classic", {"preset": "classic", "ask": "card"}):
        env = GoFishEnv(rules, players=3, opponents=["random"], seat=2)
        assert [env.action_of(env.ask_of(a)) for a in range(env.action_count)] == list(
            range(env.action_count))


@pytest.mark.parametrize(("rules", "ask", "message"), [
    # Each was given the number of another ask: seat 4 at a table of 3 was seat 1.
    ("classic", Ask.of(4, "A"), "asks seat 4, which is not at this table of 3"),
    ("classic", Ask.of(1, "K", "C"), "names a suit, and the rules ask for ranks"),
    ({"preset": "classic", "ask": "card"}, Ask.of(1, "K"),
     "names no suit, and the rules ask for cards"),
    ("classic", "ask 1 for aces", "action_of takes an Ask, not 'ask 1 for aces'"),
    ("classic", Ask.of(0, "A"), "asks the agent itself"),
])
def test_an_ask_no_number_stands_for_is_refused(rules: object, ask: object,
                                                message: str) -> None:
    env = GoFishEnv(rules, players=3, opponents=["random"], seat=0)
    with pytest.raises(GoFishError, match=message):
        env.action_of(ask)  # type: ignore[arg-type]


def test_opponents_take_the_seats_in_order_and_actions_count_from_the_agents_left() -> None:
    # As the docstring and README now say: names fill the other seats in seat order, while
    # action numbers (and observation blocks) start at the agent's left.
    from gofish.bots.emma import EmmaBot
    from gofish.bots.random_bot import RandomBot

    env = GoFishEnv("classic", players=3, opponents=["random", "emma"], seat=1)
    env.reset(seed=1)
    assert isinstance(env._bots[0], RandomBot) and isinstance(env._bots[2], EmmaBot)
    assert env.ask_of(0).target == 2 and env.ask_of(env.per_opponent).target == 0

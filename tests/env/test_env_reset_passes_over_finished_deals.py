"""``reset`` never hands the agent a game that is already over.

Under the nordic rules with one card dealt each (R18, R19: taking a player's only card
ends the game), the bots end about one deal in thirty before the agent's first ask.
``reset`` gave such a deal as it was, with winners and no legal action, and a vector
env's autoreset then stepped it: ``GoFishError: the game is over``, out of training.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from gofish import env as env_module
from gofish.core import GoFishError
from gofish.env import GoFishEnv

gymnasium = pytest.importorskip("gymnasium")

from gofish.gymnasium_env import ENV_ID, GoFishGymEnv  # noqa: E402

MAKE_ID = f"gofish.gymnasium_env:{ENV_ID}"

ONE_CARD_NORDIC = {"preset": "nordic", "hand_size": 1}


def test_every_reset_gives_the_agent_an_ask() -> None:
    env = GoFishEnv(ONE_CARD_NORDIC, players=2, opponents=["emma"], seat=1)
    passed_over = []
    for seed in range(200):
        _, info = env.reset(seed=seed)
        assert info["winners"] is None and info["legal"], seed
        assert env.view().current_player == 1
        passed_over.append(info["deals_passed_over"])
    assert 1 <= sum(passed_over) <= 40  # some deals were finished before the agent's turn


def test_a_seed_that_needed_another_deal_still_repeats() -> None:
    env = GoFishEnv(ONE_CARD_NORDIC, players=2, opponents=["emma"], seat=1)
    seed = next(s for s in range(200) if env.reset(seed=s)[1]["deals_passed_over"])
    first, info = env.reset(seed=seed)
    again, info_again = GoFishEnv(ONE_CARD_NORDIC, players=2, opponents=["emma"],
                                  seat=1).reset(seed=seed)
    assert np.array_equal(first, again) and info == info_again
    assert info["deals_passed_over"] >= 1


@pytest.mark.parametrize("make", [GoFishEnv, GoFishGymEnv])
def test_when_every_deal_allowed_is_over_first_reset_raises_as_pettingzoo_does(
        make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # It gave the last such deal as it was (winners set, no legal action), where the
    # PettingZoo table raises: a vector env's autoreset then stepped a finished game.
    env = make(ONE_CARD_NORDIC, players=2, opponents=["emma"], seat=1)
    seed = next(s for s in range(200) if env.reset(seed=s)[1]["deals_passed_over"])
    monkeypatch.setattr(env_module, "DEALS_PER_RESET", 1)
    with pytest.raises(GoFishError, match=r"^1 deal in a row had no ask of the agent's in it "
                       r"\(the bots ended the game, or asked in circles, before its first "
                       r"ask\): no game to give; reset again for the next deals, or give "
                       r"the agent a game with more to play \(other rules or bots\)$"):
        env.reset(seed=seed)
    with pytest.raises(GoFishError, match="no game yet: call reset"):  # none to step on
        env.step(0)
    monkeypatch.setattr(env_module, "DEALS_PER_RESET", 100)
    _, info = env.reset(seed=seed)  # the next reset deals as ever
    assert info["legal"] and info["deals_passed_over"] >= 1


def test_a_vector_env_with_autoreset_plays_on_through_such_deals() -> None:
    envs = gymnasium.make_vec(MAKE_ID, num_envs=2, vectorization_mode="sync",
                              rules=ONE_CARD_NORDIC, opponents=["emma"])
    envs.reset(seed=0)
    envs.action_space.seed(0)
    episodes = 0
    for _ in range(600):  # random actions: illegal ones end episodes, so many resets
        _, _, terminated, truncated, _ = envs.step(envs.action_space.sample())
        episodes += int(np.sum(terminated | truncated))
    envs.close()
    assert episodes >= 200


def test_the_resets_picture_tells_the_deals_passed_over_and_the_step_after_does_not() -> None:
    env = GoFishEnv(ONE_CARD_NORDIC, players=2, opponents=["emma"], seat=1,
                    render_mode="ansi")
    seed = next(s for s in range(200) if env.reset(seed=s)[1]["deals_passed_over"])
    _, info = env.reset(seed=seed)
    count = info["deals_passed_over"]
    told = (f"{count} deal passed over before this one: it had no ask of yours in it."
            if count == 1 else
            f"{count} deals passed over before this one: they had no ask of yours in them.")
    lines = env.render().splitlines()  # type: ignore[union-attr]
    assert lines[:2] == ["What happened:", f"  {told}"]
    assert lines[2].startswith("  ")  # then the deal of the game given, as ever
    env.step(info["legal"][0])
    assert "passed over" not in env.render()  # type: ignore[operator]
    plain = next(s for s in range(200) if not env.reset(seed=s)[1]["deals_passed_over"])
    env.reset(seed=plain)
    assert "passed over" not in env.render()  # type: ignore[operator]


def test_reset_works_out_the_legal_actions_once_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """It asked the game for them to choose the deal, then again for the info."""
    env = GoFishEnv(ONE_CARD_NORDIC, players=2, opponents=["emma"], seat=1)
    seed = next(s for s in range(200) if env.reset(seed=s)[1]["deals_passed_over"])
    calls = []
    counted = env_module.legal_numbers
    monkeypatch.setattr(env_module, "legal_numbers",
                        lambda *args: calls.append(args) or counted(*args))
    _, info = env.reset(seed=seed)
    assert info["legal"] and len(calls) == info["deals_passed_over"] + 1

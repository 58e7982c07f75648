"""GoFishEnv has Gymnasium's ``observation_space`` and ``action_space`` when Gymnasium is
installed, as RL libraries read them to size a policy; without it the environment still
plays, and asking for a space says what to install.

There were none: ``env.observation_space`` was an AttributeError, so an agent had to be
sized by hand from ``observation_size`` and ``action_count``.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

from gofish.env import GoFishEnv

gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize(("rules", "players"), [("classic", 2), ("bicycle", 4),
                                                ({"preset": "nordic", "ask": "card"}, 3)])
def test_every_observation_and_legal_action_is_in_the_spaces(rules: object,
                                                             players: int) -> None:
    env = GoFishEnv(rules, players=players, opponents=["emma"])
    assert env.observation_space == gymnasium.spaces.Box(
        0.0, 1.0, shape=(env.observation_size,), dtype=np.float32)
    assert env.action_space == gymnasium.spaces.Discrete(env.action_count)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = info["winners"] is not None
        while not done:
            assert env.observation_space.contains(obs)
            assert all(env.action_space.contains(action) for action in info["legal"])
            action = env.action_space.sample(mask=env.action_mask())  # Gymnasium's masking
            assert action in info["legal"]
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert env.observation_space.contains(obs)


def test_a_seeded_action_space_samples_the_same_actions_every_run() -> None:
    # The space keeps its generator: a fresh space at every read would forget its seed.
    samples = []
    for _ in range(2):
        env = GoFishEnv(players=3)
        assert env.action_space is env.action_space
        env.action_space.seed(7)
        samples.append([int(env.action_space.sample()) for _ in range(20)])
    assert samples[0] == samples[1]


def test_without_gymnasium_the_env_plays_and_a_space_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)  # import gymnasium now fails
    env = GoFishEnv()
    obs, info = env.reset(seed=1)
    assert obs.shape == (env.observation_size,) and info["legal"]
    for name in ("observation_space", "action_space"):
        with pytest.raises(AttributeError, match="pip install gymnasium"):
            getattr(env, name)
        assert not hasattr(env, name)  # as for any other attribute a library probes for

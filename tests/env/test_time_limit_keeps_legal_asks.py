"""What the module says of make()'s step limit: it truncates the episode, but the game goes
on behind it, so the step that truncates still lists the position's legal asks (and the
mask agrees); the environment's own end by max_asks lists none."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

from gofish.gymnasium_env import ENV_ID  # noqa: E402

MAKE_ID = f"gofish.gymnasium_env:{ENV_ID}"


def _two_asks(env: Any) -> tuple[bool, dict[str, Any]]:
    """Whether the episode is truncated after the agent's first two legal asks of seed 1
    (which do not end the game), and the info of the second step."""
    _, info = env.reset(seed=1)
    truncated = False
    for _ in range(2):
        _, _, terminated, truncated, info = env.step(info["legal"][0])
        assert not terminated
    return truncated, info


def test_the_step_limit_truncates_but_the_legal_asks_stay() -> None:
    env = gymnasium.make(MAKE_ID, max_episode_steps=2)
    truncated, info = _two_asks(env)
    assert truncated
    legal = info["legal"]
    assert legal and sorted(legal) == sorted(env.unwrapped.legal_actions())
    assert sorted(map(int, env.unwrapped.action_masks().nonzero()[0])) == sorted(legal)
    env.close()


def test_the_environments_own_max_asks_lists_none() -> None:
    env = gymnasium.make(MAKE_ID, max_asks=2)
    truncated, info = _two_asks(env)
    assert truncated and info["legal"] == []
    assert not env.unwrapped.action_masks().any()
    env.close()

"""Bots of one's own that ask in circles end the episode as truncated, at once.

With four players and a dry pond, a deterministic opponent (a frozen policy, here one
that always takes its first legal ask) asks a player who lacks the rank, the miss only
passes the turn (R8), and the agent, whose hand is empty (R13), is passed over (R9):
the game never moves on. ``step`` spent minutes on 100,000 bot asks and then raised
``GoFishError``, out of a training loop, instead of reporting ``truncated``."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import numpy as np
import pytest

from gofish.bots import base, register_bot
from gofish.core import Ask, GoFishError, View
from gofish.env import GoFishEnv


class FirstLegalAsk:
    name = "first-legal-ask"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


def test_bots_asking_in_circles_truncate_the_episode_quickly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # the bot is this test's
    register_bot("first-legal-ask", FirstLegalAsk, "always the first legal ask")
    env = GoFishEnv("classic", players=4, opponents=["first-legal-ask"])
    policy = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    started = time.monotonic()
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(policy.choice(info["legal"]))
    assert truncated and not terminated and reward == 0.0
    assert time.monotonic() - started < 30
    view = env.view()
    assert view.pond_size == 0 and view.hand == ()  # R13: the agent is passed over
    assert info["winners"] is None and info["legal"] == []
    with pytest.raises(GoFishError, match=r"after the bots' 1000 asks in a row \(truncated\)"):
        env.step(0)
    _, info = env.reset(seed=1)  # and the next episode plays as usual
    assert info["legal"]

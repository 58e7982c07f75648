"""Asking whether the simulator can play a bot a script registered made that bot (its
factory called, as a model a factory loads) only to learn that it cannot: a tournament,
checking its entrants for the simulator, made each of them a third time before any game
(tests/tournament/test_fresh_bot_per_game.py counts them). Only an unknown name is made,
for make_bot's words on it."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gofish.bots import RandomBot, base, register_bot
from gofish.sim import SimUnavailable, sim_bots


def test_a_registered_bot_is_refused_without_being_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    made: list[object] = []

    def loaded() -> RandomBot:
        made.append(object())
        return RandomBot()

    register_bot("loaded-model", loaded, "a bot whose factory takes long")
    with pytest.raises(SimUnavailable) as refused:
        sim_bots(["loaded-model", "emma"])
    assert str(refused.value) == (
        "the bulk simulator plays only random, emma, counter, not loaded-model")
    assert made == []

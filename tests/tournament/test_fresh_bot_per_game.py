"""docs/tournament.md: a tournament makes a fresh bot for every seat of every game, so a
Python bot carries nothing from one game to the next; its factory is also called before
the first game, to check the name, and that bot plays no game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from gofish.bots import base, register_bot
from gofish.core import Ask, View, make_rules
from gofish.tournament import Plan, run_tournament, summary

MADE: list[Diary] = []


class Diary:
    """Keeps the first event of every view it is shown: a game's views share that object
    (as the trackers of gofish.bots.common tell one game from the next)."""

    name = "diary"

    def __init__(self) -> None:
        self.firsts: list[object] = []
        MADE.append(self)

    @property
    def games(self) -> int:
        return len({id(first) for first in self.firsts})

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.firsts.append(view.history[0])
        return legal[rng.randrange(len(legal))]


def test_every_game_gets_a_bot_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    MADE.clear()
    register_bot("diary", Diary, "remembers the games it sees")
    plan = Plan(make_rules("classic"), players=2, seed=4, specs=("diary", "emma"),
                games_asked=30)
    outcome = run_tournament(plan, jobs=1)
    games = summary(outcome)["games"]
    assert outcome.engine == "engine" and games == 30 and not summary(outcome)["failures"]
    played = [bot for bot in MADE if bot.games]
    assert len(played) == games  # one seat a game: one bot a game
    assert all(bot.games == 1 for bot in played)  # and each saw one game only
    assert 1 <= len(MADE) - len(played) <= 2  # made up front, to check the name: no game

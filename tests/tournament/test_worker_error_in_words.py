"""An error a Python bot's factory raises in a worker reaches the caller in words, whatever
its class. The worker sent the exception itself: one whose ``__init__`` takes more than its
message pickles but does not unpickle, so the caller got "TypeError: Err.__init__() missing
1 required positional argument" and never the bot's error; one holding a lambda did not
pickle at all, and the run ended with "a worker process stopped unexpectedly"."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest

from gofish.bots import register_bot
from gofish.bots.base import _REGISTRY
from gofish.core import Ask, View, make_rules
from gofish.tournament import Plan, TournamentError, run_tournament
from gofish.tournament.run import WorkerLostError

PARENT = os.getpid()


class OutOfLicences(Exception):
    def __init__(self, used: int, allowed: int) -> None:
        super().__init__(f"{used} of {allowed} licences in use")


class Unpicklable(Exception):
    def __init__(self) -> None:
        super().__init__("the model would not load")
        self.retry = lambda: None


def licensed() -> Exception:
    return OutOfLicences(3, 2)


class Licensed:
    """A bot that can be made only in the process that registered it (in the tournament's
    first check), as one whose licence or model file fails to load elsewhere."""

    name = "licensed"
    failure = staticmethod(licensed)

    def __init__(self) -> None:
        if os.getpid() != PARENT:
            raise self.failure()  # the line a message should point at

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


class Unloadable(Licensed):
    name = "unloadable"
    failure = staticmethod(Unpicklable)


@pytest.fixture(autouse=True)
def registered() -> object:
    saved = dict(_REGISTRY)
    register_bot("licensed", Licensed, "fails in a worker")
    register_bot("unloadable", Unloadable, "fails in a worker, unpicklably")
    yield
    _REGISTRY.clear()
    _REGISTRY.update(saved)


def plan_of(bot: str) -> Plan:
    return Plan(make_rules("classic"), 2, 1, (bot, "random"), 40)  # three chunks of games


@pytest.mark.parametrize(("bot", "words"), [
    ("licensed", "OutOfLicences: 3 of 2 licences in use"),
    ("unloadable", "Unpicklable: the model would not load"),
])
def test_the_bots_error_is_told_from_a_worker(bot: str, words: str) -> None:
    with pytest.raises(TournamentError) as failure:
        run_tournament(plan_of(bot), jobs=2, fast=False)
    assert not isinstance(failure.value, WorkerLostError)
    assert str(failure.value) == (f"a worker process failed: {words} ({__file__}, line "
                                  f"{Licensed.__init__.__code__.co_firstlineno + 2})")

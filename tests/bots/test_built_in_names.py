"""A built-in bot's name cannot be registered again: the bulk simulator (the tournament's
default path, and ``gofish.sim.simulate``) plays its own random, emma and counter whatever
the registry says, so ``register_bot("emma", Mine, …)`` made ``make_bot("emma")`` one bot
and a tournament's "emma" another, without a word."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from gofish.bots import EmmaBot, RandomBot, available_bots, base, make_bot, register_bot
from gofish.core import Ask, GoFishError, MalformedInputError, View, make_rules
from gofish.tournament import Plan, run_tournament, summary


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    yield


class First:
    name = "first"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


@pytest.mark.parametrize("name", [info.name for info in available_bots()])
def test_every_built_in_name_is_refused_and_keeps_its_bot(name: str) -> None:
    before = base._REGISTRY[name]
    with pytest.raises(MalformedInputError, match=f"'{name}' is a built-in bot: register "
                                                  "yours under another name"):
        register_bot(name, First, "mine")
    assert base._REGISTRY[name] is before


@pytest.mark.parametrize("spelling", ["Emma", " EMMA ", "emma"])
def test_any_spelling_of_a_built_in_name_is_refused(spelling: str) -> None:
    with pytest.raises(GoFishError, match="'emma' is a built-in bot"):
        register_bot(spelling, First, "mine")
    assert isinstance(make_bot("emma"), EmmaBot)


def test_the_refusal_is_still_a_value_error_for_older_callers() -> None:
    with pytest.raises(ValueError, match="another name"):
        register_bot("random", First, "mine")


def test_a_name_of_ones_own_may_be_registered_again_as_a_notebook_cell_rerun_does() -> None:
    register_bot("mine", RandomBot, "first version")
    register_bot("Mine", First, "second version")
    assert isinstance(make_bot("mine"), First)
    assert base._REGISTRY["mine"].description == "second version"


def test_the_tournament_plays_the_emma_that_make_bot_makes() -> None:
    # The case the refusal closes: under another name the user's bot goes through the
    # engine, and the built-in emma still through the simulator, each as make_bot makes it.
    register_bot("my-emma", First, "always the first legal ask")
    plan = Plan(make_rules("classic"), players=2, seed=1, specs=("my-emma", "emma"),
                games_asked=40)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.engine == "engine"
    assert [bot["name"] for bot in summary(outcome)["bots"]] == ["my-emma", "emma"]


@pytest.mark.parametrize("spelling", ["cmd", " CMD ", "Cmd"])
def test_cmd_is_refused_as_a_name_since_its_spec_would_name_a_program(spelling: str) -> None:
    # Registered, "cmd" was made bare, but "cmd:depth=2" was read as the program
    # "depth=2": a bot under that name could never be given an option.
    with pytest.raises(MalformedInputError, match=f"{spelling!r} cannot be a bot's name: a spec "
                                                  "starting 'cmd:' names an external program"):
        register_bot(spelling, First, "mine", options={"depth": "how deep"})
    assert "cmd" not in base._REGISTRY

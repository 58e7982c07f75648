"""A bot whose factory needs an option with no default, named without it, is told so: it
was refused as "does not take that option:  (it takes depth)", naming no option given and
saying the one the spec lacked was one the bot does not take. A researcher meets it
seating a bot of their own, ``Plan(..., specs=("deep", "random"))``, before any game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from gofish.bots import make_bot, register_bot
from gofish.core import Ask, MalformedInputError, View, make_rules
from gofish.tournament import Plan, TournamentError, run_tournament, summary


class Deep:
    """Asks the first legal ask; needs ``depth``, and ``width`` by keyword."""

    name = "deep"

    def __init__(self, depth: int, *, width: int, noise: float = 0.0) -> None:
        self.depth, self.width, self.noise = depth, width, noise

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


@pytest.fixture(autouse=True)
def deep_registered(kept_registry: None) -> None:
    # Asked for here, not in a usefixtures mark: autouse fixtures come first, and the
    # registry was saved with "deep" in it, which then stayed for every later test of the
    # worker ("choose one of deep, random, …" in the rooms' refusals).
    register_bot("deep", Deep, "needs its depth", options={
        "depth": "how deep", "width": "how wide", "noise": "how blurred"})


@pytest.mark.parametrize(("spec", "complaint"), [
    ("deep", "bot 'deep' needs the options depth, width, which have no default: give each "
             "in the spec, as in deep:depth=…"),
    ("deep:depth=2", "bot 'deep' needs the option width, which has no default: give it in "
                     "the spec, as in deep:width=…"),
    ("deep:noise=0.5:width=3", "bot 'deep' needs the option depth, which has no default: "
                               "give it in the spec, as in deep:depth=…"),
])
def test_a_missing_option_without_a_default_is_named(spec: str, complaint: str) -> None:
    with pytest.raises(MalformedInputError) as refusal:
        make_bot(spec)
    assert str(refusal.value) == complaint


def test_a_tournament_says_so_before_any_game() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("deep:width=2", "random"), 2)
    with pytest.raises(TournamentError, match=r"^bot 'deep' needs the option depth, which "):
        run_tournament(plan, jobs=1)
    given = Plan(make_rules("classic"), 2, 1, ("deep:depth=1:width=2", "random"), 2)
    assert summary(run_tournament(given, jobs=1))["games"] == 2


def test_an_option_the_factory_lacks_is_still_said_first() -> None:
    # Both wrong: the option given that the bot cannot take is the one to name.
    with pytest.raises(MalformedInputError, match=r"^bot 'deep' does not take that option: "
                                                  r"height \(it takes depth, width, noise\)$"):
        make_bot("deep", height=3)


def test_an_option_no_spec_can_set_is_asked_for_where_it_can_be_given() -> None:
    # Registered without options, "deep" was told "give it in the spec, as in deep:depth=…",
    # and that spec was then refused: "bot 'deep' has no option 'depth': it takes none".
    register_bot("deep", Deep, "needs its depth")
    with pytest.raises(MalformedInputError) as refusal:
        make_bot("deep", width=2)
    said = str(refusal.value)
    assert said == ("bot 'deep' needs the option depth, which has no default: give it as "
                    "make_bot('deep', depth=…), or list it in register_bot's options so that "
                    "a spec can set it")
    assert make_bot("deep", depth=1, width=2).depth == 1  # the way it names works

"""``register_bot`` and ``make_bot`` refuse a bot writer's mistakes in words, at once: not
as an AttributeError or TypeError from deep inside when the bot is made or first moves."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from gofish.bots import RandomBot, available_bots, make_bot, register_bot
from gofish.bots.base import _REGISTRY
from gofish.core import Ask, MalformedInputError, View, make_rules
from gofish.tournament import Plan, TournamentError, run_tournament

pytestmark = pytest.mark.usefixtures("kept_registry")


class NoChoose:
    name = "nochoose"


class Nameless:
    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


@pytest.mark.parametrize(("arguments", "complaint"), [
    ((3, RandomBot, "d"), "a bot's name must be text, not 3"),
    (("mine", None, "d"), "bot 'mine': the factory must be a class or function that makes "
                          "the bot, not None"),
    (("mine", RandomBot, None), "bot 'mine': the description must be text, not None"),
    (("mine", RandomBot, "d", 0, "", ["depth"]), "bot 'mine': options must map each option's "
                                                 "name to what it does"),
    # Both were taken, and every later available_bots() (gofish bots, the start form's menu)
    # failed: "'<' not supported between instances of 'str' and 'int'".
    (("mine", RandomBot, "d", "3"), "bot 'mine': strength must be a whole number, not '3'"),
    (("mine", RandomBot, "d", 1.5), "bot 'mine': strength must be a whole number, not 1.5"),
    (("mine", RandomBot, "d", True), "bot 'mine': strength must be a whole number, not True"),
    (("mine", RandomBot, "d", 0, 5), "bot 'mine': the display name must be text, not 5"),
])
def test_a_bad_registration_is_refused_when_registered(arguments: tuple,
                                                       complaint: str) -> None:
    with pytest.raises(ValueError, match=f"^{complaint}"):
        register_bot(*arguments)
    assert "mine" not in _REGISTRY


def test_a_bad_strength_leaves_the_list_of_bots_readable() -> None:
    with pytest.raises(ValueError):
        register_bot("mine", RandomBot, "d", strength="strong")  # type: ignore[arg-type]
    assert [info.name for info in available_bots()][:1] == ["random"]


def test_a_strength_of_numpy_is_kept_as_an_int() -> None:
    register_bot("mine", RandomBot, "d", strength=np.int64(2))  # type: ignore[arg-type]
    strength = _REGISTRY["mine"].strength
    assert strength == 2 and type(strength) is int  # gofish bots --json writes it


@pytest.mark.parametrize("factory", [NoChoose, Nameless, lambda: None])
def test_a_factory_that_makes_no_bot_is_named(factory: object) -> None:
    register_bot("mine", factory, "not a bot")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^bot 'mine': its factory made .*, which is not a "
                                         r"bot: a bot has a name \(text\) and a choose"):
        make_bot("mine")


def test_a_tournament_refuses_it_before_any_game() -> None:
    # It failed as an AttributeError out of the tournament's game loop.
    register_bot("mine", NoChoose, "not a bot")
    plan = Plan(make_rules("classic"), 2, 1, ("mine", "random"), games_asked=2)
    with pytest.raises(TournamentError, match=r"^bot 'mine': its factory made"):
        run_tournament(plan, jobs=1)


@pytest.mark.parametrize(("name", "complaint"), [
    # "RandomBot() takes no arguments", said by Python, named neither the bot nor the option
    ("random", r"^bot 'random' does not take that option: depth \(it takes none\)$"),
    ("emma", r"^bot 'emma' does not take that option: depth \(it takes memory\)$"),
])
def test_a_keyword_option_the_bot_lacks_is_refused_in_words(name: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        make_bot(name, depth=3)


def test_a_factory_with_options_it_does_not_list_still_takes_them() -> None:
    class Deep(RandomBot):
        def __init__(self, depth: int = 1) -> None:
            self.depth = depth

    register_bot("deep", Deep, "takes depth, unlisted")
    assert make_bot("deep", depth=3).depth == 3  # type: ignore[attr-defined]


def test_an_external_program_is_told_where_it_plays() -> None:
    # "cmd:python mybot.py" was read as a bot named cmd with a malformed option:
    # "bot option 'python mybot.py' … should look like KEY=VALUE".
    with pytest.raises(ValueError, match=r"^'cmd:python mybot.py' is an external program: only "
                                         r"gofish tournament plays those .*choose one of "
                                         r"counter, emma"):
        make_bot(" cmd:python mybot.py")


@pytest.mark.parametrize("name", ["random#1", "mine#2", "#"])
def test_a_name_with_the_mark_of_self_play_is_refused(name: str) -> None:
    # A tournament names a bot entered twice random#1, random#2: a bot registered as
    # random#1 beside them had two rows of the table, the JSON and the CSV under one name.
    with pytest.raises(MalformedInputError, match=rf"^a bot's name must be a word without "
                                                  rf"':', ',' or '#', not '{name}' "):
        register_bot(name, RandomBot, "d")
    assert name not in _REGISTRY


"""``gofish bots`` (and every menu built from the registry) says what each option does
when it is left out: expert-easy and expert share one list of options but not their
defaults (three careless asks in ten, no endgame search), and nothing said so;
nor that ismcts-quick imagines 8 deals and ismcts 60. Each stated default is checked
against the bot made with no options."""

from __future__ import annotations

import re

import pytest

from gofish.bots import available_bots, make_bot
from gofish.bots.base import parse_bot_spec

DEFAULT = re.compile(r"[(;] ?default: ([^()]+)\)$")


def setting(bot: object, option: str) -> object:
    """What the made ``bot`` plays with for ``option``."""
    if option == "endgame":
        return bot._endgame.pond_limit  # type: ignore[attr-defined]
    if option == "memory":
        recall = bot.recall  # type: ignore[attr-defined]
        return "all" if recall is None else recall
    return getattr(bot, option)


OPTIONS = [(info.name, key, meaning) for info in available_bots() for key, meaning in info.options]


@pytest.mark.parametrize(("name", "option", "meaning"), OPTIONS,
                         ids=[f"{name}:{option}" for name, option, _ in OPTIONS])
def test_every_option_says_its_default_and_the_bot_plays_it(
        name: str, option: str, meaning: str) -> None:
    stated = DEFAULT.search(meaning)
    assert stated, f"{name}:{option} does not say its default: {meaning!r}"
    # Read as a spec reads a value: "true" is True, "0.2" is 0.2.
    _, read = parse_bot_spec(f"{name}:{option}={stated.group(1)}")
    assert setting(make_bot(name), option) == read[option]


def test_the_listing_is_not_empty_of_options() -> None:
    assert {"emma", "counter", "expert", "expert-easy", "ismcts", "ismcts-quick"} <= {
        name for name, _, _ in OPTIONS}


WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}


def test_expert_easys_description_gives_the_share_of_random_asks_it_plays() -> None:
    # It said "one ask in three" of an epsilon of 0.3: a tenth more random asks than it plays.
    info = next(info for info in available_bots() if info.name == "expert-easy")
    said = re.search(r"(\w+) asks? in (\w+)", info.description)
    assert said, info.description
    share = WORDS[said.group(1)] / WORDS[said.group(2)]
    assert make_bot("expert-easy").epsilon == pytest.approx(share)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["ismcts", "ismcts-quick"])
def test_the_seconds_box_gives_the_cap_the_browser_and_rooms_hold_it_to(name: str) -> None:
    # Beside the box the start form and a room's lobby said "up to 3600", then refused 10.
    from gofish.bots.base import MAX_THINKING_SECONDS, ThinksTooLong, server_bot

    meaning = dict(next(info for info in available_bots() if info.name == name).options)
    assert f"browser and online rooms, up to {MAX_THINKING_SECONDS:g}" in meaning["seconds"]
    server_bot(f"{name}:seconds={MAX_THINKING_SECONDS:g}", "in a test")
    with pytest.raises(ThinksTooLong):
        server_bot(f"{name}:seconds={MAX_THINKING_SECONDS + 1:g}", "in a test")


@pytest.mark.parametrize(("spec", "option"), [("expert:endgame=52", "endgame"),
                                               ("ismcts:iterations=4:seconds=60", "iterations")])
def test_a_search_knob_says_it_is_for_rank_asks_where_card_asks_leave_it_idle(
        spec: str, option: str) -> None:
    # Under --ask card neither search runs, and the knobs' words did not say so: a sweep
    # of ismcts:iterations there played the expert's score every time.
    import random

    import gofish

    name = spec.partition(":")[0]
    meaning = dict(next(info for info in available_bots() if info.name == name).options)
    assert "rank asks only" in meaning[option]

    def searched(ask: str) -> int:
        game = gofish.new_game(gofish.make_rules("classic", ask=ask), 2, seed=3)
        view = game.view(game.current_player)
        bot = make_bot(spec)
        bot.choose(view, view.legal_actions, random.Random(1))
        return int(bot.last_playouts) + getattr(bot, "last_iterations", 0)  # type: ignore[attr-defined]

    assert searched("rank") > 0
    assert searched("card") == 0

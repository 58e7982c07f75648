"""Every refusal of a bot's name, spec or options is a MalformedInputError, as docs/rules.md
("Errors") says of everything refused: ``make_bot("expert:epsilon=abc")`` raised a plain
ValueError. The words are unchanged, and ``except ValueError`` still catches them all."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import pytest

from gofish import new_game
from gofish.bots import (
    CounterBot,
    EmmaBot,
    ExpertBot,
    IsmctsBot,
    RandomBot,
    base,
    bot_turn,
    canonical_spec,
    make_bot,
    parse_bot_spec,
    register_bot,
)
from gofish.core import Ask, IllegalActionError, MalformedInputError, View
from gofish.env import GoFishEnv


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    yield


REFUSED_SPECS = {
    "expert:epsilon=abc": "bot option epsilon=abc: epsilon must be a number from 0 to 1",
    "emma:memory=-1": "bot option memory=-1: memory must be a whole number of ranks, 0 or more",
    "ismcts:iterations=0": "bot option iterations=0: iterations must be a whole number of "
                           "at least 1",
    "counter:epsilon=2": "bot option epsilon=2: epsilon must be a number from 0 to 1",
    "expert:infer=3": "bot option infer=3: infer must be true or false",
    "expert:endgame=-1": "bot option endgame=-1: endgame must be a whole number of at least 0",
    "ismcts:seconds=0": "bot option seconds=0: seconds must be a finite number more than 0",
    "nobody": "unknown bot 'nobody': choose one of ",
    "emma:memry=2": "bot 'emma' has no option 'memry': it takes memory",
    "emma:memory": "bot option 'memory' in 'emma:memory' should look like KEY=VALUE",
    "emma:memory=1:memory=2": "bot option 'memory' is given twice",
    "cmd:python mybot.py": "'cmd:python mybot.py' is an external program",
}


@pytest.mark.parametrize(("spec", "words"), REFUSED_SPECS.items())
def test_a_refused_spec_is_a_malformed_input_error_in_the_same_words(spec: str,
                                                                      words: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        make_bot(spec)
    assert str(caught.value).startswith(words)


def test_options_given_as_keywords_and_specs_parsed_alone_too() -> None:
    with pytest.raises(MalformedInputError, match=r"^epsilon must be a number from 0 to 1, "
                                                  r"not 'abc'$"):
        make_bot("expert", epsilon="abc")
    with pytest.raises(MalformedInputError, match="does not take that option: depth"):
        make_bot("random", depth=2)
    with pytest.raises(MalformedInputError, match="a bot is named by text, not 3"):
        make_bot(3)  # type: ignore[arg-type]
    for read in (parse_bot_spec, canonical_spec):
        with pytest.raises(MalformedInputError, match="should look like KEY=VALUE"):
            read("emma:memory")  # type: ignore[operator]


@pytest.mark.parametrize("make", [
    lambda: EmmaBot(memory=-1), lambda: ExpertBot(infer="yes"),  # type: ignore[arg-type]
    lambda: ExpertBot(noise=-1), lambda: ExpertBot(endgame=-2),
    lambda: IsmctsBot(iterations=0), lambda: IsmctsBot(seconds=0),
    lambda: CounterBot(epsilon=1.5),
])
def test_the_bots_themselves_refuse_with_a_malformed_input_error(
        make: Callable[[], object]) -> None:
    with pytest.raises(MalformedInputError):
        make()


class Picky:
    name = "picky"

    def __init__(self, depth: int = 1) -> None:
        if depth > 3:
            raise ValueError("depth must be at most 3")  # a bot writer's own plain refusal

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


def test_a_registered_bots_own_value_error_comes_as_a_malformed_input_error() -> None:
    register_bot("picky", Picky, "refuses depth past 3", options={"depth": "how deep"})
    with pytest.raises(MalformedInputError, match=r"^bot option depth=5: depth must be at "
                                                  r"most 3$"):
        make_bot("picky:depth=5")
    with pytest.raises(MalformedInputError, match=r"^depth must be at most 3$") as caught:
        make_bot("picky", depth=5)
    assert isinstance(caught.value.__cause__, ValueError)  # the bot's own, for its traceback


@pytest.mark.parametrize(("arguments", "words"), [
    (("random", Picky, "x"), "'random' is a built-in bot"),
    (("my:bot", Picky, "x"), "a bot's name must be a word without ':', ',' or '#'"),
    ((3, Picky, "x"), "a bot's name must be text"),
    (("mine", None, "x"), "the factory must be a class or function"),
])
def test_register_bot_refuses_with_a_malformed_input_error(arguments: tuple[object, ...],
                                                          words: str) -> None:
    with pytest.raises(MalformedInputError, match=words):
        register_bot(*arguments)  # type: ignore[arg-type]


def test_a_factory_that_makes_no_bot_is_refused_so_too() -> None:
    register_bot("nothing", lambda: None, "makes nothing")  # type: ignore[arg-type,return-value]
    with pytest.raises(MalformedInputError, match="which is not a bot"):
        make_bot("nothing")


class Cheat:
    name = "cheat"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return Ask.of(view.viewer, legal[0].rank)  # asks itself: R5 names an opponent


def test_a_bots_illegal_ask_and_a_move_after_the_end_are_illegal_actions() -> None:
    game = new_game("classic", 2, seed=1)
    with pytest.raises(IllegalActionError, match="bot 'cheat' chose an illegal action"):
        bot_turn(game, Cheat(), random.Random(0))
    bots = [RandomBot(), RandomBot()]
    rng = random.Random(0)
    while game.current_player is not None:
        game.play(bot_turn(game, bots[game.current_player], rng))
    with pytest.raises(IllegalActionError, match="the game is over: no bot can move"):
        bot_turn(game, bots[0], rng)


def test_the_env_refuses_a_bad_opponent_with_make_bots_error_and_words() -> None:
    with pytest.raises(MalformedInputError) as from_make_bot:
        make_bot("expert:epsilon=abc")
    with pytest.raises(MalformedInputError) as from_env:
        GoFishEnv(opponents=["expert:epsilon=abc"])
    assert str(from_env.value) == str(from_make_bot.value)
    with pytest.raises(MalformedInputError, match="unknown bot 'nobody'"):
        GoFishEnv(opponents=["nobody"])


@pytest.mark.parametrize(("spec", "near"), [("emmma", "emma"), ("Expret:epsilon=0.2", "expert"),
                                            ("randon", "random"), ("countr", "counter")])
def test_an_unknown_bot_near_a_known_name_is_asked_about_it(spec: str, near: str) -> None:
    # "unknown bot 'emmma': choose one of …" left the reader to spot the typo in the list.
    with pytest.raises(MalformedInputError) as caught:
        make_bot(spec)
    said = str(caught.value)
    assert said.startswith(f"unknown bot {spec.split(':')[0].lower()!r}: choose one of counter, ")
    assert said.endswith(f", random; did you mean {near!r}?"), said
    assert "register_bot" not in said  # a typo, not a bot of a script


def test_a_list_of_bots_where_one_goes_is_called_a_list() -> None:
    # gofish tournament "expert,emma" (a list, as play's --opponents takes) was "unknown bot
    # 'expert,emma': …; did you mean 'expert-easy'?", a bot nobody named.
    with pytest.raises(MalformedInputError) as caught:
        make_bot("expert, emma")
    said = str(caught.value)
    assert said == ("'expert, emma' names several bots where one goes: name each on its own "
                    "('expert' and 'emma')")


@pytest.mark.parametrize(("spec", "meant"), [("emma,", "'emma'"), (",counter", "'counter'"),
                                             (",", "choose one of counter, emma, ")])
def test_one_bot_with_a_stray_comma_is_not_called_a_list(spec: str, meant: str) -> None:
    # "emma," was said to name several bots, "('emma' and '')", a bot called '' among them.
    with pytest.raises(MalformedInputError) as caught:
        make_bot(spec)
    said = str(caught.value)
    assert said.startswith(f"unknown bot {spec!r}: a bot's name has no comma; ")
    assert meant in said
    assert "several" not in said


def test_an_unknown_bot_far_from_every_name_says_where_registered_bots_play() -> None:
    with pytest.raises(MalformedInputError) as caught:
        make_bot("hoarder")
    said = str(caught.value)
    assert said.startswith("unknown bot 'hoarder': choose one of counter, emma, ")
    assert "did you mean" not in said
    assert "registered with register_bot plays only in the Python process" in said


@pytest.mark.parametrize("spec", ["", "  ", ":memory=2", ":", " :"])
def test_an_empty_bot_name_is_called_empty(spec: str) -> None:
    # "unknown bot ''" (and then where a script's bot plays) for a name left out.
    with pytest.raises(MalformedInputError) as caught:
        make_bot(spec)
    said = str(caught.value)
    assert said.startswith("a bot's name is empty: choose one of counter, emma, "), said
    assert "register_bot" not in said

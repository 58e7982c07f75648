"""Bots with options from one line of text (``emma:memory=2``), the difficulty knobs a
player sets from ``gofish play --opponents`` and ``gofish tournament``; and Emma's
``memory`` knob, which bends the rule of RULES.md "Emma" only when it is set."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from tests.bots.test_emma import emma_view

from gofish.bots import (
    EmmaBot,
    available_bots,
    canonical_spec,
    display_name,
    make_bot,
    parse_bot_spec,
)
from gofish.bots.counter import CounterBot
from gofish.bots.ismcts import IsmctsBot
from gofish.core import MalformedInputError, Rank


def test_a_spec_is_a_name_and_options_read_as_numbers_truths_or_text() -> None:
    assert parse_bot_spec("emma") == ("emma", {})
    assert parse_bot_spec(" Expert : Epsilon = 0.25 : endgame=0 : infer=false ") == (
        "expert", {"epsilon": 0.25, "endgame": 0, "infer": False})
    assert parse_bot_spec("x:word=high") == ("x", {"word": "high"})


@pytest.mark.parametrize("spelling", [
    "expert:epsilon=0.2:infer=false", "expert:infer=False:epsilon=0.20",
    "EXPERT:INFER=FALSE:EPSILON=.2", " Expert : infer = false : epsilon = 2e-1 ",
])
def test_one_bot_has_one_spelling(spelling: str) -> None:
    # expert:infer=False and expert:infer=false were two entrants of a tournament.
    assert canonical_spec(spelling) == "expert:epsilon=0.2:infer=false"
    name, options = parse_bot_spec(canonical_spec(spelling))
    assert (name, options) == parse_bot_spec(spelling)  # read back as the same bot


def test_the_one_spelling_keeps_what_tells_bots_apart() -> None:
    assert canonical_spec("emma:memory=007") == "emma:memory=7"
    assert canonical_spec("emma:memory=2.0") == "emma:memory=2.0"  # not the whole number 2
    assert canonical_spec("expert:infer=false") != canonical_spec("expert:infer=true")
    assert canonical_spec("x:word=High") == "x:word=High"  # text as given
    with pytest.raises(ValueError, match="given twice"):
        canonical_spec("expert:infer=true:INFER=false")


def test_options_from_a_spec_reach_the_bot() -> None:
    counter = make_bot("counter:epsilon=0.5")
    assert isinstance(counter, CounterBot) and counter.epsilon == 0.5
    ismcts = make_bot("ismcts:iterations=7:confidence=3")
    assert isinstance(ismcts, IsmctsBot) and (ismcts.iterations, ismcts.confidence) == (7, 3.0)
    emma = make_bot("EMMA:memory=2")
    assert isinstance(emma, EmmaBot) and emma.recall == 2


@pytest.mark.parametrize(("spec", "message"), [
    ("counter:epsilon", "should look like KEY=VALUE"),
    ("counter:=0.3", "should look like KEY=VALUE"),
    # A key with nothing after its = was told to look like KEY=VALUE, which it does.
    ("counter:epsilon=", "'epsilon' in 'counter:epsilon=' has no value: give one after the ="),
    ("emma:memory= ", "leave the option out for its default"),
    ("emma:memory=2:memory=3", "given twice"),
    ("emma:epsilon=0.2", "bot 'emma' has no option 'epsilon': it takes memory"),
    ("random:seed=1", "bot 'random' has no option 'seed': it takes none"),
    ("nobody:epsilon=0.2", "unknown bot 'nobody'"),
    ("counter:epsilon=2", "epsilon must be a number from 0 to 1"),
    ("emma:memory=-1", "memory must be a whole number"),
    ("emma:memory=1.5", "memory must be a whole number"),
    ("expert:infer=maybe", "infer must be true or false"),
    ("ismcts:seconds=nan", "seconds must be a finite number more than 0 and at most 3600"),
    ("ismcts:seconds=100000", "seconds must be a finite number more than 0 and at most 3600"),
])
def test_a_bad_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


@pytest.mark.parametrize(("spec", "message"), [
    ("counter:epsilon=1e400", "bot option epsilon=1e400: epsilon must be a number from 0 to 1"),
    ("emma:memory=1.50", "bot option memory=1.50: memory must be a whole number of ranks"),
    ("Expert:Endgame=-01", "bot option endgame=-01: endgame must be a whole number"),
    ("ismcts:seconds=NaN", "bot option seconds=NaN: seconds must be a finite number"),
])
def test_a_bad_option_value_is_quoted_as_typed_not_as_read(spec: str, message: str) -> None:
    # Read as numbers, 1e400 is inf and 1.50 is 1.5: neither is what the person wrote.
    with pytest.raises(ValueError) as refused:
        make_bot(spec)
    assert str(refused.value).startswith(message)
    assert "inf" not in str(refused.value) and ", not " not in str(refused.value)


@pytest.mark.parametrize(("spec", "said"), [
    ("emma:memory=\u0663", "bot option memory=\u0663: memory must be a whole number of ranks"),
    ("counter:epsilon=\uff10.5", "bot option epsilon=\uff10.5: epsilon must be a number"),
])
def test_an_option_in_other_digits_is_refused_as_every_number_typed_is(spec: str,
                                                                       said: str) -> None:
    # int() read '٣' as 3: emma:memory=٣ played Emma remembering three ranks, where the
    # line mode, the commands' options and the browser take the digits 0-9 only.
    with pytest.raises(ValueError) as refused:
        make_bot(spec)
    message = str(refused.value)
    assert message.startswith(said), message
    assert message.endswith(": numbers take the digits 0-9 only"), message
    assert parse_bot_spec(spec)[1] == {spec.split(":")[1].split("=")[0]: spec.split("=")[1]}


@pytest.mark.parametrize("read", [parse_bot_spec, canonical_spec, display_name])
@pytest.mark.parametrize("spec", [None, 3, ["emma"]])
def test_a_spec_that_is_not_text_is_refused_in_words(read: Callable[[str], object],
                                                     spec: object) -> None:
    # Each was an AttributeError: 'NoneType' object has no attribute 'split'.
    with pytest.raises(MalformedInputError, match=r"^a bot spec is text, such as "
                                                  r"'emma:memory=2', not "):
        read(spec)  # type: ignore[arg-type]


def test_a_bad_keyword_option_is_quoted_as_passed_not_as_the_spec_typed_it() -> None:
    with pytest.raises(ValueError, match=r"^epsilon must be a number from 0 to 1, not 2$"):
        make_bot("expert:noise=0.1", epsilon=2)


def test_every_option_a_built_in_bot_lists_is_one_it_takes() -> None:
    defaults: dict[str, object] = {"epsilon": 0.1, "noise": 0.1, "endgame": 0, "infer": False,
                                   "iterations": 3, "seconds": 0.1, "confidence": 2.0,
                                   "memory": 3}
    for info in available_bots():
        for key, meaning in info.options:
            assert meaning
            make_bot(f"{info.name}:{key}={defaults[key]}")  # raises if not taken


def test_a_spec_sits_at_the_table_under_its_bot_name() -> None:
    assert display_name("emma:memory=1") == "Emma"
    assert display_name("expert:epsilon=0.5") == "Expert"


def test_by_default_emma_recalls_every_rank_asked_for() -> None:
    # Asked for 5, then K, then 7, then 2: she holds the 5 only, asked longest ago.
    view = emma_view("5S 9H JD", asks=[(0, "5"), (0, "K"), (0, "7"), (0, "2")])
    assert EmmaBot().choose(view, view.legal_actions, random.Random(0)).rank == Rank.FIVE


def test_with_a_short_memory_she_forgets_older_asks() -> None:
    view = emma_view("5S 9H JD", asks=[(0, "5"), (0, "K"), (0, "7"), (0, "2")])
    # The 5 is the fourth most recent: a memory of 3 has lost it, so she picks at random.
    picks = {EmmaBot(memory=3).choose(view, view.legal_actions, random.Random(seed)).rank
             for seed in range(40)}
    assert picks == {Rank.FIVE, Rank.NINE, Rank.JACK}
    assert {EmmaBot(memory=4).choose(view, view.legal_actions, random.Random(seed)).rank
            for seed in range(40)} == {Rank.FIVE}


def test_with_no_memory_she_asks_at_random_among_her_ranks() -> None:
    view = emma_view("5S 9H JD", asks=[(0, "9")])
    picks = {EmmaBot(memory=0).choose(view, view.legal_actions, random.Random(seed)).rank
             for seed in range(40)}
    assert picks == {Rank.FIVE, Rank.NINE, Rank.JACK}


def test_a_tournament_plays_bots_with_options_by_their_spec(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from gofish.cli import main

    assert main(["tournament", "emma:memory=0", "emma", "--games", "60", "--seed", "4",
                 "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [bot["name"] for bot in report["bots"]] == ["emma:memory=0", "emma"]
    assert sum(bot["wins"] for bot in report["bots"]) == 60
    # The bulk simulator plays Emma's memory too: --fast gives the engine's very result.
    assert main(["tournament", "emma:memory=0", "emma", "--games", "60", "--seed", "4",
                 "--jobs", "1", "--json", "--fast"]) == 0
    fast = json.loads(capsys.readouterr().out)
    assert fast["engine"] == "sim"
    assert [(bot["name"], bot["wins"]) for bot in fast["bots"]] == [
        (bot["name"], bot["wins"]) for bot in report["bots"]]


def test_a_table_seats_bots_with_options_and_refuses_bad_ones() -> None:
    from gofish.core.errors import GoFishError
    from gofish.session import opponents_for

    assert opponents_for(3, ["Emma:memory=1"]) == ("emma:memory=1", "emma:memory=1")
    with pytest.raises(GoFishError, match="has no option 'memry'"):
        opponents_for(2, ["emma:memry=1"])


def test_a_tables_refusal_quotes_the_spec_as_typed_as_the_tournaments_does() -> None:
    # gofish play quoted 'expert:epsilon=0.3:epsilon=0.1', a spec nobody typed, where
    # gofish tournament quoted the one typed.
    from gofish.core.errors import GoFishError
    from gofish.session import opponents_for

    typed = "Expert:Epsilon=0.3:epsilon=0.1"
    with pytest.raises(MalformedInputError) as from_make_bot:
        make_bot(typed)
    with pytest.raises(GoFishError) as from_table:
        opponents_for(2, [typed])
    assert str(from_table.value) == str(from_make_bot.value)
    assert f"{typed!r}" in str(from_table.value)


def test_a_bot_registered_with_capitals_is_found_by_any_case() -> None:
    from gofish.bots import RandomBot, register_bot
    from gofish.bots.base import _REGISTRY

    register_bot("MyBot", RandomBot, "a test bot")
    try:
        assert isinstance(make_bot("MyBot"), RandomBot)
        assert isinstance(make_bot("mybot"), RandomBot)
        assert display_name("mybot") == "MyBot"
        assert "mybot" in [info.name for info in available_bots()]
    finally:
        del _REGISTRY["mybot"]
    for bad in ("", "my:bot", "my,bot"):
        with pytest.raises(ValueError, match="a bot's name must be a word"):
            register_bot(bad, RandomBot, "a test bot")

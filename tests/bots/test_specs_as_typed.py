"""Bot specs as people type them, each refused in one clear sentence or made as meant:
an option set twice (in the spec and as a keyword), a list of bots where one goes, a
name in look-alike letters, and specs too long to quote whole."""

from __future__ import annotations

import pytest

from gofish.bots import make_bot
from gofish.core import MalformedInputError
from gofish.core.errors import SHOWN_LIMIT


def refusal(spec: str, **options: object) -> str:
    with pytest.raises(MalformedInputError) as refused:
        make_bot(spec, **options)
    return str(refused.value)


@pytest.mark.parametrize("keyword", ["memory", "Memory"])
def test_an_option_in_the_spec_and_as_a_keyword_is_refused_not_overruled(keyword: str) -> None:
    # The keyword won without a word: Emma recalled 3 ranks where the spec said 2.
    said = refusal("emma:memory=2", **{keyword: 3})
    assert said == ("bot 'emma': option 'memory' is given twice, memory=2 in the spec and "
                    "again as a keyword: give it once")


def test_a_keyword_beside_a_spec_of_other_options_still_goes_to_the_bot() -> None:
    bot = make_bot("expert:noise=0.5", epsilon=0.25)
    assert (bot.epsilon, bot.noise) == (0.25, 0.5)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spec", "each"), [
    ("expert:epsilon=0.3,emma", "'expert:epsilon=0.3' and 'emma'"),
    ("expert:epsilon=0.3, emma:memory=2", "'expert:epsilon=0.3' and 'emma:memory=2'"),
    ("expert,emma:memory=2", "'expert' and 'emma:memory=2'"),
])
def test_a_list_of_bots_with_options_is_called_a_list_not_a_bad_value(
        spec: str, each: str) -> None:
    # It was "bot option epsilon=0.3,emma: epsilon must be a number from 0 to 1".
    assert refusal(spec) == (f"{spec!r} names several bots where one goes: name each on its "
                             f"own ({each})")


def test_a_comma_in_a_value_that_names_no_bot_is_the_bots_to_judge() -> None:
    assert refusal("expert:epsilon=0,3").startswith("bot option epsilon=0,3: epsilon must be")


@pytest.mark.parametrize("spec", ["ｅｍｍａ", "ＥＭＭＡ", "ｅｍｍａ:memory=2"])
def test_a_name_in_full_width_letters_is_pointed_at_the_bot_it_looks_like(spec: str) -> None:
    # Nothing in "ｅｍｍａ" is a letter of "emma": no hint came, only the list of bots.
    said = refusal(spec)
    assert said.startswith("unknown bot 'ｅｍｍａ': choose one of counter, emma, ")
    assert said.endswith("; did you mean 'emma'?")


@pytest.mark.parametrize("spec", [
    "x" * 10_000,
    "emma:" + "memory=1:" * 2_000,
    "emma:memory=1:" + "y" * 10_000,
    "emma:" + "z" * 10_000 + "=1",
    ",".join(["emma", "counter"] * 2_000),
])
def test_a_very_long_spec_is_quoted_cut_short(spec: str) -> None:
    # The whole spec was quoted: 10,000 characters of refusal on the terminal.
    said = refusal(spec)
    assert "…" in said and len(said) < 4 * SHOWN_LIMIT + 200, said


@pytest.mark.parametrize(("spec", "meant"), [
    ("emma memory=2", "emma:memory=2"),
    ("Emma;memory=2", "emma:memory=2"),
    ("expert noise=0.5 epsilon=0.1", "expert:noise=0.5:epsilon=0.1"),
])
def test_options_joined_by_a_space_or_a_semicolon_are_shown_joined_by_a_colon(
        spec: str, meant: str) -> None:
    # It was only "unknown bot 'emma memory=2': choose one of counter, emma, …".
    said = refusal(spec)
    assert said.startswith(f"unknown bot {spec.lower()!r}: choose one of counter, emma, ")
    assert said.endswith(f"; options follow the name after ':', as in {meant}")
    make_bot(meant)  # the spec suggested is one that plays


@pytest.mark.parametrize("spec", ["emma memory", "nobody x=1"])
def test_no_colon_is_suggested_where_no_known_bot_has_options_after_it(spec: str) -> None:
    assert "options follow" not in refusal(spec)


@pytest.mark.parametrize(("spec", "meant"), [
    ("emma:memroy=2", "memory"),
    ("ismcts:iteration=5", "iterations"),
    ("emma:ｍｅｍｏｒｙ=2", "memory"),
])
def test_a_misspelt_option_is_pointed_at_the_one_meant(spec: str, meant: str) -> None:
    # It was only "bot 'emma' has no option 'memroy': it takes memory".
    assert refusal(spec).endswith(f"; did you mean {meant!r}?")


def test_an_option_like_none_the_bot_takes_gets_no_hint() -> None:
    assert refusal("expert:colour=red") == ("bot 'expert' has no option 'colour': it takes "
                                            "epsilon, noise, endgame, infer")

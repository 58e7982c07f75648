"""Bot knobs at their edges: whole-number knobs take numpy's whole numbers as the other
knobs take numpy's numbers, and a huge or long value is refused in one short line."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import EmmaBot, ExpertBot, IsmctsBot, make_bot

np = pytest.importorskip("numpy")


def test_whole_number_knobs_take_numpy_whole_numbers() -> None:
    # A study sweeping a knob over np.arange passes np.int64: it was refused as
    # "memory must be a whole number of ranks, 0 or more, not np.int64(2)".
    emma = make_bot("emma", memory=np.int64(2))
    ismcts = make_bot("ismcts", iterations=np.int64(3))
    expert = make_bot("expert", endgame=np.int32(0))
    assert isinstance(emma, EmmaBot) and emma.recall == 2 and type(emma.recall) is int
    assert isinstance(ismcts, IsmctsBot) and ismcts.iterations == 3
    assert type(ismcts.iterations) is int
    assert isinstance(expert, ExpertBot) and not expert.searches_endgame


def test_a_numpy_memory_plays_as_the_same_whole_number() -> None:
    game = gofish.new_game("classic", 2, seed=4)
    bots = [make_bot("emma", memory=np.int64(1)), make_bot("emma", memory=1)]
    first = game.current_player
    assert first is not None
    view = game.view(first)
    asks = {bot.choose(view, view.legal_actions, random.Random(9)) for bot in bots}
    assert len(asks) == 1


@pytest.mark.parametrize(("name", "option", "complaint"), [
    ("emma", "memory", "memory must be a whole number of ranks, 0 or more"),
    ("ismcts", "iterations", "iterations must be a whole number of at least 1"),
    ("expert", "endgame", "endgame must be a whole number of at least 0"),
    ("expert", "noise", "noise must be a finite number at least 0"),
    ("ismcts", "seconds", "seconds must be a finite number more than 0 and at most 3600"),
])
def test_an_int_too_long_to_write_is_refused_by_the_knob(
        name: str, option: str, complaint: str) -> None:
    # Quoting it with repr raised "Exceeds the limit (4300 digits) for integer string
    # conversion", which make_bot passed on in place of the knob's own refusal.
    huge = -(10**5000) if option != "seconds" else 10**5000
    with pytest.raises(ValueError) as refused:
        make_bot(name, **{option: huge})
    message = str(refused.value)
    assert message.startswith(complaint) and "\n" not in message and len(message) < 160


@pytest.mark.parametrize("spec", [
    "emma:memory=-" + "9" * 4000,
    "ismcts:iterations=-" + "9" * 4000,
    "expert:epsilon=" + "1" * 5000,
])
def test_a_long_value_in_a_spec_is_refused_in_one_short_line(spec: str) -> None:
    # The value typed and the value read were both quoted in full: 8,000 characters.
    key = spec.split(":")[1].split("=")[0]
    with pytest.raises(ValueError) as refused:
        make_bot(spec)
    message = str(refused.value)
    assert message.startswith(f"bot option {key}=") and len(message) < 200


def test_a_long_text_value_is_quoted_cut_short() -> None:
    with pytest.raises(ValueError) as refused:
        make_bot("expert", epsilon="x" * 5000)
    message = str(refused.value)
    assert message.startswith("epsilon must be a number from 0 to 1, not 'xxx")
    assert len(message) < 200


def test_emma_memory_all_is_refused_with_the_way_to_get_all() -> None:
    # `gofish bots` gives memory's default as "all", so a player typed memory=all and was
    # told only that it must be a whole number: the refusal says how to have all of them.
    with pytest.raises(ValueError) as refused:
        make_bot("emma:memory=all")
    assert str(refused.value).startswith("bot option memory=all: memory must be a whole number")
    assert "leave memory out" in str(refused.value)

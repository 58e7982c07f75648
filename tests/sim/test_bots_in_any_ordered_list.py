"""``simulate`` and ``play_deals`` take their bots as a ``Plan`` takes its specs and
``GoFishEnv`` its opponents: any list of names in order, a numpy array of them too.

A study keeps its line-ups in numpy arrays; ``simulate`` refused one with "bots must be a
list of bot names, one per seat, not array(['random', 'emma'], ...)", a list of bot
names as far as the researcher could tell, which a Plan and GoFishEnv took.
"""

from __future__ import annotations

import numpy as np
import pytest

from gofish.core import GoFishError, MalformedInputError
from gofish.sim import play_deals, simulate

SEATS = ["random", "emma"]


@pytest.mark.parametrize("bots", [np.array(SEATS), tuple(SEATS), (name for name in SEATS)])
def test_simulate_plays_bots_named_in_any_ordered_list(bots: object) -> None:
    expected = simulate("classic", SEATS, games=50, seed=3)
    result = simulate("classic", bots, games=50, seed=3)  # type: ignore[arg-type]
    assert np.array_equal(result.win_shares(), expected.win_shares())
    assert np.array_equal(result.books, expected.books)


def test_play_deals_plays_specs_named_in_a_numpy_array() -> None:
    arguments = ("classic", 2, 1, [0, 1], [0, 1], [[0, 1], [1, 0]])
    expected = play_deals(*arguments, ["emma:memory=2", "counter"])
    result = play_deals(*arguments, np.array(["emma:memory=2", "counter"]))
    assert all(np.array_equal(a, b) for a, b in zip(result, expected, strict=True))


@pytest.mark.parametrize(("bots", "words"), [
    ({"random": 1, "emma": 1}, r"bots must be a list of bot names in order, e\.g\. "
                               r"\['emma', 'random'\], not a dict .*whose values would be "
                               r"dropped"),
    ({"random", "emma"}, r"not a set .*which has no order"),
    ("random", r"bots must be a list of bot names, not 'random'"),
    (b"random", r"bots must be a list of bot names, not b'random'"),
    (["random", 3], r"bots must be a list of bot names, and 3 is not one"),
    # Iterable to its type, refused by iter(): "iteration over a 0-d array" from inside
    (np.array("random"), r"bots must be a list of bot names, not array\('random'"),
])
def test_what_is_no_list_of_names_is_refused_saying_so(bots: object, words: str) -> None:
    with pytest.raises(MalformedInputError, match=words):
        simulate("classic", bots, games=10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError, match=words):
        play_deals("classic", 2, 1, [0], [0], [[0, 1]], bots)  # type: ignore[arg-type]


def test_play_deals_takes_its_specs_from_a_generator_once() -> None:
    # The kinds' bound was then told with len(bots): a TypeError for a generator.
    with pytest.raises(MalformedInputError, match="numbers of the 2 bots given"):
        play_deals("classic", 2, 1, [0], [0], [[0, 2]], (spec for spec in SEATS))


@pytest.mark.parametrize("call", ["simulate", "plan", "env"])
def test_an_endless_generator_of_names_is_refused_not_read_for_ever(call: str) -> None:
    # A generator is read once, to a tuple: an endless one (itertools.repeat) hung the call.
    import itertools

    from gofish.core import make_rules
    from gofish.tournament import Plan, TournamentError

    endless = itertools.repeat("emma")
    with pytest.raises((MalformedInputError, TournamentError, GoFishError),
                       match="endless generator"):
        if call == "simulate":
            simulate("classic", endless, games=1)
        elif call == "env":  # its opponents read as these are: list() of them hung
            from gofish.env import GoFishEnv

            GoFishEnv("classic", players=3, opponents=endless)  # type: ignore[arg-type]
        else:
            Plan(make_rules("classic"), 2, 0, endless, 10)

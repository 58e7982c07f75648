"""gofish.sim.play_deals refuses, before any game, what it cannot play: it took unknown
bot kinds (7, -1), a seating that two seats do not have (rotation 9), deal -5 and seed -1
without a word, and played something (kind 7 as random, -1 as counter, the rest on
wrapped numbers)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.core import MalformedInputError, make_rules
from gofish.sim import play_deals, simulate

CLASSIC = make_rules("classic")


def play(players: int = 2, seed: object = 1, deals: object = (0, 1),
         rotations: object = (0, 1), kinds: object = ((1, 0), (1, 0))) -> np.ndarray:
    books, actions = play_deals(CLASSIC, players, seed, deals, rotations, kinds)  # type: ignore[arg-type]
    assert (actions > 0).all()
    return books


def test_good_arguments_play_the_games_simulate_plays() -> None:
    books = play(deals=range(50), rotations=[0] * 50, kinds=[[0, 1]] * 50)
    assert books.sum(axis=1).tolist() == [13] * 50  # every book laid (classic, R9)
    same = simulate("classic", ["random", "emma"], games=50, seed=1)
    assert (books == same.books).all()
    flat = play(deals=np.arange(3, dtype=np.uint64), rotations=np.ones(3, np.int32),
                kinds=[0, 1] * 3)  # numpy's other whole numbers, kinds flat: still fine
    assert flat.shape == (3, 2)


@pytest.mark.parametrize(("arguments", "complaint"), [
    ({"kinds": [[7, 0], [1, 0]]}, "kinds must be bot kinds (random 0, emma 1, counter 2), "
                                  "from 0 to 2, not 7"),
    ({"kinds": [[1, 0], [-1, 0]]}, "kinds must be bot kinds (random 0, emma 1, counter 2), "
                                   "from 0 to 2, not -1"),
    ({"rotations": [0, 9]}, "rotations must be seatings of 2 players, from 0 to 1, not 9"),
    ({"rotations": [0, -1]}, "rotations must be seatings of 2 players, from 0 to 1, not -1"),
    ({"deals": [-5, 1]}, "deals must be deal numbers, from 0 to 9,223,372,036,854,775,807, "
                         "not -5"),
    # The entry that is no whole number, not numpy's word for the array it made of them
    # ("float64 values", "<U1 values", "object values" for a None or a generator).
    ({"deals": [0.5, 1.0]}, "deals must be whole numbers (deal numbers), not 0.5"),
    # An array's too: a pandas column with a gap is an array of objects holding None.
    ({"deals": np.array([0.5, 1.0])}, "deals must be whole numbers (deal numbers), "
                                      "not np.float64(0.5)"),
    ({"deals": np.array([0, None], dtype=object)}, "deals must be whole numbers (deal "
                                                   "numbers), not None"),
    ({"deals": deque([0, None])}, "deals must be whole numbers (deal numbers), not None"),
    # A lone whole number is one game's deal, so a lone 0.5 lacks no list (it was told to
    # 'give a list or an array of them'); None is not 'a NoneType'.
    ({"deals": 0.5, "rotations": 0, "kinds": (1, 0)},
     "deals must be whole numbers (deal numbers), not 0.5"),
    ({"deals": None}, "deals must be whole numbers (deal numbers), not None: give a list or "
                      "an array of them"),
    ({"kinds": [[1, 0], [1, None]]}, "kinds must be whole numbers (bot kinds (random 0, emma "
                                     "1, counter 2)), not None"),
    ({"kinds": [[1, 0], ["1", 0]]}, "bot kinds (random 0, emma 1, counter 2)), not '1'"),
    ({"deals": (deal for deal in (0, 1))}, "deals must be whole numbers (deal numbers), not a "
                                           "generator, <generator object"),
    ({"rotations": "01"}, "rotations must be whole numbers (seatings of 2 players), not a str, "
                          "'01': give a list or an array of them"),
    # A 0-d array of text, "an ndarray" as it is said ("a ndarray" read wrong).
    ({"deals": np.array("x")}, "deals must be whole numbers (deal numbers), not an ndarray, "
                               "array('x', dtype='<U1'): give a list or an array of them"),
    ({"seed": -1}, "seed must be a whole number from 0 to 18,446,744,073,709,551,615, not -1"),
    ({"seed": 2**64}, "seed must be a whole number from 0 to 18,446,744,073,709,551,615"),
    ({"players": 6}, "6 players cannot play"),
    ({"rotations": [0]}, "play_deals needs a rotation and 2 bot kinds for each of the 2 deals, "
                         "not 1 rotations and 4 kinds"),
    ({"kinds": [1, 0, 1]}, "not 2 rotations and 3 kinds"),
])
def test_nonsense_is_refused_saying_what_is_wrong(arguments: dict[str, object],
                                                  complaint: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        play(**arguments)  # type: ignore[arg-type]
    assert complaint in str(caught.value)


def test_a_seating_of_three_players_goes_up_to_five() -> None:
    # --seatings all numbers the 3! orders 0..5 (the rotations first): all are playable.
    books, _ = play_deals(CLASSIC, 3, 1, [0] * 6, range(6), [[0, 1, 2]] * 6)
    assert books.sum(axis=1).tolist() == [13] * 6
    with pytest.raises(MalformedInputError, match="from 0 to 5, not 6"):
        play_deals(CLASSIC, 3, 1, [0], [6], [[0, 1, 2]])


@pytest.mark.parametrize(("arguments", "complaint"), [
    # numpy reads a bool among numbers as 1 or 0: these played deal 1, seating 1, Emma.
    ({"deals": [True, 1]}, "deals must be whole numbers (deal numbers), not True"),
    ({"deals": (0, np.True_)}, "deals must be whole numbers (deal numbers), not np.True_"),
    ({"rotations": [0, True]}, "rotations must be whole numbers (seatings of 2 players), "
                               "not True"),
    ({"kinds": [[1, 0], [1, False]]}, "kinds must be whole numbers (bot kinds (random 0, emma "
                                      "1, counter 2)), not False"),
    ({"kinds": [np.array([True, False]), [1, 0]]}, "kinds must be whole numbers (bot kinds "
                                                   "(random 0, emma 1, counter 2)), not "
                                                   "np.True_"),
    ({"seed": True}, "seed must be a whole number, not True"),
    ({"players": True}, "the number of players must be a whole number, not True"),
])
def test_a_bool_among_numbers_is_refused_naming_it(arguments: dict[str, object],
                                                   complaint: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        play(**arguments)  # type: ignore[arg-type]
    assert str(caught.value) == complaint


def test_numbers_of_numpy_kinds_among_python_ints_are_still_whole_numbers() -> None:
    books = play(deals=[np.int64(0), 1], rotations=(np.uint8(0), 1),
                 kinds=[np.array([1, 0]), (np.int32(1), 0)])
    assert (books == play()).all()

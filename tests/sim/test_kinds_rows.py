"""play_deals reads ``kinds`` as one row of bots per game (or the rows one after the other,
flat). Rows of another length were read as the flat list: kinds given seat by seat, a row
of each seat's bot over the games (shape players x games, numpy's transpose of the rows),
were cut into rows in silence, and other games than asked for played (random against random
where every game was random against Emma)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.core import MalformedInputError
from gofish.sim import play_deals


def test_kinds_seat_by_seat_are_refused_saying_what_rows_are_needed() -> None:
    by_seat = np.array([[0] * 5, [1] * 5])  # seat 0 random in all five games, seat 1 Emma
    with pytest.raises(MalformedInputError, match=r"^kinds must hold one row of 2 bot kinds "
                                                  r"per deal \(5 rows\), or all of them in one "
                                                  r"flat list, not rows of shape \(2, 5\)$"):
        play_deals("classic", 2, 1, range(5), [0] * 5, by_seat)
    with pytest.raises(MalformedInputError, match=r"not rows of shape \(3, 1, 2\)"):
        play_deals("classic", 2, 1, range(3), [0] * 3, [[[0, 1]], [[0, 1]], [[1, 0]]])


def test_rows_per_game_and_a_flat_list_play_the_same_games() -> None:
    rows, _ = play_deals("classic", 2, 1, range(5), [0] * 5, np.array([[0] * 5, [1] * 5]).T)
    flat, _ = play_deals("classic", 2, 1, range(5), [0] * 5, [0, 1] * 5)
    assert (rows == flat).all()
    one_game, _ = play_deals("classic", 2, 1, [3], [0], [[0, 1]])
    assert (one_game == rows[3]).all()

"""simulate() refuses a seed past 64 bits as a tournament Plan does, in the same words: the
deals use only a seed's low 64 bits, so seed=2**64 played seed 0's games under another
number (and a study pooling the two counted them twice)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from gofish.core import MalformedInputError, make_rules
from gofish.sim import simulate
from gofish.sim.rng import deal_indices
from gofish.tournament.plan import MAX_SEED, Plan, TournamentError


def test_a_seed_past_64_bits_would_deal_the_games_of_a_smaller_one() -> None:
    assert deal_indices(2**64, 0, 2) == deal_indices(0, 0, 2)


@pytest.mark.parametrize("seed", [2**64, 2**64 + 1, 2**200])
def test_a_seed_past_64_bits_is_refused_in_the_words_of_a_plan(seed: int) -> None:
    with pytest.raises(TournamentError) as caught:
        Plan(rules=make_rules("classic"), players=2, seed=seed, specs=("random", "emma"),
             games_asked=5)
    words = str(caught.value)
    assert words.startswith(f"seed must be a whole number from 0 to {MAX_SEED:,}")
    with pytest.raises(MalformedInputError, match=f"^{re.escape(words)}$"):
        simulate("classic", ["random", "emma"], games=5, seed=seed)


def test_the_largest_seed_still_plays_and_is_not_seed_0() -> None:
    pytest.importorskip("numba")
    for seed in (MAX_SEED, np.uint64(MAX_SEED)):
        largest = simulate("classic", ["random", "emma"], games=200, seed=seed)  # type: ignore[arg-type]
        assert largest.books.sum(axis=1).tolist() == [13] * 200
    zero = simulate("classic", ["random", "emma"], games=200, seed=0)
    assert not np.array_equal(largest.books, zero.books)

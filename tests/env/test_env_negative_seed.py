"""GoFishEnv.reset refuses a negative seed: Python's random seeds with abs(), so seed=-1
dealt the game of seed=1 (two "different" training seeds, one game), and Gymnasium's
seeds are 0 or more. Refused in the env's own words, before anything changes."""

from __future__ import annotations

import numpy as np
import pytest

from gofish.core import MalformedInputError
from gofish.env import GoFishEnv


@pytest.mark.parametrize("seed", [-1, -(2**70), np.int64(-3)])
def test_a_negative_seed_is_refused(seed: object) -> None:
    env = GoFishEnv("classic", players=2, opponents=["emma"])
    with pytest.raises(MalformedInputError, match=r"^seed must be a whole number from 0, as "
                                                  r"Gymnasium's seeds are, not -\d+$"):
        env.reset(seed=seed)  # type: ignore[arg-type]


def test_a_refused_seed_changes_nothing() -> None:
    env = GoFishEnv("classic", players=2, opponents=["emma"])
    twin = GoFishEnv("classic", players=2, opponents=["emma"])
    env.reset(seed=1)
    twin.reset(seed=1)
    before = env._live_game().to_record()
    with pytest.raises(MalformedInputError):
        env.reset(seed=-1)
    assert env._live_game().to_record() == before  # the game under way is kept
    # and the unseeded resets still follow seed 1's sequence, as its twin's do
    assert env.reset()[1] == twin.reset()[1]
    assert env._live_game().to_record() == twin._live_game().to_record()


def test_zero_and_positive_seeds_still_deal_reproducibly() -> None:
    env = GoFishEnv("classic", players=2, opponents=["emma"])
    for seed in (0, 1, 12_345):
        first = env.reset(seed=seed)[0], env._live_game().to_record()
        again = env.reset(seed=seed)[0], env._live_game().to_record()
        assert np.array_equal(first[0], again[0]) and first[1] == again[1]
    env.reset(seed=1)
    one = env._live_game().to_record()
    env.reset(seed=0)
    assert env._live_game().to_record() != one

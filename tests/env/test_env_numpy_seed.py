"""GoFishEnv.reset takes numpy whole numbers as seeds, as simulate() and Plan do."""

from __future__ import annotations

import numpy as np
import pytest

from gofish.core import GoFishError
from gofish.env import GoFishEnv


def test_a_numpy_seed_deals_the_game_of_the_same_int_seed() -> None:
    # A study drawing its seeds from an array passed np.int64 and was refused
    # ("a seed must be a whole number or a string, not np.int64(7)").
    env = GoFishEnv("classic", players=3, opponents=["emma", "random"])
    obs, info = env.reset(seed=7)
    record = env._live_game().to_record()
    for seed in (np.int64(7), np.uint32(7)):
        numpy_obs, numpy_info = env.reset(seed=seed)  # type: ignore[arg-type]
        assert np.array_equal(numpy_obs, obs) and numpy_info == info
        assert env._live_game().to_record() == record


@pytest.mark.parametrize("seed", [np.bool_(True), np.float64(7.0), 7.5])
def test_a_seed_that_is_not_a_whole_number_is_still_refused(seed: object) -> None:
    with pytest.raises(GoFishError, match="seed"):
        GoFishEnv().reset(seed=seed)  # type: ignore[arg-type]

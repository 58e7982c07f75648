"""simulate() refuses a negative seed as a tournament Plan does, in the same words: -1 was
played, as the seed 2**64 - 1 (only the low 64 bits deal), while Plan refused it."""

from __future__ import annotations

import re

import numpy as np
import pytest

from gofish.core import MalformedInputError, make_rules
from gofish.sim import simulate
from gofish.tournament.plan import Plan, TournamentError


def _plan_refusal(seed: object) -> str:
    with pytest.raises(TournamentError) as caught:
        Plan(rules=make_rules("classic"), players=2, seed=seed,  # type: ignore[arg-type]
             specs=("random", "emma"), games_asked=5)
    return str(caught.value)


@pytest.mark.parametrize("seed", [-1, np.int64(-7), -(2**70)])
def test_a_negative_seed_is_refused_in_the_words_of_a_plan(seed: object) -> None:
    words = _plan_refusal(seed)
    assert words.startswith("seed must be a whole number from 0")
    with pytest.raises(MalformedInputError, match=f"^{re.escape(words)}$"):
        simulate("classic", ["random", "emma"], games=5, seed=seed)  # type: ignore[arg-type]


def test_a_seed_that_is_not_a_number_is_still_said_to_be_one() -> None:
    with pytest.raises(MalformedInputError, match=r"^seed must be a whole number, not 'x'$"):
        simulate("classic", ["random", "emma"], games=5, seed="x")  # type: ignore[arg-type]

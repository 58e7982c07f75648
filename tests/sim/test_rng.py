"""The shared random design: the Python streams and the compiled ones are the same numbers."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.core import FULL_DECK
from gofish.sim import kernel
from gofish.sim.rng import MASK, SplitMixRandom, deal_cards, deal_indices, derive


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5, MASK])
def test_derived_states_match(seed: int) -> None:
    for deal in (0, 1, 999_999):
        for stream in (0, 1, 17):
            compiled = int(kernel.derive(np.uint64(seed), deal, stream))
            assert compiled == derive(seed, deal, stream)


def test_choices_match_floor_u_times_n() -> None:
    python = SplitMixRandom(12345)
    states = np.array([12345], np.uint64)
    for n in [1, 2, 3, 7, 13, 52, 65, 1000] * 50:
        assert python.randrange(n) == kernel.below(states, 0, n)


def test_deals_match_and_are_permutations() -> None:
    ranks = np.zeros(52, np.int64)
    cards = np.zeros(52, np.int64)
    for deal in range(200):
        indices, first = deal_indices(7, deal, 3)
        state = np.array([derive(7, deal, 0)], np.uint64)
        assert kernel.shuffle_deal(state, 0, cards, ranks, 3) == first
        assert ranks.tolist() == [i // 4 + 1 for i in indices]
        assert sorted(indices) == list(range(52))
    deck, _ = deal_cards(7, 0, 2)
    assert [card.rank.value for card in deck] == [i // 4 + 1 for i in deal_indices(7, 0, 2)[0]]
    assert set(deck) == set(FULL_DECK)


def test_splitmix_random_is_a_working_random() -> None:
    rng = SplitMixRandom(3)
    values = [rng.random() for _ in range(10_000)]
    assert min(values) >= 0.0 and max(values) < 1.0
    assert abs(sum(values) / len(values) - 0.5) < 0.02
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
    assert rng.randrange(5, 10) in range(5, 10)
    assert rng.getrandbits(100) < 2**100
    state = rng.getstate()
    first = rng.random()
    rng.setstate(state)
    assert rng.random() == first
    assert isinstance(rng, random.Random)


class _DrawnFromGetrandbits(SplitMixRandom):
    """SplitMixRandom as it drew below n before its own ``_randbelow``: the standard
    library's way, built on ``getrandbits``."""

    _randbelow = random.Random._randbelow_with_getrandbits  # type: ignore[assignment]


@pytest.mark.parametrize("seed", [0, 7, 2**63 + 5, MASK])
def test_shuffles_and_choices_take_the_draws_getrandbits_would(seed: int) -> None:
    ours, standard = SplitMixRandom(seed), _DrawnFromGetrandbits(seed)
    for n in [*range(1, 70), 2**63, 2**64 - 1, 2**64, 2**64 + 5, 10**30]:
        assert ours._randbelow(n) == standard._randbelow(n)  # type: ignore[attr-defined]
    for size in (1, 2, 4, 13, 52):
        mine, theirs = list(range(size)), list(range(size))
        ours.shuffle(mine)
        standard.shuffle(theirs)
        assert mine == theirs
        assert ours.choice(mine) == standard.choice(theirs)
    assert ours.sample(range(1000), 10) == standard.sample(range(1000), 10)
    assert ours.getstate() == standard.getstate()

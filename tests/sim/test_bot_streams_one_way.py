"""A bot's random stream does not lead back to the deal.

An audit rebuilt the whole deal (every hand, the pond order) from the ``rng`` the engine
hands a Python bot, in every decision it tried: the stream's state was
``mix64(inner + GOLDEN * (stream + 1))``, ``mix64`` can be undone, and ``inner`` gives the
deal's stream, ``mix64(inner + GOLDEN)``. Bot streams now start at ``x ^ mix64(x)``
(``derive_bot``), which no step undoes. These tests run the audit's steps, check that they
still work on a ``derive`` stream (so the steps are right) and fail on the bots' streams,
and that the engine and the simulator derive bot streams alike."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from gofish.core import Ask, View, make_rules
from gofish.sim.rng import (
    GOLDEN,
    MASK,
    SplitMixRandom,
    bot_rngs,
    bot_stream,
    derive,
    derive_bot,
    mix64,
)
from gofish.tournament.plan import Plan
from gofish.tournament.play import play_engine_game

_MIX1_INVERSE = pow(0xBF58476D1CE4E5B9, -1, 1 << 64)
_MIX2_INVERSE = pow(0x94D049BB133111EB, -1, 1 << 64)


def _undo_xorshift(z: int, shift: int) -> int:
    value = z
    for _ in range(64 // shift + 1):
        value = z ^ (value >> shift)
    return value


def unmix64(z: int) -> int:
    """``mix64``'s inverse: what the audit used."""
    z = _undo_xorshift(z, 31)
    z = _undo_xorshift((z * _MIX2_INVERSE) & MASK, 27)
    return _undo_xorshift((z * _MIX1_INVERSE) & MASK, 30)


def deal_stream_guessed(state: int, stream: int) -> int:
    """The audit: the deal's stream from a bot stream's state and its stream number."""
    inner = (unmix64(state) - GOLDEN * (stream + 1)) & MASK
    return mix64((inner + GOLDEN) & MASK)


def test_the_audits_steps_rebuild_the_deal_from_a_stream_derive_made() -> None:
    for value in (0, 1, 2**63, MASK, 0x1234_5678_9ABC_DEF0):
        assert unmix64(mix64(value)) == value
    for seed, deal in ((1, 0), (7, 12_345), (2**64 - 1, 3)):
        assert deal_stream_guessed(derive(seed, deal, 5), 5) == derive(seed, deal, 0)


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5, 2**64 - 1])
def test_no_bot_stream_leads_back_to_its_deal(seed: int) -> None:
    for deal in range(200):
        deck = derive(seed, deal, 0)
        for rotation in range(3):
            for seat in range(5):
                stream = bot_stream(rotation, seat)
                state = derive_bot(seed, deal, stream)
                assert deal_stream_guessed(state, stream) != deck
                # nor from the first number drawn, which gives the state away as well
                drawn = SplitMixRandom(state).next64()
                assert deal_stream_guessed((unmix64(drawn) - GOLDEN) & MASK, stream) != deck


class Spy:
    """A bot that keeps the state of every rng it is handed."""

    name = "spy"

    def __init__(self) -> None:
        self.states: list[int] = []

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.states.append(rng.getstate()[0])
        return legal[0]


def test_a_bot_in_a_tournament_game_cannot_rebuild_the_deal_from_its_rng() -> None:
    plan = Plan(make_rules("classic"), players=2, seed=3, specs=("random", "random"),
                games_asked=2)
    for deal in range(20):
        spies = [Spy(), Spy()]
        play_engine_game(plan, spies, deal, rotation=1)
        deck = derive(plan.seed, deal, 0)
        states = {state for spy in spies for state in spy.states}
        assert states == {derive_bot(plan.seed, deal, bot_stream(1, seat)) for seat in (0, 1)}
        for state in states:  # this spy draws nothing: the state is the stream's start
            assert all(deal_stream_guessed(state, stream) != deck  # any stream it may guess
                       for stream in range(1, 41))


def test_the_simulator_derives_bot_streams_as_the_engine_does() -> None:
    pytest.importorskip("numba")
    from gofish.sim import kernel

    for seed in (0, 1, 2**63 + 5, MASK):
        for deal in (0, 1, 999_999):
            for stream in (1, 9, 17, 40):
                compiled = int(kernel.derive_bot(np.uint64(seed), deal, stream))
                assert compiled == derive_bot(seed, deal, stream)
    rngs = bot_rngs(5, 4, 2, 3)
    assert [rng.getstate()[0] for rng in rngs] == [
        derive_bot(5, 4, bot_stream(2, seat)) for seat in range(3)]

"""Random and Emma bots give the same statistics in the simulator as in the engine.

The engine side here uses Python's own Mersenne Twister (``random.Random``) and
``new_game``'s shuffle, independent of the simulator's streams, so this checks
the distributions, not just the shared random design. Means are compared with
a two-sample z test; deterministic seeds keep the test from flaking.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.bots import make_bot, play_out
from gofish.core import new_game
from gofish.sim import simulate

ENGINE_GAMES = 1500
SIM_GAMES = 60_000
Z_LIMIT = 4.0


def _z(engine: list[float], sim: np.ndarray) -> float:
    a = np.asarray(engine, dtype=float)
    se = math.sqrt(a.var(ddof=1) / len(a) + sim.var(ddof=1) / len(sim))
    return 0.0 if se == 0 else float((a.mean() - sim.mean()) / se)


def _engine_stats(preset: str, bots: list[str]) -> tuple[list[float], list[float], list[float]]:
    """Per game: seat 0's win share, seat 0's books, the number of asks."""
    shares, books, lengths = [], [], []
    for game_number in range(ENGINE_GAMES):
        game = new_game(preset, players=len(bots), seed=f"stats-{game_number}")
        rngs = [random.Random(f"{game_number}-{seat}") for seat in range(len(bots))]
        play_out(game, [make_bot(name) for name in bots], rngs)
        winners = game.winners or ()
        shares.append(1 / len(winners) if 0 in winners else 0.0)
        books.append(len(game.books[0]))
        lengths.append(len(game.actions))
    return shares, books, lengths


@pytest.mark.parametrize(
    ("preset", "bots"),
    [("classic", ["emma", "random"]), ("nordic", ["random", "random", "random"])],
)
def test_same_win_rate_books_and_length(preset: str, bots: list[str]) -> None:
    shares, books, lengths = _engine_stats(preset, bots)
    result = simulate(preset, bots, SIM_GAMES, seed=99)
    sim_shares = result.win_shares()[:, 0]
    assert abs(_z(shares, sim_shares)) < Z_LIMIT
    assert abs(_z(books, result.books[:, 0].astype(float))) < Z_LIMIT
    assert abs(_z(lengths, result.actions.astype(float))) < Z_LIMIT


def test_emma_beats_random_in_the_simulator() -> None:
    # Sanity check that the comparison above has power: Emma's edge is visible.
    result = simulate("classic", ["emma", "random"], SIM_GAMES, seed=5)
    assert result.win_shares()[:, 0].mean() > 0.53
    assert (result.books.sum(axis=1) == 13).all()  # R14: every book is laid

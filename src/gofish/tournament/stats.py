"""Confidence intervals and Elo ratings from tournament totals.

* **95% interval**: the Wilson score interval for a proportion, with the win
  rate (shared wins counted 1/k) as the observed proportion and the seats
  played as the number of trials. It stays inside [0, 1] and behaves at 0% and 100%.
* **Elo**: a Bradley–Terry model fitted by maximum likelihood to the pairwise
  results (every pair of seats at a table held by different entrants: more
  books wins, equal books is a draw; a forfeit loses to everyone), with the
  minorisation–maximisation iteration of Hunter (2004). One virtual draw per
  pair that met keeps ratings finite when a bot never loses. Ratings are
  ``400 * log10(strength)``, shifted so that their mean is 0: only differences mean
  anything (+100 is expected to score about 64% against 0).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054
PRIOR_DRAWS = 1.0


def wilson_interval(rate: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval around an observed proportion ``rate`` of ``trials``."""
    if trials <= 0:
        return (0.0, 1.0)
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    spread /= 1 + z2 / trials
    # The interval holds the observed rate; rounding put 0 wins at a low of 2.8e-17 and
    # every game won at a high of 0.9999999999999999, outside it for a script's check.
    return (min(max(0.0, centre - spread), rate), max(min(1.0, centre + spread), rate))


def elo_ratings(
    pair_games: list[list[int]], pair_points: list[list[int]], iterations: int = 10_000
) -> list[float]:
    """Bradley–Terry Elo from pairwise games and half points (``pair_points[a][b]``: a's).

    Fitted by the minorization-maximization update, each step over whole arrays: done a
    pair at a time in Python it took 10 s for 300 bots, and far longer than the games
    for a thousand (numpy comes with numba, a dependency)."""
    import numpy as np

    games = np.array(pair_games, dtype=float).reshape(len(pair_games), len(pair_games))
    scores = np.array(pair_points, dtype=float).reshape(games.shape) / 2.0
    met = games > 0
    np.fill_diagonal(met, False)
    games = games + PRIOR_DRAWS * met
    scores = scores + (PRIOR_DRAWS / 2) * met
    totals = scores.sum(axis=1)
    # A bot with no pairwise result (a shard without its games) has no rating to fit: it
    # stays at 0 and out of the mean, which would otherwise move it and shift the others.
    rated = (games != 0).any(axis=1)
    if not rated.any():
        rated[:] = True
    counted = games > 0
    strength = np.ones(len(games))
    for _ in range(iterations):
        shares = np.divide(games, strength[:, None] + strength[None, :],
                           out=np.zeros_like(games), where=counted)
        denominator = shares.sum(axis=1)
        updated = np.divide(totals, denominator, out=strength.copy(), where=denominator > 0)
        scale = math.exp(float(np.log(updated[rated]).mean()))
        updated = np.where(rated, updated / scale, updated)
        change = float(np.abs(np.log(updated / strength)).max())
        strength = updated
        if change < 1e-12:
            break
    return [400.0 * math.log10(float(s)) for s in strength]

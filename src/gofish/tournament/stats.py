"""Confidence intervals and Elo ratings from tournament totals.

* **95% interval**: the Wilson score interval for a proportion, with the win
  rate (shared wins counted 1/k) as the observed proportion and the seats
  played as the number of trials. It stays inside [0, 1] and behaves at 0% and 100%.
* **Elo**: a Bradley–Terry model fitted by maximum likelihood to the pairwise
  results (every pair of seats at a table held by different entrants: more
  books wins, equal books is a draw; a forfeit loses to everyone), by Newton's
  method. One virtual draw per pair that met keeps ratings finite when a bot never
  loses. Ratings are ``400 * log10(strength)``, shifted so that their mean is 0 (in
  each group of bots linked by games, when a shard's games leave groups that never
  met): only differences mean anything (+100 is expected to score about 64% against 0).
"""

from __future__ import annotations

import math
from typing import Any

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


def elo_ratings(pair_games: list[list[int]], pair_points: list[list[int]]) -> list[float]:
    """Bradley–Terry Elo from pairwise games and half points (``pair_points[a][b]``: a's).

    Fitted by Newton's method on the log-likelihood, which converges in a handful of steps
    where the MM iteration crawled: on a chain of 30 bots, each beating the next 990 to
    10, it was still 75 Elo a link off after its 10,000 rounds. Each step works on whole
    numpy arrays (numpy comes with numba, a dependency)."""
    import numpy as np

    games = np.array(pair_games, dtype=float).reshape(len(pair_games), len(pair_games))
    scores = np.array(pair_points, dtype=float).reshape(games.shape) / 2.0
    met = games > 0
    np.fill_diagonal(met, False)
    games = np.where(met, games + PRIOR_DRAWS, 0.0)
    scores = np.where(met, scores + PRIOR_DRAWS / 2, 0.0)
    # A bot with no pairwise result (a shard without its games) has no rating to fit: it
    # stays at 0 and out of the mean, which would otherwise move it and shift the others.
    rated = np.flatnonzero(met.any(axis=1))
    logs = np.zeros(len(games))
    if rated.size:  # a shard dealt no games has nothing to fit
        logs[rated] = _fitted_log_strengths(games[np.ix_(rated, rated)],
                                            scores[np.ix_(rated, rated)])
    return [ELO_PER_LOG * float(value) for value in logs]


#: Ratings are 400 * log10(strength): this many Elo per unit of natural log.
ELO_PER_LOG = 400.0 / math.log(10)
#: The fit stops when no log-strength moves by more than this (2e-8 Elo).
CONVERGED = 1e-10
#: ... or when a step would gain less likelihood than this share of it: the rounding of
#: its sums over as many games as a long tournament has (a billion: 1e-3 of 1e9).
ROUNDING = 1e-12
#: Newton's method needs a dozen steps on the longest chains tried; this is a guard only.
MAX_STEPS = 200


def _fitted_log_strengths(games: Any, scores: Any) -> Any:
    """The log-strengths of greatest likelihood, each group of bots linked by games
    centred on 0 (the likelihood cannot place groups that never met against each other).

    The log-likelihood is concave, and strictly so once each group's mean is fixed, so
    Newton steps, halved while they would lower it, reach its maximum."""
    import numpy as np

    won = scores.sum(axis=1)
    centring = _group_centring(games > 0)
    logs = np.zeros(len(games))
    likelihood = _log_likelihood(logs, games, won)
    for _ in range(MAX_STEPS):
        # a's expected score against b, near 0 as exact as near 1 (1 - b's, which 0.5 *
        # (1 + tanh) rounded to nothing there: the fit never settled on a billion games)
        expected = np.exp(-np.logaddexp(0.0, logs[None, :] - logs[:, None]))
        weights = games * expected * expected.T
        # The Laplacian of the weights is the likelihood's curvature; adding each
        # group's averaging matrix pins the group's mean, where it is flat.
        curvature = np.diag(weights.sum(axis=1)) - weights + centring
        gradient = won - (games * expected).sum(axis=1)
        step = np.linalg.solve(curvature, gradient)
        if float(gradient @ step) <= ROUNDING * abs(likelihood):  # twice what it would gain
            return _centred(logs + step, centring)  # a step this close to the top is exact
        while True:
            if float(np.abs(step).max()) < CONVERGED:
                return _centred(logs, centring)
            tried = _log_likelihood(logs + step, games, won)
            if tried >= likelihood - ROUNDING * abs(likelihood):  # rounding, not a loss
                break
            step = step / 2
        logs, likelihood = logs + step, tried
    return _centred(logs, centring)


def _centred(logs: Any, centring: Any) -> Any:
    """``logs`` with each group's mean taken off: the steps keep it at 0 only to rounding."""
    return logs - centring @ logs


def _log_likelihood(logs: Any, games: Any, won: Any) -> float:
    import numpy as np

    return float(won @ logs - 0.5 * (games * np.logaddexp(logs[:, None], logs[None, :])).sum())


def _group_centring(linked: Any) -> Any:
    """The matrix that averages each bot's group (the bots linked to it by games)."""
    import numpy as np

    group = np.full(len(linked), -1)
    for first in range(len(linked)):
        if group[first] >= 0:
            continue
        group[first] = first
        reached = [first]
        while reached:
            neighbours = np.flatnonzero(linked[reached.pop()] & (group < 0))
            group[neighbours] = first
            reached.extend(neighbours.tolist())
    same = group[:, None] == group[None, :]
    return same / same.sum(axis=1, keepdims=True)

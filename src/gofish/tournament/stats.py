"""Confidence intervals and Elo ratings from tournament totals.

* **95% interval**: a Wilson score interval on the win rate (shared wins counted
  1/k) whose trials are the *effective* number of games, with the deal as the unit
  of sampling: every deal is played from every seat at every table, and those games
  are alike, so they are not independent trials (Korn and Graubard 1998; Dean and
  Pagano 2015). The effective number is the win rate's binomial variance over its
  cluster-robust variance (the deals as clusters, the rate as a ratio of wins to
  games), never more than the games; the 95% quantile is Student's t with one fewer
  degree of freedom than deals, which keeps a few deals from claiming certainty. When
  every game went one way the deals' likeness cannot be measured: each deal then counts
  as one trial. It stays inside [0, 1].
* **Elo**: a Bradley–Terry model fitted by maximum likelihood to the pairwise
  results (every pair of seats at a table held by different entrants: more
  books wins, equal books is a draw; a forfeit loses to everyone), by Newton's
  method. One virtual draw per pair that met keeps ratings finite when a bot never
  loses. Ratings are ``400 * log10(strength)``, shifted so that their mean is 0 (in
  each group of bots linked by games, when a shard's games leave groups that never
  met): only differences mean anything (+100 is expected to score about 64% against 0).
"""

from __future__ import annotations

import functools
import math
from typing import Any

Z95 = 1.959963984540054
PRIOR_DRAWS = 1.0


def wilson_interval(rate: float, trials: float, z: float = Z95) -> tuple[float, float]:
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


def deal_interval(win_units: int, seats: int, deals: int, win_squares: int, win_seats: int,
                  seat_squares: int, unit: int) -> tuple[float, float]:
    """The 95% interval of a win rate with the deal as the unit of sampling (see above).

    ``win_units`` and ``seats`` are the entrant's totals (``unit`` win units a win);
    ``deals`` how many deals it played, and ``win_squares``, ``win_seats`` and
    ``seat_squares`` the sums over those deals of its win units squared, win units times
    seats, and seats squared: sums, so that any split of the deals adds up the same."""
    if seats <= 0 or deals <= 0:
        return (0.0, 1.0)
    rate = win_units / (unit * seats)
    if win_units in (0, unit * seats):
        return each_deal_one_trial(rate, deals)
    quantile = t_quantile_975(deals - 1)
    scaled = deal_residuals(win_units, seats, win_squares, win_seats, seat_squares)
    if deals == 1 or scaled <= 0:  # every deal at the same rate: no likeness measured
        return wilson_interval(rate, seats, quantile)
    variance = deals / (deals - 1) * scaled / (unit * seats) ** 2 / seats ** 2
    effective = min(float(seats), rate * (1 - rate) / variance)
    return wilson_interval(rate, effective, quantile)


def each_deal_one_trial(rate: float, deals: int) -> tuple[float, float]:
    """The interval with each deal one trial: where how alike a deal's games are cannot be
    measured (every game went one way, or a result kept no sums of its deals)."""
    return wilson_interval(rate, deals, t_quantile_975(deals - 1))


def deal_residuals(win_units: int, seats: int, win_squares: int, win_seats: int,
                   seat_squares: int) -> int:
    """The deals' squared residuals ``(w - rate * n)`` summed, times ``(unit * seats)``
    squared (arguments as for :func:`deal_interval`): in whole numbers, as the identical
    deals of a mirrored pair sum to exactly 0. A sum of squares, so never negative for
    the sums of real deals."""
    return (seats * seats * win_squares - 2 * win_units * seats * win_seats
            + win_units * win_units * seat_squares)


# A bisection of some 4 ms at 1,000 deals, asked once per bot: bots mostly share deal counts.
@functools.lru_cache(maxsize=1024)
def t_quantile_975(freedom: int) -> float:
    """Student's t at 97.5% with ``freedom`` degrees of freedom (none or fewer: 1's).

    Found by bisection on the exact distribution of a whole number of degrees of freedom
    (Abramowitz and Stegun 26.7.3-4); past 1000 by its Cornish-Fisher series, which is
    within 1e-9 there. Only the standard library: scipy is not a dependency."""
    freedom = max(1, freedom)
    if freedom > 1000:
        x = Z95
        return x + (x ** 3 + x) / (4 * freedom) + (5 * x ** 5 + 16 * x ** 3 + 3 * x) / (
            96 * freedom ** 2)
    low, high = 0.0, 1000.0
    for _ in range(100):
        middle = (low + high) / 2
        if _t_central(middle, freedom) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_central(t: float, freedom: int) -> float:
    """P(|T| <= t) for Student's t of ``freedom`` (a whole number) degrees of freedom."""
    theta = math.atan(t / math.sqrt(freedom))
    cos2 = math.cos(theta) ** 2
    term, total = 1.0, 1.0
    if freedom % 2 == 0:
        for k in range(2, freedom - 1, 2):  # 1, (1/2) c^2, (1*3)/(2*4) c^4, ...
            term *= cos2 * (k - 1) / k
            total += term
        return math.sin(theta) * total
    if freedom == 1:
        return 2 * theta / math.pi
    for k in range(3, freedom - 1, 2):  # 1, (2/3) c^2, (2*4)/(3*5) c^4, ...
        term *= cos2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)


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

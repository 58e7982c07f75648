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

from gofish.core.errors import digits_cut, short_repr, whole_number

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
    numpy arrays (numpy comes with numba, a dependency).

    ValueError, saying which count and why, for counts that are not a square table of
    whole numbers from 0 to MAX_RATED_GAMES whose half points add up to two a game."""
    import numpy as np

    games = _count_table(pair_games, "pair_games", len(pair_games), MAX_RATED_GAMES)
    points = _count_table(pair_points, "pair_points", len(games), 2 * MAX_RATED_GAMES)
    _check_points_add_up(games, points)
    met = games > 0
    np.fill_diagonal(met, False)
    # a's score against b, the prior's draws included: the games are these both ways
    scores = np.where(met, points / 2.0 + PRIOR_DRAWS / 2, 0.0)
    # A bot with no pairwise result (a shard without its games) has no rating to fit: it
    # stays at 0 and out of the mean, which would otherwise move it and shift the others.
    rated = np.flatnonzero(met.any(axis=1))
    logs = np.zeros(len(games))
    if rated.size:  # a shard dealt no games has nothing to fit
        logs[rated] = _fitted_log_strengths(scores[np.ix_(rated, rated)])
    return [ELO_PER_LOG * float(value) for value in logs]


#: The most games one pair may have played for a rating: far past any tournament, and
#: short of where the fit's sums in floating point would overflow.
MAX_RATED_GAMES = 10 ** 300


def _count_table(rows: Any, name: str, size: int, most: int) -> Any:
    """``rows`` as a float array of ``size`` by ``size`` whole counts from 0 to ``most``,
    else ValueError naming ``name`` and what is wrong."""
    import numpy as np

    try:
        table = np.array(rows) if size else np.zeros((0, 0), dtype=int)
    except (ValueError, TypeError):  # rows of different lengths
        table = None
    if table is None or table.shape != (size, size):
        raise ValueError(f"{name} must be a square table of counts, one row of {size} per bot")
    # Counts numpy holds as integers are checked at once; anything else (a float, a number
    # past 64 bits, a bool, which numpy reads as 1 among integers) one by one, to say which.
    if (table.dtype.kind not in "iu" or table.min(initial=0) < 0 or table.max(initial=0) > most
            or any(bool in map(type, row) for row in rows)):
        _check_each_count(_table_rows(rows), name, most)
    return table.astype(float)


def _table_rows(rows: Any) -> list[list[Any]]:
    """A table's rows as lists of Python values (numpy's scalars as the numbers they are)."""
    return [[value.item() if hasattr(value, "item") else value for value in row]
            for row in rows]


def _check_each_count(rows: list[list[Any]], name: str, most: int) -> None:
    """ValueError naming the first entry of ``rows`` that is no count from 0 to ``most``."""
    limit = f"{most:.0e}".replace("e+", "e")
    for a, row in enumerate(rows):
        for b, value in enumerate(row):
            count = whole_number(value)
            if count is None or not 0 <= count <= most:
                raise ValueError(f"{name}[{a}][{b}] must be a whole number from 0 to {limit}, "
                                 f"not {_count_shown(value)}")


def _count_shown(value: object) -> str:
    """A count in a message: a huge one by its digits' number, not all of them."""
    number = whole_number(value)
    return short_repr(value) if number is None else digits_cut(str(number))


def _check_points_add_up(games: Any, points: Any) -> None:
    """ValueError unless the two half points of each game between two bots are there:
    the fit reads a pair's games off its points, both ways."""
    import numpy as np

    # Exact below 2**53; above, within the rounding of the sum of two floats.
    off = np.abs(points + points.T - 2 * games) > 4 * np.spacing(2 * games)
    np.fill_diagonal(off, False)
    if off.any():
        a, b = (int(i) for i in np.argwhere(off)[0])
        raise ValueError(f"pair_points[{a}][{b}] and pair_points[{b}][{a}] must add up to two "
                         f"half points for each of the pair_games[{a}][{b}] games")


#: Ratings are 400 * log10(strength): this many Elo per unit of natural log.
ELO_PER_LOG = 400.0 / math.log(10)
#: The fit stops when no log-strength moves by more than this (2e-8 Elo).
CONVERGED = 1e-10
#: ... or when a step would gain less likelihood than this share of it: the rounding of
#: its sums over as many games as a long tournament has (a billion: 1e-3 of 1e9).
ROUNDING = 1e-12
#: Newton's method needs a dozen steps on the longest chains tried, and some 700 where
#: eight bots played 1e300 games a pair, each winning all of its against those after
#: it (a lopsided step moves a rating by about 1 in natural log); this is a guard only.
MAX_STEPS = 1000


def _fitted_log_strengths(scores: Any) -> Any:
    """The log-strengths of greatest likelihood, each group of bots linked by games
    centred on 0 (the likelihood cannot place groups that never met against each other).
    ``scores[a, b]`` is a's score against b; they played ``scores[a, b] + scores[b, a]``.

    The log-likelihood is concave, and strictly so once each group's mean is fixed, so
    Newton steps, halved while they would lower it, reach its maximum."""
    import numpy as np

    games = scores + scores.T
    centring = _group_centring(games > 0)
    logs = _first_guess(scores, centring)
    likelihood = _log_likelihood(logs, scores)
    for _ in range(MAX_STEPS):
        # a's expected score against b, near 0 as exact as near 1 (1 - b's, which 0.5 *
        # (1 + tanh) rounded to nothing there: the fit never settled on a billion games)
        expected = np.exp(-np.logaddexp(0.0, logs[None, :] - logs[:, None]))
        weights = games * expected * expected.T
        # a's score less what it was expected to score, as a difference of small terms
        # (its wins by its chance to lose, its losses by its chance to win): as wins less
        # games times a chance near 1 it lost all the digits of a lopsided pair's.
        gradient = (scores * expected.T - scores.T * expected).sum(axis=1)
        step = _newton_step(weights, gradient, centring > 0)
        if float(gradient @ step) <= ROUNDING * abs(likelihood):  # twice what it would gain
            return _centred(logs + step, centring)  # a step this close to the top is exact
        while True:
            if not float(np.abs(step).max()) >= CONVERGED:  # or not a number: no step
                return _centred(logs, centring)
            tried = _log_likelihood(logs + step, scores)
            if tried >= likelihood - ROUNDING * abs(likelihood):  # rounding, not a loss
                break
            step = step / 2
        logs, likelihood = logs + step, tried
    return _centred(logs, centring)


def _newton_step(weights: Any, gradient: Any, together: Any) -> Any:
    """The step that solves the curvature (the Laplacian of the pairs' ``weights``) for
    ``gradient``, with each group of bots (``together``: same group) held to its mean,
    where the likelihood is flat.

    The system is solved scaled to a unit diagonal, and each group's mean is pinned in
    that scale: the weights of a bot far ahead and of a close pair differ by 1e50 and
    more past 1e16 games a pair, and unscaled, the pin (or the small weights) was lost in
    their rounding and numpy found the matrix singular. Where it still cannot solve it,
    a least-squares step (the line search checks it) is taken instead."""
    import numpy as np

    totals = weights.sum(axis=1)
    totals = np.maximum(totals, totals.max() * 1e-300 + 1e-300)  # a weight rounded to 0
    root = np.sqrt(totals)
    scaled = (np.diag(totals) - weights) / root[:, None] / root[None, :]
    pin = together * np.outer(root, root) / (together @ totals)[:, None]
    right = gradient / root
    try:
        solved = np.linalg.solve(scaled + pin, right)
    except np.linalg.LinAlgError:
        solved = np.linalg.lstsq(scaled + pin, right, rcond=None)[0]
    return solved / root


def _first_guess(scores: Any, centring: Any) -> Any:
    """Where the fit starts: half the log of each bot's odds (its score over the others'
    against it), which is the answer for two bots. From 0, a pair's log-strengths moved
    about 1 a step while one kept winning (the likelihood is all but a straight line
    there): 1e30 games won to none is 69 steps, 1e300 past MAX_STEPS."""
    import numpy as np

    won, lost = scores.sum(axis=1), scores.sum(axis=0)
    return _centred(0.5 * np.log(won / lost), centring)


def _centred(logs: Any, centring: Any) -> Any:
    """``logs`` with each group's mean taken off: the steps keep it at 0 only to rounding."""
    return logs - centring @ logs


def _log_likelihood(logs: Any, scores: Any) -> float:
    """Each score times the log of its chance (as the log of 1 + the odds against, which
    stays exact where the chance is near 1 and the score is huge)."""
    import numpy as np

    return -float((scores * np.logaddexp(0.0, logs[None, :] - logs[:, None])).sum())


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

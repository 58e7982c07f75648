"""The Elo fit reaches the maximum of the likelihood, however lopsided the results.

The MM iteration stopped after 10,000 rounds, and on a chain of bots each beating the
next by a wide margin it was still far off: 75 Elo a link for 30 bots winning 990 to 10.
"""

from __future__ import annotations

import math

import pytest

from gofish.tournament.stats import PRIOR_DRAWS, elo_ratings


def chain(bots: int, wins: int, losses: int) -> tuple[list[list[int]], list[list[int]]]:
    """Each bot meets only its neighbours, and beats the next ``wins`` to ``losses``."""
    games = [[0] * bots for _ in range(bots)]
    points = [[0] * bots for _ in range(bots)]  # half points
    for a in range(bots - 1):
        games[a][a + 1] = games[a + 1][a] = wins + losses
        points[a][a + 1], points[a + 1][a] = 2 * wins, 2 * losses
    return games, points


@pytest.mark.parametrize(("bots", "wins", "losses"),
                         [(5, 95, 5), (20, 99, 1), (30, 990, 10), (50, 1000, 0)])
def test_a_lopsided_chain_gets_the_exact_differences(bots: int, wins: int, losses: int) -> None:
    # On a chain every link is fitted on its own games alone: the scores with the one
    # virtual draw fix each difference exactly (Bradley-Terry, 400 * log10 of the odds).
    games, points = chain(bots, wins, losses)
    ratings = elo_ratings(games, points)
    draw = PRIOR_DRAWS / 2
    exact = 400 * math.log10((wins + draw) / (losses + draw))
    for a in range(bots - 1):
        assert ratings[a] - ratings[a + 1] == pytest.approx(exact, abs=1e-6), a
    assert sum(ratings) == pytest.approx(0, abs=1e-6)


def test_groups_that_never_met_are_each_centred_on_zero() -> None:
    # A shard holding the tables (0, 1) and (2, 3) only: nothing places one pair against
    # the other, and the fit put them wherever its rounds stopped (+129 and -192 for the
    # first pair, +63 and -1 for the second). Each pair now reads as it would alone.
    games = [[0, 10, 0, 0], [10, 0, 0, 0], [0, 0, 0, 10], [0, 0, 10, 0]]
    points = [[0, 18, 0, 0], [2, 0, 0, 0], [0, 0, 0, 12], [0, 0, 8, 0]]
    first = elo_ratings([[0, 10], [10, 0]], [[0, 18], [2, 0]])
    second = elo_ratings([[0, 10], [10, 0]], [[0, 12], [8, 0]])
    assert elo_ratings(games, points) == pytest.approx([*first, *second], abs=1e-9)
    assert first[0] == pytest.approx(-first[1], abs=1e-9)


@pytest.mark.parametrize("half_points", [1_905_000_000, 1_999_999_000, 1_000_000_007])
def test_two_bots_of_a_billion_games_get_the_exact_ratings(half_points: int) -> None:
    # A tournament as long as --games allows: the fit ran to its guard of 200 steps, its
    # expected scores rounded away near 0 and 1, and the two ratings were 0.0006 Elo off,
    # no longer of mean 0 (both above it for two bots all but even).
    games = 1_000_000_000
    first, second = half_points / 2 + PRIOR_DRAWS / 2, games - half_points / 2 + PRIOR_DRAWS / 2
    half_gap = 200 * math.log10(first / second)
    ratings = elo_ratings([[0, games], [games, 0]],
                          [[0, half_points], [2 * games - half_points, 0]])
    assert ratings == pytest.approx([half_gap, -half_gap], rel=0, abs=1e-6)

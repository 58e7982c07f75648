"""elo_ratings gives ratings for any counts a table can hold, and a ValueError saying what
is wrong for anything else, never numpy's traceback: past about 1e17 games in one pair it
raised LinAlgError ("Singular matrix"), and from 1e16 on its ratings drifted (3,271 and
-3,427 for a pair whose exact answer is +-3,260)."""

from __future__ import annotations

import math

import pytest

from gofish.tournament.stats import PRIOR_DRAWS, elo_ratings

DRAW = PRIOR_DRAWS / 2


def pair(games: int, half_points: int) -> list[float]:
    return elo_ratings([[0, games], [games, 0]], [[0, half_points], [2 * games - half_points, 0]])


def half_gap(won: float, lost: float) -> float:
    """Each rating of a pair, Bradley-Terry's 400 * log10 of the odds shared out."""
    return 200 * math.log10((won + DRAW) / (lost + DRAW))


@pytest.mark.parametrize("games", [10 ** 16, 10 ** 17, 3 * 10 ** 17, 10 ** 18, 10 ** 30,
                                   10 ** 100, 10 ** 300])
@pytest.mark.parametrize("quarters", [0, 1, 2, 4])  # the first bot's share of the wins
def test_a_pair_of_any_number_of_games_gets_the_exact_ratings(games: int, quarters: int) -> None:
    half_points = 2 * games * quarters // 4
    won = half_points / 2
    exact = half_gap(won, games - won)
    assert pair(games, half_points) == pytest.approx([exact, -exact], rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("games", [10 ** 17, 10 ** 100, 10 ** 300])
def test_a_chain_of_huge_lopsided_links_gets_the_exact_differences(games: int) -> None:
    # Each bot beat the next in every game: the weights of the fit's links spanned 1e50
    # and more while it went, which no unscaled solve survives.
    bots = 12
    table = [[0] * bots for _ in range(bots)]
    points = [[0] * bots for _ in range(bots)]
    for a in range(bots - 1):
        table[a][a + 1] = table[a + 1][a] = games
        points[a][a + 1] = 2 * games
    ratings = elo_ratings(table, points)
    link = 2 * half_gap(games, 0)
    for a in range(bots - 1):
        assert ratings[a] - ratings[a + 1] == pytest.approx(link, rel=1e-12), a
    assert sum(ratings) == pytest.approx(0, abs=1e-9 * link)


def test_huge_and_small_counts_side_by_side() -> None:
    # A beat B in 1e300 games; B beat C 2 to 1: each link as it would be alone.
    huge = 10 ** 300
    ratings = elo_ratings([[0, huge, 0], [huge, 0, 3], [0, 3, 0]],
                          [[0, 2 * huge, 0], [0, 0, 4], [0, 2, 0]])
    assert ratings[0] - ratings[1] == pytest.approx(2 * half_gap(huge, 0), rel=1e-12)
    assert ratings[1] - ratings[2] == pytest.approx(2 * half_gap(2, 1), rel=1e-9)


@pytest.mark.parametrize(("games", "points", "ratings"), [
    ([], [], []),  # nobody
    ([[0]], [[0]], [0.0]),  # one player: nobody to be rated against
    ([[0, 0], [0, 0]], [[0, 0], [0, 0]], [0.0, 0.0]),  # no games
    ([[0, 0, 0]] * 3, [[0, 0, 0]] * 3, [0.0, 0.0, 0.0]),
])
def test_nobody_to_rate_against_is_rated_zero(games: list[list[int]], points: list[list[int]],
                                              ratings: list[float]) -> None:
    assert elo_ratings(games, points) == ratings


@pytest.mark.parametrize("games", [1, 10, 10 ** 9, 10 ** 20])
def test_a_player_who_won_or_lost_everything_is_rated_finitely(games: int) -> None:
    table = [[0, games, games], [games, 0, games], [games, games, 0]]
    points = [[0, 2 * games, 2 * games], [0, 0, games], [0, games, 0]]  # 0 won all
    ratings = elo_ratings(table, points)
    assert all(math.isfinite(rating) for rating in ratings)
    assert ratings[0] > 0 and ratings[1] == pytest.approx(ratings[2], abs=1e-9 * ratings[0])
    flipped = elo_ratings(table, [[0, 0, 0], [2 * games, 0, games], [2 * games, games, 0]])
    assert flipped[0] == pytest.approx(-ratings[0], rel=1e-9)  # and lost them all


@pytest.mark.parametrize(("games", "points", "said"), [
    ([[0, 1], [1]], [[0, 1], [1, 0]],
     "pair_games must be a square table of counts, one row of 2 per bot"),
    ([[0, 1], [1, 0]], [[0, 1, 0], [1, 0, 0]],
     "pair_points must be a square table of counts, one row of 2 per bot"),
    ([[0, -1], [-1, 0]], [[0, 0], [0, 0]],
     "pair_games[0][1] must be a whole number from 0 to 1e300, not -1"),
    ([[0, 1.5], [1.5, 0]], [[0, 3], [0, 0]],
     "pair_games[0][1] must be a whole number from 0 to 1e300, not 1.5"),
    ([[0, True], [True, 0]], [[0, 2], [0, 0]],
     "pair_games[0][1] must be a whole number from 0 to 1e300, not True"),
    ([[0, "2"], ["2", 0]], [[0, 4], [0, 0]],
     "pair_games[0][1] must be a whole number from 0 to 1e300, not '2'"),
    ([[0, 10 ** 301], [10 ** 301, 0]], [[0, 0], [0, 0]],
     "pair_games[0][1] must be a whole number from 0 to 1e300, not 100000000000… (302 digits)"),
    ([[0, 1], [1, 0]], [[0, 5 * 10 ** 300], [0, 0]],
     "pair_points[0][1] must be a whole number from 0 to 2e300, not 500000000000… (301 digits)"),
    ([[0, 10], [10, 0]], [[0, 20], [5, 0]],
     "pair_points[0][1] and pair_points[1][0] must add up to two half points for each of "
     "the pair_games[0][1] games"),
])
def test_counts_no_tournament_has_are_refused_in_words(games: list[list[object]],
                                                       points: list[list[object]],
                                                       said: str) -> None:
    with pytest.raises(ValueError) as refused:
        elo_ratings(games, points)  # type: ignore[arg-type]
    assert str(refused.value) == said

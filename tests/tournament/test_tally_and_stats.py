"""Tournament arithmetic: shared wins, pairwise points, Wilson intervals, Elo."""

from __future__ import annotations

import math
import re
from itertools import permutations

import pytest

from gofish.core import make_rules
from gofish.tournament import Tally
from gofish.tournament.plan import (
    Plan,
    TournamentError,
    arrangements,
    entrant_names,
    parse_shard,
    seating,
    tables,
)
from gofish.tournament.stats import elo_ratings, wilson_interval
from gofish.tournament.tally import winning_seats


def test_a_shared_win_counts_one_kth_to_each_winner() -> None:  # R10
    tally = Tally(3)
    tally.add_game(seats=(0, 1, 2), books=(5, 5, 3), asks=40)
    tally.add_game(seats=(1, 2, 0), books=(4, 4, 4), asks=30)
    assert [tally.wins(e) for e in range(3)] == pytest.approx([1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 1 / 3])
    assert sum(tally.wins(e) for e in range(3)) == pytest.approx(2)
    assert tally.games == [2, 2, 2]
    assert tally.books == [9, 9, 7]
    assert tally.asks == [70, 70, 70]


@pytest.mark.parametrize(("books", "failed", "winners"), [
    ((7, 6), None, [0]),
    ((5, 5, 3), None, [0, 1]),  # R10: a shared win
    ((4, 4, 4), None, [0, 1, 2]),
    ((6, 1, 0), 0, [1]),  # the forfeiting leader wins nothing: the best of the rest do
    ((3, 3, 3, 4), 3, [0, 1, 2]),
    ((0, 0), None, [0, 1]),  # stopped before any book: scored on the books laid so far
])
def test_the_winners_and_their_shares_follow_one_rule(
    books: tuple[int, ...], failed: int | None, winners: list[int]
) -> None:
    # play_engine_game worked out the winners it tells external bots beside the tally's own
    # working-out; both now ask winning_seats, and the tally credits 1/k to each of them.
    assert winning_seats(books, failed) == winners
    tally = Tally(len(books))
    tally.add_game(tuple(range(len(books))), books, 10, failed)
    shares = [tally.wins(seat) for seat in range(len(books))]
    assert shares == pytest.approx([1 / len(winners) if s in winners else 0 for s in
                                    range(len(books))])


def test_pairwise_points_follow_books_and_forfeits() -> None:
    tally = Tally(3)
    tally.add_game(seats=(0, 1, 2), books=(5, 5, 3), asks=1)
    assert tally.pair_points[0][1] == tally.pair_points[1][0] == 1  # a draw
    assert tally.pair_points[0][2] == 2 and tally.pair_points[2][0] == 0
    tally.add_game(seats=(0, 1, 2), books=(6, 1, 0), asks=1, failed_seat=0, failure="boom")
    assert tally.forfeits == [1, 0, 0]
    assert tally.wins(1) == pytest.approx(0.5 + 1)  # the forfeiting seat cannot win
    assert tally.pair_points[1][0] == 1 + 2
    assert tally.failures == ["boom"]


def test_a_bot_sitting_twice_at_a_table_has_no_pair_with_itself() -> None:
    tally = Tally(2)
    tally.add_game(seats=(0, 1, 0, 1), books=(4, 3, 3, 3), asks=9)
    assert tally.games == [2, 2]
    assert tally.pair_games[0][0] == 0
    assert tally.pair_games[0][1] == 4


def test_merge_adds_exactly_and_round_trips() -> None:
    first, second = Tally(2), Tally(2)
    first.add_game((0, 1), (7, 6), 50)
    second.add_game((1, 0), (7, 6), 40)
    restored = Tally.from_raw(first.raw())
    restored.merge(second)
    assert restored.raw()["win_units"] == [60, 60]
    assert restored.tables == 2


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0.5, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    low, high = wilson_interval(0.0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(1.0, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0.3, 0) == (0.0, 1.0)


def test_the_interval_always_holds_the_rate_it_is_drawn_round() -> None:
    # Rounding left 0 wins with a low bound of 2.8e-17 (933 sample sizes up to 4,999) and
    # every game won with a high of 0.9999999999999999 (1,543 of them): the JSON's win
    # rate fell outside its own ci95, and a script checking low <= rate <= high failed.
    for trials in range(1, 5000):
        assert wilson_interval(0.0, trials)[0] == 0.0, trials
        assert wilson_interval(1.0, trials)[1] == 1.0, trials
        for wins in (1, trials // 3, trials - 1):
            rate = wins / trials
            low, high = wilson_interval(rate, trials)
            assert 0.0 <= low <= rate <= high <= 1.0, (wins, trials)


def test_elo_matches_the_logistic_model_for_two_players() -> None:
    # 75% against one opponent: Bradley-Terry gives 400*log10(3) between them
    # (slightly less with the one virtual draw of the prior).
    games = [[0, 1000], [1000, 0]]
    points = [[0, 1500], [500, 0]]  # half points: 750 wins of 1000
    a, b = elo_ratings(games, points)
    assert a + b == pytest.approx(0)
    expected = 400 * math.log10(750.5 / 250.5)
    assert a - b == pytest.approx(expected, rel=1e-6)


def test_elo_stays_finite_for_a_perfect_score_and_orders_bots() -> None:
    games = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    points = [[0, 20, 20], [0, 0, 12], [0, 8, 0]]
    ratings = elo_ratings(games, points)
    assert all(math.isfinite(r) for r in ratings)
    assert ratings[0] > ratings[1] > ratings[2]


def test_a_bot_without_games_stays_at_zero_and_leaves_the_others_as_they_were() -> None:
    # A shard that holds no game of the third bot: it was rated +34 on no evidence, and the
    # other two moved off their two-bot ratings to make room for it in the mean.
    two = elo_ratings([[0, 2], [2, 0]], [[0, 4], [0, 0]])
    three = elo_ratings([[0, 2, 0], [2, 0, 0], [0, 0, 0]], [[0, 4, 0], [0, 0, 0], [0, 0, 0]])
    assert three == pytest.approx([*two, 0.0])


def test_names_tables_and_rotations() -> None:
    assert entrant_names(["emma", "random", "emma"]) == ["emma#1", "random", "emma#2"]
    assert tables(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert tables(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert tables(2, 4) == [(0, 1, 0, 1)]  # seats filled by cycling through the bots
    rotations = arrangements(3)
    assert [seating((4, 5, 6), a) for a in rotations] == [(4, 5, 6), (5, 6, 4), (6, 4, 5)]
    every_order = arrangements(3, "all")
    assert every_order[:3] == rotations and sorted(every_order) == sorted(permutations(range(3)))
    assert arrangements(2, "all") == arrangements(2)
    with pytest.raises(TournamentError):
        arrangements(3, "shuffled")
    with pytest.raises(TournamentError):
        tables(1, 2)


@pytest.mark.parametrize("seatings", ["rotate", "all"])
def test_every_entrant_plays_every_deal_from_every_seat(seatings: str) -> None:
    plan = Plan(make_rules("classic"), 3, 1, ("a", "b", "c", "d"), 100, seatings=seatings)
    seen: dict[tuple[tuple[int, ...], int], set[tuple[int, int]]] = {}
    orders: dict[tuple[tuple[int, ...], int], set[tuple[int, ...]]] = {}
    for unit in plan.units():
        table, deal = plan.unit(unit)
        for arrangement in plan.arrangements:
            seats = seating(table, arrangement)
            orders.setdefault((table, deal), set()).add(seats)
            for seat, entrant in enumerate(seats):
                seen.setdefault((table, deal), set()).add((entrant, seat))
    assert len(seen) == len(plan.tables) * plan.deals
    for (table, _deal), pairs in seen.items():
        assert pairs == {(e, s) for e in table for s in range(3)}
    ways = 3 if seatings == "rotate" else 6
    assert all(len(found) == ways for found in orders.values())
    assert plan.games >= 100 and plan.games % (len(plan.tables) * ways) == 0


def test_shards_partition_the_units() -> None:
    full = Plan(make_rules("classic"), 2, 1, ("a", "b", "c"), 500)
    parts = [Plan(full.rules, 2, 1, full.specs, 500, i, 3).units() for i in range(3)]
    assert sorted(u for part in parts for u in part) == list(full.units())
    assert parse_shard("2/5") == (2, 5)
    for bad in ("5/5", "x", "1/0", "-1/3"):
        with pytest.raises(TournamentError):
            parse_shard(bad)


def test_a_plan_refuses_more_games_than_the_limit_and_keeps_its_schedule_lazy() -> None:
    from gofish.tournament.plan import MAX_GAMES, TournamentError

    limit = "games must be a whole number from 1 to 1,000,000,000"
    with pytest.raises(TournamentError, match=limit):
        Plan(make_rules("classic"), 2, 1, ("emma", "random"), MAX_GAMES + 1)
    biggest = Plan(make_rules("classic"), 2, 1, ("emma", "random"), MAX_GAMES)
    assert isinstance(biggest.units(), range)  # half a billion units, no memory
    assert biggest.games == MAX_GAMES


@pytest.mark.parametrize(("change", "complaint"), [
    ({"shard": -1}, "shard must be a whole number from 0 to 0, not -1"),
    ({"shard": 5, "shards": 2}, "shard must be a whole number from 0 to 1, not 5"),
    ({"shards": 0}, "shards must be a whole number from 1, not 0"),
    ({"shard": True}, "shard must be a whole number"),
    ({"players": 7}, "players must be a whole number from 2 to 5, not 7"),
    ({"seed": -1}, "seed must be a whole number from 0 to 18,446,744,073,709,551,615, not -1"),
    ({"rules": "classic"}, "rules must be a Rules"),
    ({"specs": "emma"}, "specs must be a list of bot names"),
    ({"seatings": "random"}, "seatings must be rotate or all"),
])
def test_a_plan_from_python_is_checked_like_the_command_line(
    change: dict, complaint: str
) -> None:
    # A bad shard used to play some deals twice (shard=-1) or none (shard=5 of 2), silently.
    from gofish.tournament.plan import TournamentError

    arguments = {"rules": make_rules("classic"), "players": 2, "seed": 1,
                 "specs": ("random", "emma"), "games_asked": 4, **change}
    with pytest.raises(TournamentError, match=re.escape(complaint)):
        Plan(**arguments)

"""The 95% interval counts the deal, not the game, as its unit of sampling. Every deal is
played from every seat at every table (the same cards at each), so its games are alike:
five copies of emma at --games 20 gave emma#1 8 of 8 wins "67.6-100%", from one deal. The
sums behind the interval add up over shards exactly, so a merge gives the unsharded one."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, Tally, merge_results, run_tournament, summary
from gofish.tournament.plan import TournamentError
from gofish.tournament.stats import Z95, deal_interval, t_quantile_975, wilson_interval
from gofish.tournament.tally import WIN_UNITS


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["tournament", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_eight_wins_of_one_deal_are_not_certainty(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(capsys, *["emma"] * 5, "--games", "20", "--seed", "3")
    first = result["bots"][0]
    assert (first["name"], first["games"], first["wins"], first["deals"]) == ("emma#1", 8, 8, 1)
    assert wilson_interval(1.0, 8)[0] > 0.67  # what it said, as 8 independent games
    low, high = first["ci95"]
    assert low < 0.05 and high == 1.0  # one deal: hardly anything is known


def test_two_deals_all_won_count_as_two_trials() -> None:
    # Every game won: how alike a deal's games are cannot be measured, so each deal is one
    # trial, with Student's t of one degree of freedom.
    low, high = deal_interval(8 * WIN_UNITS, 8, 2, 2 * (4 * WIN_UNITS) ** 2,
                              2 * 4 * WIN_UNITS * 4, 2 * 16, WIN_UNITS)
    assert (low, high) == pytest.approx(wilson_interval(1.0, 2, 12.7062047), abs=1e-6)
    assert low < 0.05 and high == 1.0


def test_the_interval_follows_the_deals_spread_by_hand() -> None:
    # Three deals of two games each, won 2, 1 and 0: rate 1/2, residuals 1, 0, -1, so the
    # cluster-robust variance is 3/2 * 2 / 6**2 = 1/12 and the effective games 0.25 * 12 = 3.
    won = [2, 1, 0]
    low, high = deal_interval(3 * WIN_UNITS, 6, 3, sum((WIN_UNITS * w) ** 2 for w in won),
                              sum(WIN_UNITS * w * 2 for w in won), 3 * 4, WIN_UNITS)
    t2 = 4.302652729749464  # Student's t, 97.5%, 2 degrees of freedom
    centre, spread = 0.5, t2 * math.sqrt(0.25 / 3 + t2**2 / 36) / (1 + t2**2 / 3)
    assert (low, high) == pytest.approx((centre - spread, centre + spread), abs=1e-9)


@pytest.mark.parametrize(("freedom", "quantile"), [
    (1, 12.7062047), (2, 4.3026527), (3, 3.1824463), (10, 2.2281389), (30, 2.0422725),
    (100, 1.9839715), (5000, 1.9604386)])
def test_student_t_quantiles(freedom: int, quantile: float) -> None:
    assert t_quantile_975(freedom) == pytest.approx(quantile, abs=1e-6)
    assert t_quantile_975(10**9) == pytest.approx(Z95, abs=1e-8)


def test_many_independent_deals_keep_about_the_width_of_independent_games() -> None:
    # One game per deal (a deal of its own): the interval is the Wilson interval of the
    # games, but for Student's t in place of z, which many deals make the same.
    rng = np.random.default_rng(5)
    tally = Tally(2)
    for won in rng.random(4000) < 0.6:
        tally.add_game((0, 1), (7, 6) if won else (6, 7), 50)
    sums = tally.closed_deal_sums()
    assert sums is not None and sums["deals"] == [4000, 4000]
    rate = tally.wins(0) / 4000
    low, high = deal_interval(tally.win_units[0], 4000, 4000, sums["win_squares"][0],
                              sums["win_seats"][0], sums["seat_squares"][0], WIN_UNITS)
    old_low, old_high = wilson_interval(rate, 4000)
    assert (high - low) / (old_high - old_low) == pytest.approx(1.0, abs=0.01)


def test_a_mirrored_pair_of_one_bot_scores_a_half_that_its_interval_covers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for games in ("4", "400"):
        result = run_json(capsys, "emma", "emma", "--games", games, "--seed", "8")
        for row in result["bots"]:
            low, high = row["ci95"]
            assert low < 0.5 < high
        assert result["bots"][0]["win_rate"] + result["bots"][1]["win_rate"] == 1.0
    few = run_json(capsys, "emma", "emma", "--games", "4", "--seed", "8")["bots"][0]["ci95"]
    assert few[1] - few[0] > 0.5  # two deals: wide


def test_many_deals_against_another_bot_give_about_the_old_width(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run_json(capsys, "emma", "random", "--games", "4000", "--seed", "2")
    for row in result["bots"]:
        low, high = row["ci95"]
        old_low, old_high = wilson_interval(row["win_rate"], row["games"])
        assert 1.0 <= (high - low) / (old_high - old_low) < 1.25


def _plan(shard: int = 0, shards: int = 1) -> Plan:
    # Four bots at two seats: six tables a deal, 12 games; 7 deals for --games 80.
    return Plan(make_rules("classic"), 2, 21, ("emma", "random", "counter", "emma"), 80,
                shard, shards)


@pytest.mark.parametrize("shards", [2, 4, 5, 11, 50])
def test_shards_merge_to_the_unsharded_interval(shards: int) -> None:
    whole = summary(run_tournament(_plan(), jobs=1))
    parts = [summary(run_tournament(_plan(i, shards), jobs=1)) for i in range(shards)]
    sizes = [part["games"] for part in parts]
    assert max(sizes) - min(sizes) <= 2  # balanced: within one unit (a table's two games)
    merged = merge_results(json.loads(json.dumps(parts[::-1])))
    assert merged["bots"] == whole["bots"] and merged["totals"] == whole["totals"]
    # a merge of some shards takes the others later, to the same result
    half = merge_results(parts[: shards // 2])
    assert merged["missing_shards"] == []  # only the shards dealt games are missed
    assert half["missing_shards"] == [i for i in range(shards // 2, shards) if parts[i]["games"]]
    again = merge_results([half, *parts[shards // 2:]])
    assert again["bots"] == whole["bots"]


def test_engine_chunks_split_deals_and_add_up_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    # The engine plays 8 units a task: a deal of 6 tables falls into two tasks.
    plan = _plan()
    engine = summary(run_tournament(plan, fast=False, jobs=2))
    sim = summary(run_tournament(plan, fast=True, jobs=1))
    assert engine["bots"] == sim["bots"]
    assert engine["totals"]["open_deals"] == [] and engine["bots"][0]["deals"] == 7


def test_shards_of_an_older_split_do_not_merge_with_these(tmp_path: Path) -> None:
    parts = [summary(run_tournament(_plan(i, 2), jobs=1)) for i in range(2)]
    older = {key: value for key, value in parts[0].items() if key != "shard_split"}
    with pytest.raises(TournamentError, match="older gofish, which split the tournament"):
        merge_results([older, parts[1]], ["old.json", "new.json"])


def test_a_result_kept_without_deal_sums_counts_each_deal_as_one_trial() -> None:
    whole = summary(run_tournament(_plan(), jobs=1))
    totals = {key: value for key, value in whole["totals"].items()
              if not key.startswith("deal") and key != "open_deals"}
    merged = merge_results([{**whole, "totals": totals}])
    for row in merged["bots"]:
        # each bot sits at three of the six tables, both seats: 6 games a deal, 7 deals
        assert row["deals"] == 7
        assert row["ci95"] == pytest.approx(
            list(wilson_interval(row["win_rate"], 7, t_quantile_975(6))))

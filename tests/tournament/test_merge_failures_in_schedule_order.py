"""A merge of shards keeps the failures one machine keeps, in its order, whatever the order of
the files (docs/tournament.md: "The merged result equals the one-machine result exactly").
They were joined in the order the files were given, so another order listed them otherwise,
and past the kept maximum kept other ones; and ``jobs`` and ``engine`` were the first file's."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from gofish.bots import base, register_bot
from gofish.core import Ask, View, make_rules
from gofish.tournament import (
    Plan,
    TournamentError,
    merge_results,
    pool_results,
    run_tournament,
    summary,
)
from gofish.tournament.tally import MAX_FAILURES_KEPT

SHARDS = 3


class Breaks:
    """Raises at its first ask, so every game it sits in is forfeited at once (cheaply)."""

    name = "breaks"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        raise RuntimeError(f"broke with {len(view.hand or ())} cards")


def _plan(shard: int = 0, shards: int = 1, specs: tuple[str, ...] = ("breaks", "random",
                                                                         "emma")) -> Plan:
    # Three tables; "breaks" sits at two: 2 x 32 deals x 2 rotations = 128 failures, more
    # than are kept, so which ones are kept matters too.
    return Plan(make_rules("classic"), 2, 11, specs, 192, shard, shards)


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
        register_bot("breaks", Breaks, "raises at its first ask")
        whole = summary(run_tournament(_plan(), jobs=1))
        shards = [summary(run_tournament(_plan(i, SHARDS), jobs=1)) for i in range(SHARDS)]
    return whole, shards


def test_the_whole_run_keeps_its_earliest_failures(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    whole, _ = played
    assert whole["failure_count"] == 128
    assert whole["failure_games"] == sorted(whole["failure_games"])
    assert len(whole["failures"]) == len(whole["failure_games"]) == MAX_FAILURES_KEPT


@pytest.mark.parametrize("order", [[0, 1, 2], [2, 1, 0], [1, 2, 0]])
def test_shards_in_any_order_keep_the_failures_of_one_machine(
    played: tuple[dict[str, Any], list[dict[str, Any]]], order: list[int],
) -> None:
    whole, shards = played
    merged = merge_results([shards[i] for i in order])
    assert merged["failures"] == whole["failures"]
    assert merged["failure_games"] == whole["failure_games"]
    assert merged["failure_count"] == whole["failure_count"]


def test_a_partial_merge_completed_later_keeps_them_too(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    whole, shards = played
    partial = merge_results([shards[2], shards[0]])
    merged = merge_results([shards[1], partial])
    assert (merged["failures"], merged["failure_games"]) == (whole["failures"],
                                                             whole["failure_games"])


def test_jobs_add_up_and_the_engine_is_the_shards(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, shards = played
    for order in ([0, 1, 2], [2, 0, 1]):
        parts = [dict(shards[i], jobs=i + 1) for i in order]
        merged = merge_results(parts)
        assert (merged["jobs"], merged["engine"]) == (6, "engine")


def test_shards_played_by_the_simulator_and_the_engine_say_so() -> None:
    plans = [_plan(i, 2, ("random", "emma")) for i in range(2)]
    fast, slow = (summary(run_tournament(plan, jobs=1, fast=flag))
                  for plan, flag in zip(plans, (True, False), strict=True))
    for parts in ([fast, slow], [slow, fast]):
        assert merge_results(parts)["engine"] == "mixed"
    assert merge_results([fast, merge_results([slow])])["engine"] == "mixed"
    assert pool_results([merge_results([fast, slow])])["engine"] == "mixed"


def test_failures_saved_before_they_were_numbered_merge_in_shard_order(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, shards = played
    old = [{k: v for k, v in shard.items() if k != "failure_games"} for shard in shards]
    merged = merge_results(old[::-1])
    assert merged["failures"] == merge_results(old)["failures"]
    assert merged["failure_games"] == [None] * MAX_FAILURES_KEPT


def test_failure_games_that_do_not_match_the_failures_are_refused(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, shards = played
    wrong = dict(shards[0], failure_games=shards[0]["failure_games"][1:])
    with pytest.raises(TournamentError, match="'failure_games' must hold a game number"):
        merge_results([wrong, shards[1], shards[2]])

"""Every failing bot's reason reaches the table, the JSON result and merged shards. A bot
failing every game filled the first 100 kept failures (and the table's first five) alone,
and a second failing bot's reason was nowhere, though stderr said "the first failures are
listed with the result" of both."""

from __future__ import annotations

import io
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
from gofish.tournament.report import print_table
from gofish.tournament.tally import MAX_FAILURES_KEPT, Tally

SHARDS = 3
LATE = "broke late"  # the second failing bot's reason


class Breaks:
    """Raises at its first ask: every game it sits in is forfeited at once."""

    name = "breaks"
    reason = "broke early"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        raise RuntimeError(self.reason)


class BreaksToo(Breaks):
    """Plays at random, but raises at one ask in RARELY: from its own random stream, so
    every shard's games fail where one machine's do."""

    name = "breaks-too"
    reason = LATE

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        if rng.random() < RARELY:
            raise RuntimeError(self.reason)
        return rng.choice(list(legal))


RARELY = 0.0015


def _plan(shard: int = 0, shards: int = 1, seed: int = 12) -> Plan:
    # Six tables, (0,1) (0,2) (0,3) (1,2) (1,3) (2,3), played deal after deal, 32 deals:
    # "breaks" fails the six games of the first three each deal, and with seed 12
    # "breaks-too" first fails in game 237, when "breaks" has failed over 100.
    return Plan(make_rules("classic"), 2, seed, ("breaks", "random", "emma", "breaks-too"),
                384, shard, shards)


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
        register_bot("breaks", Breaks, "raises at its first ask")
        register_bot("breaks-too", BreaksToo, "raises at its first ask too")
        whole = summary(run_tournament(_plan(), jobs=1))
        shards = [summary(run_tournament(_plan(i, SHARDS), jobs=1)) for i in range(SHARDS)]
        other_batch = summary(run_tournament(_plan(seed=11), jobs=1))
    return whole, [*shards, other_batch]


def _late(failures: list[str]) -> list[str]:
    return [failure for failure in failures if LATE in failure]


def test_the_result_keeps_the_second_failing_bots_reason(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    whole, _ = played
    assert whole["failure_count"] > MAX_FAILURES_KEPT + 50
    late = _late(whole["failures"])
    assert len(late) == 1 and "seat" in late[0]
    assert len(whole["failures"]) == MAX_FAILURES_KEPT + 1
    # Each failure says whose it was, by the bot's place in "bots"; in schedule order.
    assert set(whole["failure_entrants"]) == {0, 3}
    assert whole["failure_entrants"][-1] == 3
    assert whole["failure_games"] == sorted(whole["failure_games"])


def test_the_table_lists_each_failing_bots_first_reason(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    whole, _ = played
    out = io.StringIO()
    print_table(whole, out)
    listed = out.getvalue().split("each failing bot's first:\n")[1].splitlines()
    assert len(listed) == 6  # the first five, and the other bot's first
    assert "broke early" in listed[0] and LATE in listed[5]


@pytest.mark.parametrize("order", [[0, 1, 2], [2, 0, 1]])
def test_merged_shards_keep_it_as_one_machine_does(
    played: tuple[dict[str, Any], list[dict[str, Any]]], order: list[int],
) -> None:
    whole, shards = played
    merged = merge_results([shards[i] for i in order])
    for field in ("failures", "failure_games", "failure_entrants", "failure_count"):
        assert merged[field] == whole[field], field


def test_pooled_batches_keep_it(played: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    whole, shards = played
    pooled = pool_results([whole, shards[3]])
    assert _late(pooled["failures"])  # the first batch's first 100 are all of "breaks"
    assert 3 in pooled["failure_entrants"]
    assert pooled["failure_count"] == whole["failure_count"] + shards[3]["failure_count"]
    assert len(pooled["failure_entrants"]) == len(pooled["failures"])


def _saved_before_failure_entrants(shard: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in shard.items() if key != "failure_entrants"}


@pytest.mark.parametrize("old", [[0, 1, 2], [1], [2]])
def test_a_result_saved_before_failures_named_their_bot_merges_as_one_machine_does(
    played: tuple[dict[str, Any], list[dict[str, Any]]], old: list[int],
) -> None:
    # Its failures' bots unknown, the first of them past the first hundred was kept and
    # listed as another failing bot's first, though "breaks" had failed long before.
    whole, shards = played
    parts = [_saved_before_failure_entrants(shard) if number in old else shard
             for number, shard in enumerate(shards[:3])]
    merged = merge_results(parts)
    for field in ("failures", "failure_games", "failure_entrants", "failure_count"):
        assert merged[field] == whole[field], field
    assert _failures_listed(merged) == _failures_listed(whole)


def _failures_listed(result: dict[str, Any]) -> list[str]:
    out = io.StringIO()
    print_table(result, out)
    return out.getvalue().split("each failing bot's first:\n")[1].splitlines()


def test_an_old_result_s_table_lists_each_failing_bots_first_reason(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    whole, _ = played
    assert _failures_listed(_saved_before_failure_entrants(whole)) == _failures_listed(whole)


def test_a_stopped_game_or_words_of_no_known_bot_name_no_failing_bot() -> None:
    from gofish.tournament.play import failing_entrant

    names = ["emma", "cmd:a, b", "random"]
    assert failing_entrant("deal 3, rotation 1 (seats: random, emma), seat 1: boom",
                           names) == 0
    assert failing_entrant("deal 0, seating 5 (--seatings all; seats: emma, random, emma)"
                           ", seat 1: boom", names) == 2
    assert failing_entrant("deal 3, rotation 1 (seats: random, emma): stopped after 1000 "
                           "asks", names) is None
    # Read as the entrants' names: one with ', ' in it is read whole.
    assert failing_entrant("deal 3, rotation 0 (seats: cmd:a, b, emma), seat 0: x",
                           names) == 1
    assert failing_entrant("deal 3, rotation 0 (seats: cmd:a, emma), seat 0: x",
                           names) is None  # no entrant named 'cmd:a'


def test_failure_entrants_that_do_not_fit_are_refused(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, shards = played
    for wrong in (shards[0]["failure_entrants"][1:],
                  [4] * len(shards[0]["failures"]), "0"):
        with pytest.raises(TournamentError, match="'failure_entrants' must hold"):
            merge_results([dict(shards[0], failure_entrants=wrong), shards[1], shards[2]])


def test_a_tally_keeps_each_entrants_first_failure_past_the_limit() -> None:
    tally = Tally(3)
    for game in range(MAX_FAILURES_KEPT + 20):
        tally.add_game((0, 1), (0, 7), 10, failed_seat=0, failure=f"0 in {game}", game=game)
    tally.add_game((1, 2), (0, 7), 10, failed_seat=1, failure="2 late", game=500)
    tally.add_game((1, 2), (0, 7), 10, failed_seat=1, failure="2 again", game=501)
    tally.add_game((1, 2), (0, 7), 10, failure="stopped as endless", game=502)
    assert tally.failures[-2:] == ["2 late", "stopped as endless"]
    assert tally.failure_entrants[-2:] == [2, None]
    assert len(tally.failures) == MAX_FAILURES_KEPT + 2
    assert tally.failure_count == MAX_FAILURES_KEPT + 23


def test_a_bot_whose_name_holds_a_seat_s_words_is_not_taken_for_another() -> None:
    # An external bot's command may hold "), seat 0: ": read up to its first such words,
    # the failure of the bot in seat 1 was listed as the first failure of the bot in seat 0.
    from gofish.tournament.play import failing_entrant

    names = ["cmd:e", "cmd:e), seat 0: z"]
    # Seat 1's failure, and word for word seat 0's at a table of cmd:e twice: not known.
    assert failing_entrant("deal 0, rotation 0 (seats: cmd:e, cmd:e), seat 0: z), seat 1: "
                           "crash", names) is None
    # Read as one seat's failure, it was cmd:e's; a game has two seats at least.
    assert failing_entrant("deal 0, rotation 1 (seats: cmd:e), seat 0: z, cmd:e), seat 0: "
                           "crash", names) == 1
    assert failing_entrant("deal 0, rotation 1 (seats: cmd:e), seat 0: z, cmd:e), seat 1: "
                           "crash", names) == 0


def test_words_edited_to_name_more_seats_than_a_table_has_read_no_bot_at_once() -> None:
    # A result edited by hand: "a, a, a, …" was read as deep as it ran (RecursionError, a
    # traceback from a merge), and names holding one another branched at every seat.
    import time

    from gofish.tournament.play import failing_entrant

    endless = ", ".join(["a"] * 3000)
    assert failing_entrant(f"deal 1, rotation 0 (seats: {endless}), seat 0: boom",
                           ["a", "b"]) is None
    started = time.perf_counter()
    tangled = ", ".join(["a"] * 34)
    assert failing_entrant(f"deal 1, rotation 0 (seats: {tangled}), seat 0: boom",
                           ["a", "a, a", "b"]) is None
    # Unbounded, 26 seats took a second and each more seat 1.6 times as long (a minute here).
    assert time.perf_counter() - started < 5
    # Five seats, the most a table has, still read.
    five = "a, b, a, b, a"
    assert failing_entrant(f"deal 1, rotation 0 (seats: {five}), seat 3: boom",
                           ["a", "b"]) == 1

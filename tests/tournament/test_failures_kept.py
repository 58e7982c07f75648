"""A tally counts every failure but keeps only the first MAX_FAILURES_KEPT messages: a bot
failing every game of a long run held one message per game in memory until the end,
where only that many were ever shown."""

from __future__ import annotations

from gofish.tournament import Tally
from gofish.tournament.tally import MAX_FAILURES_KEPT


def _failing(games: int, first: int = 0) -> Tally:
    tally = Tally(2)
    for game in range(first, first + games):
        tally.add_game((0, 1), (0, 7), 10, failed_seat=0, failure=f"game {game} forfeited")
    return tally


def test_every_failure_is_counted_and_the_first_ones_kept() -> None:
    tally = _failing(MAX_FAILURES_KEPT + 50)
    assert tally.failure_count == MAX_FAILURES_KEPT + 50
    assert tally.failures == [f"game {game} forfeited" for game in range(MAX_FAILURES_KEPT)]
    assert tally.forfeits == [MAX_FAILURES_KEPT + 50, 0]


def test_merging_adds_the_counts_and_keeps_the_earliest_messages() -> None:
    first, second = _failing(60), _failing(70, first=60)
    first.merge(second)
    assert first.failure_count == 130
    assert first.failures == [f"game {game} forfeited" for game in range(MAX_FAILURES_KEPT)]
    first.merge(_failing(5, first=130))  # full already: counted, not kept
    assert first.failure_count == 135
    assert len(first.failures) == MAX_FAILURES_KEPT

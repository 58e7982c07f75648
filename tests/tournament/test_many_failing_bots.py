"""A tally of a thousand failing programs adds a failing game without a walk over them.

Whether a failing entrant had a message kept yet was looked up in the list of kept
entrants, one comparison per entrant kept: with a thousand failing programs that list
scan was most of ``add_game``'s time.
"""

from __future__ import annotations

from gofish.tournament import Tally
from gofish.tournament.tally import MAX_FAILURES_KEPT


class Watched(int):
    """An entrant's number that counts how often it is compared."""

    comparisons = 0

    def __eq__(self, other: object) -> bool:
        Watched.comparisons += 1
        return int(self) == other

    __hash__ = int.__hash__


def failing_game(tally: Tally, entrant: int, opponent: int, game: int) -> None:
    tally.add_game((Watched(entrant), opponent), (0, 1), 5, failed_seat=0,
                   failure=f"bot {entrant} crashed", game=game)


def test_a_failing_game_costs_the_same_with_a_thousand_failing_bots() -> None:
    bots = 1000
    tally = Tally(entrants=bots + 1)
    for entrant in range(bots):  # each one's first failure is kept
        failing_game(tally, entrant, bots, entrant)
    assert tally.failure_entrants == list(range(bots))
    Watched.comparisons = 0
    for game in range(bots):
        failing_game(tally, game, bots, bots + game)
    # A few a game (the pairwise record compares the seats too), not one per entrant kept:
    # the list scan made a million.
    assert Watched.comparisons <= 5 * bots
    assert tally.failure_count == 2 * bots
    assert len(tally.failures) == bots  # nobody's second failure is kept past the first 100


def test_a_new_failing_bot_is_still_kept_after_the_first_hundred() -> None:
    tally = Tally(entrants=3)
    for game in range(MAX_FAILURES_KEPT + 5):
        failing_game(tally, 0, 2, game)
    failing_game(tally, 1, 2, 500)
    failing_game(tally, 1, 2, 501)
    assert tally.failure_entrants == [0] * MAX_FAILURES_KEPT + [1]
    assert tally.failure_games[-1] == 500


def test_the_lookup_follows_failures_set_by_a_merge_and_a_stored_result() -> None:
    first, second = Tally(entrants=3), Tally(entrants=3)
    for game in range(MAX_FAILURES_KEPT):
        failing_game(first, 0, 2, game)
    failing_game(second, 1, 2, 1000)
    first.merge(second)
    failing_game(first, 1, 2, 1001)  # bot 1 already has its message kept
    assert first.failure_entrants.count(1) == 1
    stored = Tally.from_raw(first.raw(), first.failures, first.failure_games,
                            first.failure_count, first.failure_entrants)
    failing_game(stored, 1, 2, 1002)
    failing_game(stored, 2, 0, 1003)
    assert stored.failure_entrants.count(1) == 1 and stored.failure_entrants[-1] == 2

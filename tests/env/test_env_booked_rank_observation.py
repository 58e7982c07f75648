"""The observation's "known to hold none" for a rank whose every card is in books (R3).

The tracker's own ``none`` forgets a seat's "none" once that seat draws a card nobody saw,
so the observation said 0 for a rank laid whole, where its docs say 1 for a rank the
opponent is known to hold none of (the coach had the same fault: tests/plain).
"""

from __future__ import annotations

from tests.core.stacked import ask, deal

from gofish.core import RANKS, Drew, Rank
from gofish.env import encode

#: Where an opponent's "none" flags start, for the first opponent: the agent's 13 counts,
#: then its hand size, books and in-play flag, then its 13 fewest-known counts.
FIRST_OPPONENT_NONE = 13 + 3 + 13


def _none_flag(observation: object, rank: str) -> float:
    return float(observation[FIRST_OPPONENT_NONE + RANKS.index(Rank.parse(rank))])  # type: ignore[index]


def test_a_rank_laid_whole_reads_as_held_by_no_opponent_after_unseen_draws() -> None:
    game = deal("classic", ["9 9 9 K", "9 2 3 4"], pond="5 6 7 8")
    ask(game, 1, "9")  # seat 0 books the 9s (R3) and asks on (R7)
    ask(game, 1, "K")  # a miss: seat 0 draws unseen
    events = ask(game, 0, "2")  # a miss: seat 1 draws a card seat 0 cannot see
    assert Drew(1, "fish", None) in game.view(0).history[-len(events):]
    for viewer in (0, 1):
        observation = encode(game.view(viewer))
        assert _none_flag(observation, "9") == 1.0, "a booked rank read as maybe held"
        assert _none_flag(observation, "5") == 0.0  # still in play: an unseen draw may be one


def test_the_trackers_holds_none_says_what_docs_tournament_md_says() -> None:
    # docs/tournament.md told bot writers that none[seat][rank] counts books; it forgets a
    # rank laid whole once the seat draws unseen, and holds_none is what keeps it (R3).
    from gofish.knowledge import Tracker

    game = deal("classic", ["9 9 9 K", "9 2 3 4"], pond="5 6 7 8")
    ask(game, 1, "9")
    ask(game, 1, "K")
    ask(game, 0, "2")  # seat 1 draws unseen
    view = game.view(0)
    tracker = Tracker(view.num_players, view.viewer, view.rules.book_size).update(view)
    nine, five = Rank.parse("9"), Rank.parse("5")
    assert tracker.none[1][nine] is False  # as the bots read it, unchanged
    assert tracker.holds_none(1, nine) is True
    assert tracker.holds_none(1, five) is False

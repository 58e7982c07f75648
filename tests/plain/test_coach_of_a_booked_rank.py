"""The coach (terminal, line mode, browser: ``coach_rows``) on a rank whose every card is
in books: nobody holds any (R3), whatever cards they have drawn since.

Once an opponent drew a card nobody saw, the coach called them "unknown" for a rank laid
whole ("9: you 0; Emma unknown; booked 4; not seen 0."), where the table knows they
hold none of it.
"""

from __future__ import annotations

from tests.core.stacked import ask, deal

from gofish.core import Drew, Rank, View
from gofish.knowledge import RankRow, coach_rows


def _row(view: View, rank: str) -> RankRow:
    return next(row for row in coach_rows(view) if row.rank == Rank.parse(rank))


def test_a_rank_all_in_books_is_known_in_no_hand_after_unseen_draws() -> None:
    game = deal("classic", ["9 9 9 K", "9 2 3 4"], pond="5 6 7 8")
    ask(game, 1, "9")  # seat 0 books the 9s (R3) and asks on (R7)
    ask(game, 1, "K")  # a miss: seat 0 draws a card seat 1 cannot see
    events = ask(game, 0, "2")  # a miss: seat 1 draws a card seat 0 cannot see
    assert Drew(1, "fish", None) in game.view(0).history[-len(events):]
    for viewer, other in ((0, 1), (1, 0)):
        nines = _row(game.view(viewer), "9")
        assert nines.booked == 4 and nines.unaccounted == 0
        assert nines.known_none[other], "a booked rank was called unknown"
    # A rank still in play stays unknown after an unseen draw: the draw may be one of it.
    assert not _row(game.view(0), "5").known_none[1]


def test_under_pairs_only_a_rank_with_both_pairs_down_is_known_in_no_hand() -> None:
    game = deal("classic", ["9 9 9 K", "9 2 3 4"], pond="5 6 7 8", book_size=2)
    assert _row(game.view(0), "9").booked == 2  # one pair dealt down, a 9 still held
    ask(game, 1, "9")  # the second pair: every 9 is down
    ask(game, 1, "K")  # seat 0 draws unseen
    ask(game, 0, "2")  # seat 1 draws unseen
    nines = _row(game.view(0), "9")
    assert nines.booked == 4 and nines.known_none[1]
    assert not _row(game.view(0), "K").known_none[1]  # no king down: still in play

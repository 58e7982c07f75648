"""gofish.sim.play_deals takes its rules as simulate does: under ``ask: card`` it played rank
asks in silence (books and asks of games no engine would play: RULES.md, house rules, ``ask``
and R5/R6), a preset's name was an AttributeError ('str' object has no attribute
'for_players'), and rows of bot kinds of different lengths numpy's ValueError ("setting an
array element with a sequence")."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gofish.core import MalformedInputError, make_rules
from gofish.sim import SimUnavailable, play_deals


def test_card_asks_are_refused_as_simulate_refuses_them() -> None:
    for rules in (make_rules("classic", ask="card"), {"preset": "nordic", "ask": "card"}):
        with pytest.raises(SimUnavailable, match="plays rank asks only, not ask: card"):
            play_deals(rules, 2, 1, [0, 1], [0, 1], [[1, 0], [1, 0]])  # type: ignore[arg-type]


def test_rules_are_anything_make_rules_takes() -> None:
    given = play_deals(make_rules("bicycle"), 3, 1, range(20), [0] * 20, [[0, 1, 2]] * 20)
    for rules in ("bicycle", {"preset": "bicycle"}):
        books, actions = play_deals(rules, 3, 1, range(20), [0] * 20, [[0, 1, 2]] * 20)
        assert (books == given[0]).all() and (actions == given[1]).all()
    with pytest.raises(MalformedInputError, match="unknown preset 'chess'"):
        play_deals("chess", 2, 1, [0], [0], [[1, 0]])


def test_rows_of_different_lengths_are_refused_by_name() -> None:
    with pytest.raises(MalformedInputError, match=r"kinds must be whole numbers \(bot kinds "
                                                  r".*\) in rows of one length"):
        play_deals(make_rules("classic"), 2, 1, [0, 1], [0, 0], [[0, 1], [0]])

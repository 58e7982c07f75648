"""docs/tournament.md warns that --seatings all with fewer bots than seats plays the same
seating more than once a deal, and that the interval is then too narrow; the counts it
gives are the schedule's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from gofish.core import make_rules
from gofish.tournament import Plan
from gofish.tournament.plan import seating


def test_the_docs_count_the_repeated_seatings_of_two_bots_at_five_seats() -> None:
    plan = Plan(make_rules("classic"), 5, 1, ("counter", "emma"), 1, seatings="all")
    (table,) = plan.tables
    played = Counter(seating(table, order) for order in plan.arrangements)
    assert (len(plan.arrangements), len(played), set(played.values())) == (120, 10, {12})
    docs = Path(__file__).parents[2] / "docs" / "tournament.md"
    text = " ".join(docs.read_text().split())
    assert ("`counter emma --players 5 --seatings all`: 120 orders, 10 seatings, each played "
            "12 times a deal") in text

"""docs/tournament.md, "Determinism": a tournament is repeatable, except for a bot whose
think is cut short by the wall clock (``ismcts``'s ``seconds``): its games then depend on
how fast the machine runs. With a budget the clock never reaches, it is repeatable again."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from gofish.bots import ismcts
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament


def _totals(spec: str) -> dict[str, object]:
    plan = Plan(make_rules("classic"), 2, 3, ("emma", spec), 2)
    return run_tournament(plan, jobs=1, fast=False).tally.raw()


def _slow_clock() -> Callable[[], float]:
    """A machine so busy that every look at the clock finds a second gone."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


@pytest.mark.parametrize(("spec", "repeatable"), [
    ("ismcts:iterations=2:seconds=1.5", False),  # the budget binds on the busy machine only
    ("ismcts:iterations=2:seconds=3600", True),  # iterations alone decide
])
def test_a_wall_clock_budget_makes_games_depend_on_the_machine(
    monkeypatch: pytest.MonkeyPatch, spec: str, repeatable: bool,
) -> None:
    quiet = _totals(spec)
    monkeypatch.setattr(ismcts, "_clock", _slow_clock())
    busy = _totals(spec)
    assert (busy == quiet) is repeatable

"""With an external program at the table, progress is told a deal at a time: in chunks of
eight deals (sixteen games) a slow program kept the bar at 0 for minutes, and Ctrl-C
said no game had been played."""

from __future__ import annotations

import sys
from pathlib import Path

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "examples" / "mybot.py"


def _progress(specs: tuple[str, ...], games: int) -> list[int]:
    told: list[int] = []
    plan = Plan(make_rules("classic"), 2, 1, specs, games)
    run_tournament(plan, jobs=1, fast=False, progress=lambda done, total: told.append(done))
    return told


def test_a_program_at_the_table_moves_the_progress_a_deal_at_a_time() -> None:
    told = _progress(("emma", f"cmd:{sys.executable} {EXAMPLE_BOT}"), 6)
    assert told == [0, 2, 4, 6]  # a deal is played from both seats: two games


def test_built_in_bots_alone_are_told_in_bigger_steps() -> None:
    assert _progress(("emma", "random"), 20) == [0, 16, 20]  # eight deals, then two

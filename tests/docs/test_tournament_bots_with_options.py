"""docs/tournament.md says which engine plays a bot named with options as the tournament
does: its list of bots said "a bot with options plays through the engine, not the bulk
simulator", while ``emma:memory=2`` and ``counter:epsilon=0.1`` play in the simulator (as
its section on the simulator says), so a reader expected the engine's speed."""

from __future__ import annotations

from pathlib import Path

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"


def engine_for(specs: tuple[str, ...]) -> str:
    plan = Plan(make_rules("classic"), 2, 1, specs, 10)
    return str(summary(run_tournament(plan, jobs=1))["engine"])


def test_the_doc_says_of_bots_with_options_what_the_tournament_does() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert engine_for(("emma:memory=2", "counter:epsilon=0.1")) == "sim"
    assert "a bot with options plays through the engine" not in text
    assert engine_for(("emma", "expert:epsilon=0.3:endgame=0")) == "engine"
    assert "play in the bulk simulator with their options too" in text

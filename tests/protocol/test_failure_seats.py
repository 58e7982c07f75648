"""A failure names the game's seats as the result names its bots: it named an external
bot by its bare command (``python bot.py``, where the table and docs/bots-protocol.md say
``cmd:python bot.py``), so one command entered twice read ``seats: python bot.py, python
bot.py`` and the failure could not be put to either row of the table."""

from __future__ import annotations

from pathlib import Path

from tests.protocol.test_external_bots import children_of_this_process, write_bot

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary


def test_a_failure_names_the_seats_by_their_entrants(tmp_path: Path) -> None:
    spec = f"cmd:{write_bot(tmp_path, 'crash')}"
    plan = Plan(make_rules("classic"), 2, 1, (spec, spec, "emma"), 6)
    result = summary(run_tournament(plan, jobs=1))
    failures = result["failures"]
    assert f"deal 0, rotation 0 (seats: {spec}#1, {spec}#2), seat " in failures[0]
    assert any(f"(seats: {spec}#2, emma), seat 0: bot 'tiny'" in why for why in failures)
    assert children_of_this_process() == []


def test_the_result_names_a_program_by_its_entry_not_its_hello(tmp_path: Path) -> None:
    # docs/bots-protocol.md: the hello's name ("tiny") is for failure messages only.
    spec = f"cmd:{write_bot(tmp_path, 'first_legal')}"
    plan = Plan(make_rules("classic"), 2, 1, (spec, "random"), 2)
    result = summary(run_tournament(plan, jobs=1))
    assert [bot["name"] for bot in result["bots"]] == [spec, "random"]
    assert "tiny" not in str(result)
    assert children_of_this_process() == []

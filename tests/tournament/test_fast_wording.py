"""fast=True that the simulator cannot honour is refused in the words of whoever asked:
run_tournament said "--fast cannot be used" to a Python caller, who gave no option."""

from __future__ import annotations

import sys

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, TournamentError, run_tournament


@pytest.mark.parametrize(("rules", "specs", "why"), [
    (make_rules("classic", ask="card"), ("emma", "random"),
     "the bulk simulator plays rank asks only, not ask: card"),
    (make_rules("classic"), ("expert", "random"),
     "the bulk simulator plays only random, emma, counter, not expert"),
    (make_rules("classic"), ("emma", f"cmd:{sys.executable} x.py"),
     "external bots play through the engine"),
])
def test_the_api_names_its_own_argument(rules: object, specs: tuple[str, ...],
                                        why: str) -> None:
    plan = Plan(rules, 2, 1, specs, 4)  # type: ignore[arg-type]
    with pytest.raises(TournamentError) as caught:
        run_tournament(plan, jobs=1, fast=True)
    assert str(caught.value) == f"fast=True cannot be used: {why}"


def test_the_command_line_names_its_option_before_any_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "emma", "random", "--ask", "card", "--fast", "--games", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ("gofish tournament: --fast cannot be used: the bulk simulator "
                            "plays rank asks only, not ask: card\n")
    assert captured.out == ""  # nothing played (nor the note on rounding 3 games up, above)


def test_a_plan_the_simulator_plays_still_takes_fast_true() -> None:
    outcome = run_tournament(Plan(make_rules("classic"), 2, 1, ("emma", "random"), 4),
                             jobs=1, fast=True)
    assert outcome.engine == "sim" and outcome.tally.tables == 4

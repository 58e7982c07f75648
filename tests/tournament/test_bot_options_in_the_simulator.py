"""A tournament of bots with options the simulator plays (``emma:memory=2``,
``counter:epsilon=0.1``) is played by the simulator, with the engine's result: such a spec
sent every tournament it was in to the engine, a hundred times slower."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numba")

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament

SPECS = ("emma:memory=2", "counter:epsilon=0.1", "emma", "random:")


def test_the_simulator_plays_them_and_agrees_with_the_engine() -> None:
    plan = Plan(make_rules("classic"), 3, 11, SPECS[:3], 120)
    fast = run_tournament(plan, jobs=1)
    engine = run_tournament(plan, jobs=1, fast=False)
    assert fast.engine == "sim" and engine.engine == "engine"
    assert fast.tally.raw() == engine.tally.raw()
    assert fast.tally.tables == engine.tally.tables > 0


def test_the_command_line_plays_them_fast(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *SPECS[:2], "--games", "40", "--seed", "2", "--jobs", "1",
                 "--fast", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["engine"] == "sim"
    assert [row["spec"] for row in result["bots"]] == list(SPECS[:2])


def test_a_bare_colon_is_refused_as_make_bot_refuses_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    # As with --fast or without: the spec is wrong, not the choice of engine.
    for fast in ([], ["--fast"]):
        assert main(["tournament", "emma", SPECS[3], "--games", "4", *fast]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == ("gofish tournament: bot option '' in 'random:' should look "
                                "like KEY=VALUE, as in counter:epsilon=0.3\n")

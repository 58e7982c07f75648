"""examples/jqbot.sh, the protocol's example in a language other than Python, plays whole
games under every preset and under ask: card, without a failure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import children_of_this_process

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "jqbot.sh"


@pytest.mark.parametrize(("rules", "players"), [
    (make_rules("classic"), 2), (make_rules("bicycle"), 3), (make_rules("nordic"), 4),
    (make_rules("classic", ask="card", book_size=2), 2),
])
def test_the_jq_example_bot_plays_whole_games(rules: object, players: int) -> None:
    # make test installs jq (scripts/setup-test-system.sh): a skip here would hide a break.
    assert shutil.which("jq") and shutil.which("bash"), "jq and bash: run make install-test"
    plan = Plan(rules, players, 1, ("emma", f"cmd:bash {EXAMPLE}"), players)
    result = summary(run_tournament(plan, jobs=1))
    assert result["failures"] == [] and result["failure_count"] == 0
    assert result["games"] == players and sum(bot["wins"] for bot in result["bots"]) > 0
    assert children_of_this_process() == []

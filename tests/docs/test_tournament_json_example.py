"""The ``--json`` example of docs/tournament.md is the run it names, rounded: a reader who
runs that command gets those numbers (they were of some other run, with seed 1 shown)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"


def documented_emma_row() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    command = "gofish tournament emma random --games 2000 --seed 1\n--json"
    assert command in text
    example = text[text.index(command):]
    row = re.search(r'\{"name": "emma".*?\}', example, re.DOTALL)
    assert row is not None
    return dict(re.findall(r'"(\w+)": (\[[^\]]*\]|[^,}]+)', row.group(0)))


def test_the_json_example_gives_the_numbers_of_its_command() -> None:
    documented = documented_emma_row()
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 2000)
    emma = summary(run_tournament(plan, jobs=1))["bots"][0]
    assert emma["name"] == "emma" and emma["games"] == int(documented["games"])
    assert emma["wins"] == float(documented["wins"])
    assert emma["win_rate"] == float(documented["win_rate"])
    low, high = (float(part) for part in documented["ci95"].strip("[]").split(","))
    assert emma["ci95"] == [pytest.approx(low, abs=5e-4), pytest.approx(high, abs=5e-4)]
    for field in ("elo", "books_per_game", "game_length"):
        assert emma[field] == pytest.approx(float(documented[field]), abs=0.05), field

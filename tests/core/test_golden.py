"""Golden playthroughs: complete games stored as files, replayed from their record alone.

The files under ``tests/golden/`` are written by ``tests/golden/make_golden.py``
(run by hand). Any change in how the engine plays a record shows up here as a
different event log or final position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gofish

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_golden_games_for_every_preset_and_several_player_counts() -> None:
    tables = set()
    for path in GOLDEN_FILES:
        record = _load(path)["record"]
        rules = record["rules"]
        preset = rules if isinstance(rules, str) else rules["preset"]
        tables.add((preset, record["players"], isinstance(rules, dict)))
    for wanted in [("classic", 2, False), ("classic", 4, False), ("bicycle", 2, False),
                   ("bicycle", 3, False), ("bicycle", 5, False), ("nordic", 2, False),
                   ("nordic", 4, False)]:
        assert wanted in tables
    assert sum(1 for *_, house in tables if house) >= 3  # house-rule variants too


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def test_replaying_a_golden_record_gives_the_same_events_and_final_position(path: Path) -> None:
    golden = _load(path)
    game = gofish.game_from_record(golden["record"])
    assert game.is_over, "golden games are complete games"
    assert [event.to_dict() for event in game.events] == golden["events"]
    assert gofish.snapshot(game) == golden["snapshot"]
    assert gofish.replay_record(golden["record"]) == golden["snapshot"]
    assert game.to_record() == golden["record"]  # export is stable too

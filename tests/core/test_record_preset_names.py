"""A record's preset is read strictly (RULES.md "Game records": ``rules`` is a preset name,
and docs/rules.md: "a record is read strictly"): ``"Classic"`` is refused with the field,
the value and the names, where ``make_rules`` and the command line read it for people."""

from __future__ import annotations

from typing import Any

import pytest

import gofish
from gofish import replay_record


def _record(rules: object) -> dict[str, Any]:
    record = gofish.new_game("classic", players=2, seed=5).to_record()
    return {**record, "rules": rules}


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("Classic", "unknown preset 'Classic' in 'rules': a record names it exactly, as "
                    "classic, bicycle or nordic; did you mean 'classic'?"),
        (" classic", "unknown preset ' classic' in 'rules'"),
        ("NORDIC", "did you mean 'nordic'?"),
        ({"preset": "Bicycle", "lucky_draw": False},
         "unknown preset 'Bicycle' in the 'preset' of 'rules': a record names it exactly, as "
         "classic, bicycle or nordic; did you mean 'bicycle'?"),
    ],
)
def test_a_preset_not_written_exactly_is_refused_naming_the_field_and_the_names(
        rules: object, message: str) -> None:
    result = replay_record(_record(rules))
    assert result["ok"] is False and result["action_index"] is None
    assert message in result["error"]


def test_a_preset_that_is_no_name_at_all_is_refused_as_before() -> None:
    result = replay_record(_record("go-fish"))
    assert result["error"] == "unknown preset 'go-fish': choose classic, bicycle or nordic"


def test_make_rules_still_reads_a_preset_as_people_type_it() -> None:
    # The Python API and the command line's --rules are for people (docs/rules.md).
    assert gofish.make_rules("Classic").preset == "classic"
    assert gofish.new_game(" NORDIC ", players=3, seed=1).rules.preset == "nordic"


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
@pytest.mark.parametrize("options", [{}, {"lucky_draw": False, "ask": "card", "book_size": 2}])
def test_every_record_gofish_writes_reads_back(preset: str, options: dict[str, Any]) -> None:
    game = gofish.new_game(gofish.make_rules(preset.upper(), **options), players=3, seed=7)
    for _ in range(12):
        if game.is_over:
            break
        game.play(game.legal_actions()[0])
    assert replay_record(game.to_record()) == gofish.snapshot(game)

"""Damaged records (RULES.md "Game records"): a field of a real record replaced by any
JSON value, left out or added, an action replaced or repeated, the line cut short. The
reader never raises: each gives the ok object, or one error object whose action_index
is null or the index of an action the record has, and replay_line reads the JSON text
as replay_record reads the object. A guard over every field at once: the fixed cases
are in test_records.py."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gofish

FUZZ_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

#: Any JSON value, kept small: numbers far past a seat or a count, text that is almost a
#: card or a rank, nesting.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "AS", "10H", "T", "t", "ſ", "classic", "card", "0", "1e9"])
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=6,
)

RECORD_FIELDS = ["rules", "players", "deck", "first_player", "actions"]
ACTION_FIELDS = ["player", "target", "rank", "suit"]


def _played(rules: object, players: int, seed: int, asks: int) -> dict[str, Any]:
    game = gofish.new_game(rules, players=players, seed=seed)
    for _ in range(asks):
        if game.is_over:
            break
        game.play(game.legal_actions()[0])
    return game.to_record()


RECORDS = [
    _played("classic", 2, 1, 30),
    _played("bicycle", 4, 2, 20),
    _played("nordic", 3, 3, 10),
    _played({"preset": "bicycle", "ask": "card", "book_size": 2}, 5, 4, 15),
]


@st.composite
def damaged(draw: st.DrawFn) -> dict[str, Any]:
    record = json.loads(json.dumps(draw(st.sampled_from(RECORDS))))  # a copy to damage
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["field", "drop", "extra", "action", "action field",
                                     "card", "option"]))
        actions = record.get("actions")
        actions = actions if isinstance(actions, list) and actions else None
        if kind == "field":
            record[draw(st.sampled_from(RECORD_FIELDS))] = draw(JSON_VALUES)
        elif kind == "drop" and record:
            del record[draw(st.sampled_from(sorted(record)))]
        elif kind == "extra":
            record[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif kind == "action" and actions:
            actions[draw(st.integers(0, len(actions) - 1))] = draw(JSON_VALUES)
        elif kind == "action field" and actions:
            action = actions[draw(st.integers(0, len(actions) - 1))]
            if isinstance(action, dict):
                action[draw(st.sampled_from(ACTION_FIELDS))] = draw(JSON_VALUES)
        elif kind == "card" and isinstance(record.get("deck"), list) and record["deck"]:
            record["deck"][draw(st.integers(0, len(record["deck"]) - 1))] = draw(JSON_VALUES)
        elif kind == "option":
            record["rules"] = {"preset": draw(st.sampled_from(["classic", "bicycle", "nordic"])),
                               draw(st.text(max_size=10) | st.sampled_from(
                                   ["lucky_draw", "refill", "end", "hand_size", "book_size",
                                    "ask"])): draw(JSON_VALUES)}
    return record


def _check_result(result: dict[str, Any], record: object) -> None:
    if result["ok"]:
        assert list(result) == ["ok", "over", "current_player", "pond", "hands", "books",
                                "winners"]
        return
    assert list(result) == ["ok", "action_index", "error"]
    assert isinstance(result["error"], str) and result["error"].strip()
    assert "Traceback" not in result["error"] and " object at 0x" not in result["error"]
    index = result["action_index"]
    if index is not None:
        assert isinstance(record, dict) and isinstance(record["actions"], list)
        assert 0 <= index < len(record["actions"])


@FUZZ_SETTINGS
@given(damaged())
def test_a_damaged_record_gives_one_result_never_an_exception(record: dict[str, Any]) -> None:
    result = gofish.replay_record(record)
    _check_result(result, record)
    assert gofish.replay_line(json.dumps(record)) == result


@FUZZ_SETTINGS
@given(st.sampled_from(RECORDS), st.integers(0, 10_000), st.sampled_from(["", "\r\n", "\n"]))
def test_a_line_cut_short_gives_one_error_result(
    record: dict[str, Any], cut: int, ending: str
) -> None:
    line = json.dumps(record)
    cut = cut % len(line)  # never the whole line
    result = gofish.replay_line(line[:cut] + ending)
    assert result["ok"] is False and result["action_index"] is None
    assert result["error"].startswith("the line is not valid JSON: ")
    if cut:  # "Expecting ',' delimiter" read as a comma missing, not a line cut short
        assert result["error"].endswith(": it is cut off, ending before the object it "
                                        "opens is closed")

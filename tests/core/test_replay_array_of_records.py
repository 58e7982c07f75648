"""An array of records given to ``gofish replay``: one result that says so, not one per line.

RULES.md, "Game records": one game per JSON object, JSON Lines for many. A list of records
saved with ``json.dump(records, file, indent=2)`` is neither, and each of its lines was
replayed as a record of its own: hundreds of "not valid JSON: Extra data" results.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import gofish
from gofish.cli.replay import replay_stream
from gofish.core import replay_record

from .stacked import deal


def _record() -> dict[str, Any]:
    game = deal("classic", ["9 9 K", "9 2 3"], pond="4 K 5")
    game.play(gofish.Ask.of(1, "9"))
    return game.to_record()


def _replayed(text: str) -> tuple[int, list[dict[str, Any]], list[str]]:
    """The exit status, the --json results and the readable headings for input ``text``."""
    lines = text.splitlines(keepends=True)
    as_json, readable = io.StringIO(), io.StringIO()
    status = replay_stream(lines, as_json, as_json=True)
    replay_stream(lines, readable, as_json=False)
    headings = [line for line in readable.getvalue().splitlines() if line.startswith("record")]
    return status, [json.loads(line) for line in as_json.getvalue().splitlines()], headings


def test_a_pretty_printed_array_of_records_is_one_result_naming_its_lines() -> None:
    text = json.dumps([_record(), _record()], indent=2) + "\n"
    status, results, headings = _replayed(text)
    assert status == 1
    [result] = results
    assert result["ok"] is False and result["action_index"] is None
    assert result["error"].startswith("a record must be a JSON object, not an array: ")
    assert "one object a line (JSON Lines)" in result["error"]
    assert headings == [f"record 1 (lines 1-{text.count(chr(10))}): cannot replay (the record "
                        f"itself): {result['error']}"]


def test_an_array_written_one_record_a_line_is_one_result_too() -> None:
    line = json.dumps(_record())
    status, results, _ = _replayed(f"[\n{line},\n{line}\n]\n")
    assert status == 1 and len(results) == 1
    assert "not an array" in results[0]["error"]


def test_an_array_of_records_on_one_line_is_told_how_many_records_are_written() -> None:
    result = replay_record([_record(), _record()])
    assert result == {"ok": False, "action_index": None,
                      "error": "a record must be a JSON object, not an array: many records "
                               "are written one object a line (JSON Lines), as gofish export "
                               "does"}
    # An array of anything else is no list of records: no advice on writing them.
    assert replay_record([1, 2])["error"] == "a record must be a JSON object, not an array"


def test_an_array_cut_off_is_one_result_that_says_so() -> None:
    lines = (json.dumps([_record(), _record()], indent=2) + "\n").splitlines(keepends=True)
    status, results, headings = _replayed("".join(lines[:40]))
    assert status == 1 and len(results) == 1
    assert results[0]["error"].endswith("this one is cut off: the input ends before it closes")
    assert headings[0].startswith("record 1 (lines 1-40): cannot replay (the record itself)")


def test_records_after_a_stray_bracket_are_still_replayed() -> None:
    # Two objects in a row, each a line of its own, are no array's items (no comma between):
    # they are JSON Lines, replayed as ever, after one result for the bracket's line.
    record = _record()
    line = json.dumps(record)
    status, results, headings = _replayed(f"[\n{line}\n\n{line}\n")
    assert status == 1
    assert results[0]["ok"] is False and "not an array" in results[0]["error"]
    assert results[1:] == [replay_record(record)] * 2
    assert headings[1].startswith("record 2: in progress")
    assert headings[2].startswith("record 3 (line 4): in progress")


def test_records_laid_out_over_lines_after_a_stray_bracket_are_still_replayed() -> None:
    # No comma after the first record: no array's item, so it is a record of its own.
    record = _record()
    spread = json.dumps(record, indent=2) + "\n"
    status, results, headings = _replayed(f"[\n{spread}{spread}")
    assert status == 1  # the bracket's line
    assert results[1:] == [replay_record(record)] * 2
    size = spread.count("\n")
    assert headings[1].startswith(f"record 2 (lines 2-{1 + size}): in progress")
    assert headings[2].startswith(f"record 3 (lines {2 + size}-{1 + 2 * size}): in progress")


def test_records_after_a_stray_bracket_and_a_line_cut_short_are_still_replayed() -> None:
    # RULES.md, Game records: JSON Lines for many. The cut-off line left the array's item
    # open, and every record after it was swallowed as part of that item: one result for
    # the whole file, its games never replayed.
    record = _record()
    line = json.dumps(record)
    for opening in ("[\n", "["):
        status, results, headings = _replayed(f"{opening}{line[:-20]}\n{line}\n{line}\n")
        assert status == 1
        assert "not an array" in results[0]["error"]
        assert results[-2:] == [replay_record(record)] * 2, opening
        # A record per line, so each numbered as its line is.
        assert len(results) == len(headings) == opening.count("\n") + 3
        assert headings[-1].startswith(f"record {len(results)}: in progress")


def test_an_array_laid_out_over_lines_holding_records_is_still_one_result() -> None:
    # Its items' lines are indented: none of them is taken for a record of JSON Lines.
    status, results, _ = _replayed(json.dumps([[_record()], _record()], indent=2) + "\n")
    assert status == 1 and len(results) == 1
    assert "not an array" in results[0]["error"]


def test_an_array_with_its_actions_each_on_a_line_of_its_own_is_still_one_result() -> None:
    # An action alone on its line, unindented, is an object of its own but no record: it
    # does not end the array as a record of JSON Lines inside an item does.
    record = _record()
    actions = ",\n".join(json.dumps(action) for action in record["actions"])
    head = json.dumps({**record, "actions": []})[:-3]  # up to the actions' "["
    status, results, _ = _replayed(f"[{head}[\n{actions}\n]}},\n{head}[\n{actions}\n]}}]\n")
    assert status == 1 and len(results) == 1
    assert "not an array" in results[0]["error"]


@pytest.mark.parametrize("indent", [0, 2])
@pytest.mark.parametrize("opening", ["[\n", "["])
def test_records_laid_out_over_lines_after_a_stray_bracket_and_a_cut_line_are_replayed(
        opening: str, indent: int) -> None:
    # RULES.md, Game records. A record laid out over lines opens with a lone "{", no
    # record of JSON Lines: after the cut-off line it was swallowed as the array's, and
    # every game after it with it (one result for the whole file).
    record = _record()
    spread = json.dumps(record, indent=indent) + "\n"
    status, results, headings = _replayed(f"{opening}{json.dumps(record)[:-20]}\n"
                                          f"{spread}{spread}")
    assert status == 1
    assert "not an array" in results[0]["error"]
    assert results[-2:] == [replay_record(record)] * 2
    size = spread.count("\n")
    first = 2 + opening.count("\n")
    assert headings[-2].startswith(f"record {len(results) - 1} (lines {first}-"
                                   f"{first + size - 1}): in progress")


def test_an_array_laid_out_with_no_indent_is_still_one_result() -> None:
    # indent=0: each action inside an item opens with a lone "{" unindented, no record.
    status, results, _ = _replayed(json.dumps([_record(), _record()], indent=0) + "\n")
    assert status == 1 and len(results) == 1
    assert "not an array" in results[0]["error"]

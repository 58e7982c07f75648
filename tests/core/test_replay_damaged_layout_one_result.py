"""``gofish replay`` of a record laid out over several lines that lost a line its layout
needs: its opening "{" (laid out with an indent), or a line holding only a bracket (laid
out with no indent, where every line of it starts at the margin). Each was still a "not
valid JSON" result per line, seventy for one record; it is one result, naming the lines,
and the records after it are read as ever."""

from __future__ import annotations

import json

import pytest

from .test_replay_broken_spread_record import _bracket_lines, _record, _replayed


def _results(lines: list[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in _replayed(lines, as_json=True)]


def _after(indent: int | str) -> tuple[list[str], int]:
    """What follows the damaged record: one laid out as it was, then one on a line; and
    how many records that is."""
    return [*json.dumps(_record(), indent=indent).splitlines(keepends=True),
            json.dumps(_record()) + "\n"], 2


@pytest.mark.parametrize("indent", [1, 2, 4, "\t"])
def test_an_indented_record_that_lost_its_opening_is_one_result(indent: int | str) -> None:
    lines = json.dumps(_record(), indent=indent).splitlines(keepends=True)
    after, records_after = _after(indent)
    results = _results(["\n", *lines[1:], *after])  # its "{" lost; line 1 blank
    assert [result["ok"] for result in results] == [False] + [True] * records_after
    assert results[0] == {"ok": False, "action_index": None,
                          "error": 'the record is not valid JSON: it does not open with '
                                   '"{" at line 2 (its first line lost?)'}


def test_the_readable_form_names_the_lines_of_the_damaged_record() -> None:
    lines = json.dumps(_record(), indent=2).splitlines(keepends=True)
    readable = _replayed([*lines[1:], *lines], as_json=False)
    headers = [line for line in readable if line.startswith("record ")]
    assert headers[0].startswith(f"record 1 (lines 1-{len(lines) - 1}): cannot replay")
    assert headers[1].startswith(f"record 2 (lines {len(lines)}-{2 * len(lines) - 1}): ")
    assert len(headers) == 2


def test_a_record_with_no_indent_that_lost_a_bracket_line_is_one_result() -> None:
    lines = json.dumps(_record(), indent=0).splitlines(keepends=True)
    after, records_after = _after(0)
    for lost in _bracket_lines(0):
        damaged = [*lines[:lost], *lines[lost + 1:]]
        results = _results([*damaged, *after])
        assert [result["ok"] for result in results] == [False] + [True] * records_after, (
            lost, results[:3])
        error = results[0]["error"]
        assert isinstance(error, str) and error.startswith(
            "the record is not valid JSON: "), (lost, error)
        assert " at line " in error, (lost, error)


def test_a_record_with_no_indent_that_lost_its_opening_is_one_result() -> None:
    lines = json.dumps(_record(), indent=0).splitlines(keepends=True)
    after, records_after = _after(0)
    results = _results([*lines[1:], *after])
    assert [result["ok"] for result in results] == [False] + [True] * records_after
    assert "does not open with" in str(results[0]["error"])


def test_lines_of_words_after_a_broken_line_are_still_their_own() -> None:
    # Only lines laid out as a record's are joined: words are not a record's lines.
    whole = json.dumps(_record()) + "\n"
    results = _results(['  "rules": "classic",\n', "not json\n", "nor this\n", whole])
    assert [result["ok"] for result in results] == [False, False, False, True]

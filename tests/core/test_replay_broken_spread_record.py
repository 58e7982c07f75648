"""``gofish replay`` of a record laid out over several lines (as a pretty-printer writes
it, as RULES.md "Game records" prints its example) with a fault in its middle: a comma
or a card left out. It is one record, so one result naming the file's line
and column of the fault, and the records after it are read as ever. Each of its lines
was a result of its own, 70 "not valid JSON" results for one record, none of them
naming the line that was wrong."""

from __future__ import annotations

import io
import json

import pytest

import gofish
from gofish.cli.replay import replay_stream


def _record() -> dict[str, object]:
    game = gofish.new_game("bicycle", players=3, seed=2)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    return game.to_record()


def _replayed(lines: list[str], *, as_json: bool) -> list[str]:
    out = io.StringIO()
    replay_stream(lines, out, as_json=as_json)
    return out.getvalue().splitlines()


def _broken(line_number: int, fault: str) -> list[str]:
    """The record pretty-printed, its line ``line_number`` (from 1) damaged by ``fault``."""
    lines = json.dumps(_record(), indent=2).splitlines(keepends=True)
    line = lines[line_number - 1]
    if fault == "comma left out":
        lines[line_number - 1] = line.replace(",", "", 1)
    else:  # a card left out, its comma left: "4S", becomes ,
        lines[line_number - 1] = line[:line.index('"')] + ",\n"
    return lines


@pytest.mark.parametrize(("fault", "message", "line"), [
    # json names where it looked for the comma: the next card, on the next line.
    ("comma left out", "Expecting ',' delimiter", 22),
    ("card left out", "Expecting value", 21),
])
def test_a_fault_inside_a_spread_record_is_one_result_naming_its_line(
    fault: str, message: str, line: int
) -> None:
    whole = json.dumps(_record()) + "\n"
    spread = _broken(20, fault)  # in the deck; line 21 of the file
    results = _replayed(["\n", *spread, whole], as_json=True)
    assert [json.loads(line)["ok"] for line in results] == [False, True]
    error = json.loads(results[0])
    assert error["action_index"] is None
    # The file's line: the blank line before the record counts.
    assert error["error"] == (f"the record is not valid JSON: {message} at line {line}, "
                              "column 5")
    readable = _replayed(["\n", *spread, whole], as_json=False)
    headers = [line for line in readable if line.startswith("record ")]
    assert headers[0] == (f"record 1 (lines 2-{1 + len(spread)}): cannot replay (the record "
                          f"itself): the record is not valid JSON: {message} at line "
                          f"{line}, column 5")
    assert headers[1].startswith(f"record 2 (line {2 + len(spread)}): in progress")


def test_a_fault_in_the_actions_of_a_spread_record_is_one_result() -> None:
    lines = json.dumps(_record(), indent=2).splitlines(keepends=True)
    at = next(number for number, line in enumerate(lines, start=1) if '"rank"' in line)
    lines[at - 1] = lines[at - 1].replace(":", "", 1)
    results = [json.loads(line) for line in _replayed(lines, as_json=True)]
    assert results == [{"ok": False, "action_index": None,
                        "error": f"the record is not valid JSON: Expecting ':' delimiter at "
                                 f"line {at}, column 14"}]


def test_a_byte_that_is_not_utf8_in_a_broken_spread_record_is_said_first() -> None:
    # Read with surrogateescape, the byte 0xff is "\udcff": said as for a line.
    lines = _broken(20, "comma left out")
    lines[9] = lines[9].replace('"', '"\udcff', 1)
    results = [json.loads(line) for line in _replayed(lines, as_json=True)]
    assert len(results) == 1 and results[0]["error"].startswith(
        "the line is not valid UTF-8 (byte 0xff at position ")


def test_lines_each_opening_an_object_are_still_results_of_their_own() -> None:
    # No bracket closes them: not one record (and not searched to MAX_SPREAD_RECORD).
    lines = ['{\n', '"a": 1,\n'] * 2000 + [json.dumps(_record()) + "\n"]
    results = [json.loads(line) for line in _replayed(lines, as_json=True)]
    assert len(results) == 4001 and [result["ok"] for result in results[-2:]] == [False, True]


def test_a_quote_lost_before_a_bracket_is_still_one_result() -> None:
    # '  deck": [': its bracket read as inside a string closed the record at the deck's
    # end, and each line after it was a result of its own again.
    whole = json.dumps(_record(), indent=2).splitlines(keepends=True)
    at = next(number for number, line in enumerate(whole, start=1) if '"deck"' in line)
    lines = [*whole[:at - 1], whole[at - 1].replace('"', "", 1), *whole[at:]]
    results = [json.loads(line) for line in _replayed([*lines, *whole], as_json=True)]
    assert [result["ok"] for result in results] == [False, True]
    assert results[0]["error"] == (f"the record is not valid JSON: Expecting property name "
                                   f"enclosed in double quotes at line {at}, column 3")


def test_a_bracket_lost_keeps_the_next_record_its_own() -> None:
    # The brackets of the first record never close: the next record's unindented "{"
    # stops the search, and the next record is read whole.
    lines = json.dumps(_record(), indent=2).splitlines(keepends=True)
    damaged = [line for line in lines if line.strip() != "],"]
    results = [json.loads(line) for line in _replayed([*damaged, *lines], as_json=True)]
    assert results[-1]["ok"] is True
    assert not any(result["ok"] for result in results[:-1])


def _actions_one_per_line() -> list[str]:
    """The record laid out with each action on a line of its own, as one writes it by hand."""
    record = _record()
    actions = record.pop("actions")
    assert isinstance(actions, list)
    head = json.dumps(record, indent=2)[:-2]  # without its closing "\n}"
    body = ",\n".join("    " + json.dumps(action) for action in actions)
    return f'{head},\n  "actions": [\n{body}\n  ]\n}}\n'.splitlines(keepends=True)


def test_a_fault_in_a_record_with_an_action_per_line_is_one_result() -> None:
    # Its last action's line is an object of its own: it was taken for the next record,
    # and each line of the record was a result of its own again.
    lines = _actions_one_per_line()
    assert [json.loads(line)["ok"] for line in _replayed(lines, as_json=True)] == [True]
    lines[10] = lines[10].replace(",", "", 1)
    results = [json.loads(line) for line in _replayed([*lines, *lines], as_json=True)]
    assert [result["error"] for result in results] == [
        f"the record is not valid JSON: Expecting ',' delimiter at line {line}, column 5"
        for line in (12, 12 + len(lines))]


@pytest.mark.parametrize("rules", ["[classic", "classic}", "] {"])
def test_a_bracket_inside_a_string_leaves_a_broken_record_one_result(rules: str) -> None:
    record = _record()
    record["rules"] = rules
    lines = json.dumps(record, indent=2).splitlines(keepends=True)
    lines[10] = lines[10].replace(",", "", 1)
    whole = json.dumps(_record()) + "\n"
    results = [json.loads(line) for line in _replayed([*lines, whole], as_json=True)]
    assert [result["ok"] for result in results] == [False, True]
    assert results[0]["error"] == ("the record is not valid JSON: Expecting ',' delimiter at "
                                   "line 12, column 5")


@pytest.mark.parametrize("fault", ["comma left out", "card left out"])
def test_a_fault_in_a_record_laid_out_with_no_indent_is_one_result(fault: str) -> None:
    # json.dumps(record, indent=0): no line is indented, so each action's lone "{" was
    # taken for a record of its own beginning, and each line was a result of its own.
    lines = json.dumps(_record(), indent=0).splitlines(keepends=True)
    line = lines[19]  # a card of the deck, as in _broken
    assert line.startswith('"') and line.endswith('",\n')
    lines[19] = (line.replace(",", "", 1) if fault == "comma left out"
                 else line[:line.index('"')] + ",\n")
    whole = json.dumps(_record()) + "\n"
    results = [json.loads(line) for line in _replayed([*lines, whole], as_json=True)]
    assert [result["ok"] for result in results] == [False, True]
    # json names where it looked for the comma: the next card, on the next line.
    expected = ("Expecting ',' delimiter at line 21" if fault == "comma left out"
                else "Expecting value at line 20")
    assert results[0]["error"] == f"the record is not valid JSON: {expected}, column 1"


def _bracket_lines(indent: int | str) -> list[int]:
    """The lines (counted from 0) of the record laid out with ``indent`` that hold only a
    bracket ("  ],", "    {", "}"), but its first: a "{" lost there starts no record."""
    lines = json.dumps(_record(), indent=indent).splitlines()
    return [number for number, line in enumerate(lines)
            if number and line.strip().rstrip(",") in "{}[]"]


@pytest.mark.parametrize("indent", [1, 2, 4, "\t"])
def test_a_bracket_line_lost_from_an_indented_record_is_one_result(indent: int | str) -> None:
    # "  ]," lost after the deck, or an action's "    {": the brackets never closed where
    # the record did, and each of its lines was a "not valid JSON" result of its own.
    lines = json.dumps(_record(), indent=indent).splitlines(keepends=True)
    whole = json.dumps(_record()) + "\n"
    for lost in _bracket_lines(indent):
        damaged = [*lines[:lost], *lines[lost + 1:]]
        # The next records: one laid out as this one, then one on a line; or one on a line.
        for after, records_after in (([*lines, whole], 2), ([whole], 1)):
            results = [json.loads(line) for line in _replayed([*damaged, *after],
                                                              as_json=True)]
            assert [result["ok"] for result in results] == [False] + [True] * records_after, (
                lost, results[:3])
            assert results[0]["action_index"] is None
            assert results[0]["error"].startswith("the record is not valid JSON: "), results[0]

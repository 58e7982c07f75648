"""A record laid out over several lines and cut short inside a string or a word (true,
false, null) is one "cut off" result, as one cut between two values is (docs/rules.md,
"Records and replay")."""

from __future__ import annotations

import io
import json

import pytest

import gofish
from gofish.cli.replay import CUT_OFF, replay_stream


def _indented_record() -> str:
    # A rules object, so the text holds true and false as well as strings.
    game = gofish.new_game({"preset": "classic", "lucky_draw": False}, players=2, seed=5)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    record = game.to_record()
    record["actions"][0]["suit"] = None  # as the events write it: null is allowed here
    return json.dumps(record, indent=2)


def _results(text: str) -> list[dict[str, object]]:
    out = io.StringIO()
    replay_stream(io.StringIO(text).readlines(), out, as_json=True)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("where", ['"deck": [\n    "', '"deck": [\n    "1',
                                   '"cla', '"first_pla', '"lucky_draw": f', '"lucky_draw": fals',
                                   '"suit": nu'])
def test_a_record_cut_inside_a_string_or_a_word_is_one_cut_off_result(where: str) -> None:
    # Cut inside a card or a key, it gave one "not valid JSON" result per line (60 for a
    # cut in the deck), as if each line were a record of its own.
    text = _indented_record()
    if where == '"deck": [\n    "1':
        cut = text.index('    "1', text.index('"deck"')) + len('    "1')
    else:
        cut = text.index(where) + len(where)
    assert _results(text[:cut]) == [CUT_OFF]


def test_every_cut_of_a_record_laid_out_over_several_lines_is_one_result() -> None:
    text = _indented_record()
    first_line_end = text.index("\n") + 1
    for cut in range(first_line_end + 1, len(text)):
        results = _results(text[:cut])
        assert results == [CUT_OFF], (repr(text[cut - 20:cut]), results[:2])

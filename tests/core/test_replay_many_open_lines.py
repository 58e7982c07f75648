"""``gofish replay`` on many lines that each open an object and do not close it: read in
time proportional to the input, not to its square (never a hang).

Each bound is a guard against the old near-hang, not a speed target: about 2 s here alone,
the old reading took minutes to hours, and a loaded 2-core machine made 2 s into 22 s
(the bound was 20 s). bench/ measures speed."""

from __future__ import annotations

import io
import json
import time

import gofish
from gofish.cli.replay import replay_stream

HANG_GUARD = 90  # seconds


def _replayed(lines: list[str]) -> tuple[list[dict[str, object]], float]:
    out = io.StringIO()
    started = time.monotonic()
    replay_stream(lines, out, as_json=True)
    return [json.loads(line) for line in out.getvalue().splitlines()], time.monotonic() - started


def test_lines_that_each_open_an_object_are_read_in_linear_time() -> None:
    # Each line was joined with every line after it, up to 1 MB, looking for the object's
    # end: 20,000 lines of "{" took 40 seconds, a few megabytes of them hours.
    results, took = _replayed(["{\n"] * 40_000)
    assert len(results) == 40_000
    assert all("not valid JSON" in str(result["error"]) for result in results)
    assert took < HANG_GUARD, f"{took:.1f} s for 40,000 short lines"


def test_json_lines_each_cut_short_are_each_a_record_and_quick() -> None:
    # A file whose lines were all cut at a fixed width (a tool that wraps or truncates).
    whole = json.dumps(gofish.new_game("classic", players=2, seed=1).to_record())
    results, took = _replayed([whole[:120] + "\n"] * 20_000 + [whole + "\n"])
    assert len(results) == 20_001 and results[-1]["ok"] is True
    assert not any(result["ok"] for result in results[:-1])
    assert took < HANG_GUARD, f"{took:.1f} s for 20,000 cut lines"


def test_json_lines_each_cut_after_a_card_are_each_a_record_and_quick() -> None:
    # Cut after a card's comma, each line's object is still only unfinished with the
    # next line inside its deck: every line was joined with the ~500 after it (until
    # json's nesting limit), and the last few hundred, which the input ends in, were
    # one record "cut off".
    whole = json.dumps(gofish.new_game("classic", players=2, seed=1).to_record())
    cut = whole[:whole.index('",', whole.index('"deck"')) + 2] + "\n"
    results, took = _replayed([cut] * 40_000)
    assert len(results) == 40_000
    assert all(result["ok"] is False for result in results)
    assert took < HANG_GUARD, f"{took:.1f} s for 40,000 cut lines"


def test_a_cut_line_before_the_end_is_its_own_record_not_a_cut_off_one() -> None:
    whole = json.dumps(gofish.new_game("classic", players=2, seed=1).to_record())
    cut = whole[:whole.index('",', whole.index('"deck"')) + 2] + "\n"
    results, _ = _replayed([cut, cut])
    # Each line said cut off as a line is, not as "the record is cut off" of lines joined.
    assert [result["error"] for result in results] == [
        "the line is not valid JSON: it is cut off, ending before the object it opens is "
        "closed"] * 2

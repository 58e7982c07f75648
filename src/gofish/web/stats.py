"""The stats page's numbers: the store's results, each saying what its sets were.

A game under the pairs house rule lays pairs (R3), so its counts are pairs, not
books: the page words its charts and table by ``book_size``.
"""

from __future__ import annotations

import re
from typing import Any

from gofish.core import PRESETS
from gofish.storage import Store

# The store groups results by rules label ("classic (book_size=2, ask=card)"): the
# preset, plus the options that differ from it, so book_size is named when it differs.
_BOOK_SIZE_OPTION = re.compile(r"[(,] ?book_size=(\d+)[,)]")


def book_size_of(label: str) -> int:
    """The set size of games stored under rules ``label``: the preset's unless it names another."""
    named = _BOOK_SIZE_OPTION.search(label)
    if named:
        return int(named.group(1))
    preset = PRESETS.get(label.split(" ", 1)[0])
    return preset.book_size if preset else 4


def stats_answer(store: Store) -> dict[str, Any]:
    """``/api/stats``: ``rows`` per line-up and rules, ``over_time`` per finished game."""
    rows = [row.to_dict() for row in store.stats()]
    points = [point._asdict() for point in store.results_over_time()]
    for item in (*rows, *points):
        item["book_size"] = book_size_of(item["rules"])
    return {"rows": rows, "over_time": points}

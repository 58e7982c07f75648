"""The stats page's numbers: the store's results, each saying what its sets were.

A game under the pairs house rule lays pairs (R3), so its counts are pairs, not
books: the page words its charts and table by ``book_size``, which the store
gives every row and game.
"""

from __future__ import annotations

from typing import Any

from gofish.storage import Store


def stats_answer(store: Store) -> dict[str, Any]:
    """``/api/stats``: ``rows`` per line-up and rules, ``over_time`` per finished game."""
    rows = [row.to_dict() for row in store.stats()]
    points = [point._asdict() for point in store.results_over_time()]
    return {"rows": rows, "over_time": points}

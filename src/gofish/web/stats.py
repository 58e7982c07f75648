"""The stats page's numbers: the store's results, each saying what its sets were.

A game under the pairs house rule lays pairs (R3), so its counts are pairs, not
books: the page words its charts and table by ``book_size``, which the store
gives every row and game. Its rows name their rules in words (``rules_words``), as the
history and ``gofish stats`` do, beside the stored label (``rules``).
"""

from __future__ import annotations

from typing import Any

from gofish.session import stats_rules_in_words
from gofish.storage import DamagedGameError, Store


def stats_answer(store: Store) -> dict[str, Any]:
    """``/api/stats``: ``rows`` per line-up and rules, ``over_time`` per finished game, and
    ``damaged``, the ids of the games left out of both (their seat rows edited by hand),
    for the page to name, as ``gofish stats`` does: unnamed, the figures looked whole."""
    skipped: list[DamagedGameError] = []
    rows = [{**row.to_dict(), "rules_words": stats_rules_in_words(row)}
            for row in store.stats(skipped=skipped)]
    points = [point._asdict() for point in store.results_over_time()]
    return {"rows": rows, "over_time": points,
            "damaged": [damaged.game_id for damaged in skipped]}


"""The stats page's numbers: the store's results, each saying what its sets were.

A game under the pairs house rule lays pairs (R3), so its counts are pairs, not
books: the page words its charts and table by ``book_size``, which the store
gives every row and game. Its rows name their rules in words (``rules_words``), as the
history and ``gofish stats`` do, beside the stored label (``rules``).
"""

from __future__ import annotations

from typing import Any

from gofish.bots.base import stored_spelling
from gofish.session import stats_opponents_named, stats_rules_in_words
from gofish.storage import DamagedGameError, Store
from gofish.storage.errors import changed_row


def stats_answer(store: Store) -> dict[str, Any]:
    """``/api/stats``: ``rows`` per line-up and rules, ``over_time`` per finished game,
    ``damaged``, the ids of the games left out of both (those history calls damaged),
    for the page to name, as ``gofish stats`` does: unnamed, the figures looked whole. And
    ``changed``, the ids of the games whose rows said otherwise than their records,
    counted as the records play, with ``changed_note`` saying so in gofish stats' words.
    And ``unknown``, the ids of the games ``gofish recover`` brought back without who sat
    in which seat, not counted as the player's (gofish stats names them too)."""
    skipped: list[DamagedGameError] = []
    changed: list[int] = []
    unknown: list[int] = []
    rows = [{**row.to_dict(), "rules_words": stats_rules_in_words(row),
             "opponent_names": stats_opponents_named(row)}
            for row in store.stats(skipped=skipped, changed=changed,
                                   bot_spelling=stored_spelling, unknown=unknown)]
    store.newest_first(skipped, changed, unknown)
    points = [point._asdict() for point in store.results_over_time(stored_spelling)]
    return {"rows": rows, "over_time": points,
            "damaged": [damaged.game_id for damaged in skipped],
            "unknown": unknown, "changed": changed,
            "changed_note": changed_row(changed) if changed else None}


"""The stats page's results table and the history's list fit a phone's width.

At 375 px the stats table (seven columns) was 639 px wide and the history's 623 px: the
results scrolled sideways inside their boxes, the last columns out of sight. On a narrow
screen each row now stacks, each value beside its column's heading.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer

PHONE = {"width": 375, "height": 667}
# Long rule words and opponents, as the widest rows are.
LINE_UPS = [
    ({"preset": "classic", "lucky_draw": False, "refill": "none", "end": "first-empty"},
     [{"name": "Ismcts", "bot": "ismcts:confidence=2.5"}]),
    ({"preset": "nordic", "end": "all-books", "refill": "hand"},
     [{"name": "Expert 1", "bot": "expert:epsilon=0.3"},
      {"name": "Emma 2", "bot": "emma:memory=2"}, {"name": "Counter 3", "bot": "counter"}]),
    ({"preset": "classic", "book_size": 2}, [EMMA]),
]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[LiveServer]:
    database = tmp_path / "games.sqlite3"
    with open_store(database) as store:
        for seed, (rules, bots) in enumerate(LINE_UPS * 4, start=3):
            game = played_game(rules, players=len(bots) + 1, seed=seed)
            store.save(game.to_record(), seats=[YOU, *bots])
    with LiveServer(database, pace=0) as live:
        yield live


def overflow(page: Any, table: str) -> dict[str, int]:
    """How far the page and the table's box run past their width (0: they fit)."""
    return dict(page.evaluate("""(table) => {
        const box = document.querySelector(table).parentElement;
        const whole = document.documentElement;
        return {page: whole.scrollWidth - whole.clientWidth,
                box: box.scrollWidth - box.clientWidth};
    }""", table))


@pytest.mark.browser
@pytest.mark.parametrize(("address", "table", "headings"), [
    ("#/stats", ".stats-table", ["Opponents", "Rules", "Games", "Wins", "Shared", "Losses",
                                 "Books or pairs/game"]),
    ("#/history", ".history-table", ["#", "When", "Players", "Rules", "Books", "Result",
                                     "Links"]),
])
def test_a_results_table_fits_a_phone(browser: Any, server: LiveServer, address: str,
                                      table: str, headings: list[str]) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/{address}")
        page.wait_for_selector(f"{table} tbody tr")
        assert overflow(page, table) == {"page": 0, "box": 0}
        # Each value is shown beside its heading, the header row being out of sight.
        first = page.locator(f"{table} tbody tr").first
        labels = first.locator("td").evaluate_all(
            "cells => cells.filter((cell) => getComputedStyle(cell).display !== 'none')"
            ".map((cell) => getComputedStyle(cell, '::before').content)")
        assert labels == [f'"{heading}"' for heading in headings]
        page.set_viewport_size({"width": 1280, "height": 860})  # a wide screen: a table
        assert page.locator(f"{table} thead").is_visible()
        assert page.locator(f"{table} td").first.evaluate(
            "(cell) => getComputedStyle(cell).display") == "table-cell"
    finally:
        context.close()

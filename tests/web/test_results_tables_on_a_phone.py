"""The stats page's results table and the history's list fit a phone's width.

At 375 px the stats table (seven columns) was 639 px wide and the history's 623 px: the
results scrolled sideways inside their boxes, the last columns out of sight. On a narrow
screen each row now stacks, each value beside its column's heading.
"""

from __future__ import annotations

import re
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
        # Shown, and not read out (its alternative text, after the slash, is empty).
        assert labels == [f'"{heading}" / ""' for heading in headings]
        page.set_viewport_size({"width": 1280, "height": 860})  # a wide screen: a table
        # Laid out again as the window's resize is heard.
        page.wait_for_function("(table) => getComputedStyle(document.querySelector(table)"
                               " .querySelector('td')).display === 'table-cell'", arg=table)
        assert page.locator(f"{table} thead").is_visible()
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize(("address", "table"), [("#/stats", ".stats-table"),
                                                 ("#/history", ".history-table")])
@pytest.mark.parametrize("width", [641, 660, 700, 744, 1024])
def test_a_results_table_fits_a_tablet(browser: Any, server: LiveServer, address: str,
                                       table: str, width: int) -> None:
    """Stacked below a fixed 640 px, the tables scrolled sideways from 641 px to some
    770 (a tablet, a phone held sideways): they stack whenever they do not fit."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/{address}")
        page.wait_for_selector(f"{table} tbody tr")
        assert overflow(page, table) == {"page": 0, "box": 0}
    finally:
        context.close()


@pytest.mark.browser
def test_a_stacked_row_is_read_without_its_headings_twice(browser: Any,
                                                         server: LiveServer) -> None:
    """A screen reader names a cell's column itself: the heading shown beside each stacked
    value was read as part of the cell too, "Opponents, Opponents emma"."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/#/stats")
        page.wait_for_selector(".stats-table tbody tr")
        read = page.locator(".stats-table").aria_snapshot()
        assert "columnheader \"Opponents\"" in read, read
        cells = re.findall(r'- cell "([^"]*)"', read)
        assert cells, read
        headed = [cell for cell in cells if cell.startswith(("Opponents", "Rules", "Games"))]
        assert not headed, read
        assert "Emma" in cells, read
    finally:
        context.close()

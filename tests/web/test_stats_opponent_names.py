"""The stats page names a row's opponents as the history does ("Emma, Emma 2", not the
stored "emma, emma"), and its win-rate chart says a shared win counts as a win (R10)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.storage.helpers import YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer

pytestmark = pytest.mark.browser

EMMAS = [YOU, {"name": "Emma", "bot": "emma"}, {"name": "Emma 2", "bot": "emma"}]


def test_the_stats_page_names_two_emmas_as_the_history_does(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        with open_store(server.database) as store:
            store.save(played_game(players=3, seed=3).to_record(), seats=EMMAS)
        page.goto(f"{server.url}/#/stats")
        page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
        cells = page.eval_on_selector_all(
            ".stats-table tbody tr", "(rows) => rows.map((row) => row.cells[0].textContent)")
        assert cells == ["Emma, Emma 2"], cells
        titles = page.eval_on_selector_all(
            "#page-stats svg.chart > title", "(titles) => titles.map((t) => t.textContent)")
        assert "Win rate per opponent and rule set (a shared win counts as a win)" in titles
        labels = page.eval_on_selector_all(
            "#page-stats .bar-label > title", "(titles) => titles.map((t) => t.textContent)")
        assert "vs Emma + Emma 2 · classic" in labels, labels

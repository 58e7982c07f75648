"""The stats page's line charts stay readable over thousands of games.

Each game was a point of its own: over 3,000 games the books in each game (a dot each)
drew a solid band, and the last 10 games a scribble over the overall win rate. Points
now lie 3 px apart at least, each the average of as many games in a row as that takes,
and the chart says how many ("400 games, averaged 5 to a point").
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

GAMES = 400


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[LiveServer]:
    database = tmp_path / "games.sqlite3"
    game = played_game("classic", players=2, seed=3).to_record()
    with open_store(database) as store:
        for _ in range(GAMES):
            store.save(game, seats=[YOU, EMMA])
    with LiveServer(database, pace=0) as live:
        yield live


@pytest.mark.browser
@pytest.mark.parametrize("width", [375, 1280])
def test_a_line_chart_of_many_games_averages_them(browser: Any, server: LiveServer,
                                                  width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/#/stats")
        page.wait_for_selector(".stats-table")
        for chart in page.locator("svg.chart.lines").all():
            drawn = chart.evaluate("""(chart) => ({
                width: chart.viewBox.baseVal.width,
                points: [...chart.querySelectorAll('polyline')].map(
                    (line) => line.getAttribute('points').split(' ').length),
                dots: chart.querySelectorAll('circle').length,
                count: [...chart.querySelectorAll('text.tick')].map((tick) => tick.textContent)
                    .find((words) => words.includes('games'))})""")
            said = re.fullmatch(rf"{GAMES} games, averaged (\d+) to a point", drawn["count"])
            assert said, drawn
            size = int(said[1])
            assert all(points == -(-GAMES // size) for points in drawn["points"]), drawn
            assert max(drawn["points"]) * 3 <= drawn["width"], drawn  # 3 px apart at least
            assert drawn["dots"] == 0, drawn
    finally:
        context.close()

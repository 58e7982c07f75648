"""A table whose games database cannot be used says so where a player sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def test_a_game_that_is_not_saved_says_so_above_the_table_for_the_whole_game(
    page: Any, tmp_path: Path
) -> None:
    # It was only read out to screen readers: a sighted player took the game for saved,
    # and a reload (the address has no game number then) lost it.
    damaged = tmp_path / "games.sqlite3"
    damaged.write_bytes(b"not a database" * 100)
    # The start screen's list of games to go on with is a 503 here, which the browser
    # logs as a console error: answered as an empty list, the table is what is tested.
    page.route("**/api/games?*", lambda route: route.fulfill(json={"games": [], "total": 0}))
    with LiveServer(damaged, pace=0.02) as server:
        page.goto(f"{server.url}/?seed=3&speed=0&pace=0.02")
        page.click("#deal")
        page.wait_for_selector("#page-play:not([hidden]) .rank-group")
        notice = page.locator("#table-notice")
        assert notice.is_visible()
        # Saved at the deal (to the fallback file), which says where the game is.
        assert notice.inner_text().startswith(
            "the game could not go into the games database: the games database is damaged")
        assert "The game is not lost: it was written to a file on the server" in (
            notice.inner_text())
        page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'ask'")
        version = page.get_attribute("#table", "data-version")
        page.click(".rank-group >> nth=0")  # an ask clears the hint: not this notice
        page.wait_for_function(
            "(before) => document.querySelector('#table').dataset.version !== before",
            arg=version)
        assert notice.is_visible() and "The game is not lost" in notice.inner_text()

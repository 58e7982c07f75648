"""The stats page says pairs for games played under the pairs house rule (R3), not books."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store
from gofish.web import create_app

from .conftest import LiveServer

PAIRS = {"preset": "classic", "book_size": 2}


def store_games(database: Path, *rules: Any) -> None:
    """One finished two-player game against Emma under each of ``rules``."""
    with open_store(database) as store:
        for seed, each in enumerate(rules, start=3):
            store.save(played_game(each, players=2, seed=seed).to_record(), seats=[YOU, EMMA])


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of the test's own, so that only its games are counted."""
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as live:
        yield live


@pytest.mark.parametrize(("rules", "size"), [
    ("classic", 4), (PAIRS, 2), ({"preset": "nordic", "ask": "card", "book_size": 2}, 2),
    ({"preset": "bicycle", "book_size": 2, "lucky_draw": False}, 2),
    ({"preset": "classic", "ask": "card"}, 4),
])
def test_the_store_gives_each_game_and_result_its_set_size(
    tmp_path: Path, rules: Any, size: int
) -> None:
    # R3: the size comes from the stored rules, not read back out of the label's words.
    database = tmp_path / "games.sqlite3"
    store_games(database, rules)
    with open_store(database) as store:
        [game] = store.list_games()
        [row] = store.stats()
        [point] = store.results_over_time()
    assert game.book_size == row.book_size == point.book_size == size
    assert game.to_dict()["book_size"] == row.to_dict()["book_size"] == size


def test_the_stats_api_gives_each_row_and_game_its_set_size(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store_games(database, "classic", PAIRS)
    stats = TestClient(create_app(database, pace=0)).get("/api/stats").json()
    assert {row["rules"]: row["book_size"] for row in stats["rows"]} == {
        "classic": 4, "classic (book_size=2)": 2}
    assert sorted(point["book_size"] for point in stats["over_time"]) == [2, 4]


def stats_words(page: Any, url: str) -> str:
    """Every word of the stats page, the charts' titles and descriptions too."""
    page.goto(f"{url}/#/stats")
    page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
    return str(page.evaluate("() => document.querySelector('#page-stats').textContent"))


@pytest.mark.browser
def test_a_page_of_pairs_games_never_says_books(page: Any, server: LiveServer) -> None:
    store_games(server.database, PAIRS, PAIRS)
    words = stats_words(page, server.url)
    # The rule's own name, "pairs instead of books", is no count of sets.
    counts = words.replace("pairs instead of books", "")
    assert not re.findall(r"\bbooks?\b", counts, re.IGNORECASE), words
    assert page.locator("#page-stats h2", has_text="Pairs per game").count() == 1
    assert "Pairs/game" in page.inner_text(".stats-table thead")
    assert "Pairs you laid in each of 2 games under the pairs rule." in words


@pytest.mark.browser
def test_books_and_pairs_are_charted_apart_and_named_in_the_table(
    page: Any, server: LiveServer
) -> None:
    store_games(server.database, "classic", PAIRS)
    words = stats_words(page, server.url)
    titles = page.locator("#page-stats svg.chart > title").all_text_contents()
    assert titles[2:] == ["Books per game", "Books in each game",
                          "Pairs per game", "Pairs in each game"]
    assert page.locator("#page-stats h2", has_text="Books and pairs per game").count() == 1
    assert page.locator("#page-stats h3").all_inner_texts() == [
        "Books of four", "Pairs, in games under the pairs rule"]
    assert "Books or pairs/game" in page.inner_text(".stats-table thead")
    cells = page.locator(".stats-table tbody tr td:last-child").all_inner_texts()
    assert sorted(cell.split()[-1] for cell in cells) == ["books", "pairs"]
    assert "vs Emma · classic (pairs instead of books): " in words


@pytest.mark.browser
def test_the_history_counts_a_pairs_games_sets_as_pairs(page: Any, server: LiveServer) -> None:
    store_games(server.database, "classic", PAIRS)
    page.goto(f"{server.url}/#/history")
    page.wait_for_selector(".history-table tbody tr")
    books = {row.locator("td").nth(3).inner_text(): row.locator("td.books").inner_text()
             for row in page.locator(".history-table tbody tr").all()}
    assert books["classic (pairs instead of books)"].endswith(" pairs")  # R3
    assert re.fullmatch(r"\d+–\d+", books["classic"])

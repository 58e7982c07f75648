"""The browser lists a seat's books by rank, A to K, as the line mode and a hand do: the
table's chips, your shelf, the words a screen reader reads and the replay listed them in
the order laid ("6 A 4 Q 7 8"), which a player has to search through."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.core.cards import RANKS
from gofish.storage import open_store

from .conftest import LiveServer

#: Seed 1 ends with your books laid 6 A 4 Q 7 8, Emma's 9 J 5 K 2 10 3 (R3 lays a book as
#: it is completed).
SEED = 1


def stored_finished_game(database: Path) -> tuple[int, list[list[str]]]:
    game = played_game(seed=SEED)
    laid = [[str(rank) for rank in books] for books in game.books]
    with open_store(database) as store:
        return store.save(game.to_record(), seats=[YOU, EMMA]), laid


def by_rank(ranks: list[str]) -> list[str]:
    return sorted(ranks, key=[str(rank) for rank in RANKS].index)


@pytest.mark.browser
def test_the_table_lists_books_by_rank(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        game_id, laid = stored_finished_game(server.database)
        assert laid[0] != by_rank(laid[0]) and laid[1] != by_rank(laid[1])  # laid out of order
        page.goto(f"{server.url}/#/play/{game_id}")  # a finished game is shown as it ended
        page.wait_for_selector(".shelf .shelf-book")
        shelf = page.locator(".shelf .shelf-book").evaluate_all(
            "(books) => books.map((b) => b.getAttribute('aria-label'))")
        assert [label.removeprefix("book of ") for label in shelf] == [
            "aces", "4s", "6s", "7s", "8s", "queens"]
        chips = page.locator(".opponents .book-chip").all_inner_texts()
        assert chips == by_rank(laid[1]) == ["2", "3", "5", "9", "10", "J", "K"]
        read = page.locator(".opponents .books .visually-hidden").inner_text()
        assert read == "Books (7): 2s, 3s, 5s, 9s, 10s, jacks, kings", read


@pytest.mark.browser
def test_the_replay_lists_books_by_rank(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        game_id, _ = stored_finished_game(server.database)
        page.goto(f"{server.url}/#/replay/{game_id}")
        page.wait_for_selector(".replay-books")
        page.locator('input[type="range"]').focus()
        page.keyboard.press("End")
        page.wait_for_function(
            "() => document.querySelector('.replay-books').textContent.includes('queens')")
        books = page.locator(".replay-books").all_inner_texts()
        assert books == ["Books: aces, 4s, 6s, 7s, 8s, queens",
                         "Books: 2s, 3s, 5s, 9s, 10s, jacks, kings"], books

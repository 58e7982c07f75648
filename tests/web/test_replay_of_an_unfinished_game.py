"""The replay of an unfinished game shows its person their own hand, and nothing else hidden."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.storage.helpers import EMMA, RANDOM, YOU, played_game

from gofish.core import game_from_record
from gofish.core.record import apply_record_action, start_from_record
from gofish.storage import open_store
from gofish.web import create_app

from .conftest import LiveServer


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its games stay out of the other modules' lists."""
    with LiveServer(tmp_path_factory.mktemp("replays") / "games.sqlite3", pace=0) as server:
        yield server


def hands_after_each_ask(record: dict[str, Any]) -> list[list[list[str]]]:
    """Every seat's real hand after the deal and after each ask, to compare with the frames."""
    game, actions = start_from_record(record)
    seats = range(game.num_players)
    positions = [[[str(card) for card in game.hand(seat)] for seat in seats]]
    for index, action in enumerate(actions):
        apply_record_action(game, index, action)
        positions.append([[str(card) for card in game.hand(seat)] for seat in seats])
    return positions


def stored_unfinished_game(database: Path, *, you_at: int = 1) -> tuple[int, dict[str, Any]]:
    """A three-player classic game stopped after 12 asks, with the person at seat ``you_at``."""
    record = played_game("classic", players=3, seed=5, asks=12).to_record()
    seats = [EMMA, RANDOM]
    seats.insert(you_at, YOU)
    with open_store(database) as store:
        return store.save(record, seats=seats), record


def test_the_person_sees_their_own_hand_and_only_theirs(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id, record = stored_unfinished_game(database, you_at=1)
    assert not game_from_record(record).is_over
    replay = TestClient(create_app(database, pace=0)).get(f"/api/games/{game_id}").json()
    truth = hands_after_each_ask(record)
    assert len(replay["frames"]) == len(truth) == 13
    for frame, hands in zip(replay["frames"], truth, strict=True):
        # Seat 1 is the person's: open at every step. The others stay face down.
        assert frame["hands"] == [None, hands[1], None]
        assert frame["hand_sizes"] == [len(hand) for hand in hands]


def test_nothing_the_person_could_not_see_is_in_the_replay(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id, record = stored_unfinished_game(database, you_at=1)
    replay = TestClient(create_app(database, pace=0)).get(f"/api/games/{game_id}").json()
    game = game_from_record(record)
    # Cards only the others and the pond hold now, that never passed through the
    # person's hand or onto the table, appear nowhere in the replay (R6, R8).
    seen_by_you = {card for hands in hands_after_each_ask(record) for card in hands[1]}
    secret = {str(card) for card in game.pond()} - seen_by_you
    secret |= {str(card) for seat in (0, 2) for card in game.hand(seat)} - seen_by_you
    words = str(replay["frames"])
    leaked = [card for card in secret if f"'{card}'" in words]
    assert not leaked, f"hidden cards in the replay: {leaked}"


def test_a_finished_game_is_replayed_with_every_hand_open(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    record = played_game("classic", players=2, seed=3).to_record()
    with open_store(database) as store:
        game_id = store.save(record, seats=[YOU, EMMA])
    replay = TestClient(create_app(database, pace=0)).get(f"/api/games/{game_id}").json()
    assert [frame["hands"] for frame in replay["frames"]] == hands_after_each_ask(record)


def test_a_pairs_game_is_replayed_with_pairs_not_books(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    record = played_game({"preset": "classic", "book_size": 2}, players=2, seed=3).to_record()
    with open_store(database) as store:
        game_id = store.save(record, seats=[YOU, EMMA])
    replay = TestClient(create_app(database, pace=0)).get(f"/api/games/{game_id}").json()
    assert replay["book_size"] == 2  # the viewer heads each seat's sets "Pairs" (R3)


@pytest.mark.browser
def test_the_replay_page_shows_your_hand_face_up_and_the_others_face_down(
    page: Any, own_server: LiveServer
) -> None:
    game_id, record = stored_unfinished_game(own_server.database, you_at=1)
    page.goto(f"{own_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector(".replay-board .replay-seat")
    seats = page.locator(".replay-seat")
    dealt = hands_after_each_ask(record)[0]
    faces = seats.nth(1).locator(".card.face")
    shown = faces.evaluate_all("cards => cards.map(card => card.dataset.card)")
    assert shown == dealt[1]
    for other in (0, 2):
        assert seats.nth(other).locator(".card.face").count() == 0
        assert seats.nth(other).locator(".card.back").count() == len(dealt[other])


@pytest.mark.browser
def test_the_replay_of_a_pairs_game_heads_each_seats_sets_pairs(
    page: Any, own_server: LiveServer
) -> None:
    record = played_game({"preset": "classic", "book_size": 2}, players=2, seed=3).to_record()
    with open_store(own_server.database) as store:
        game_id = store.save(record, seats=[YOU, EMMA])
    page.goto(f"{own_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector(".replay-books")
    assert page.locator(".replay-books").first.inner_text().startswith("Pairs: ")  # R3


@pytest.mark.browser
def test_the_replays_books_are_read_in_words(page: Any, own_server: LiveServer) -> None:
    # At the end of a classic game (all 13 books down, R14) each seat's books read as bare
    # ranks, "Books: A 7 J", a letter where the table and the rooms say "aces".
    record = played_game({"preset": "classic"}, players=2, seed=3).to_record()
    with open_store(own_server.database) as store:
        game_id = store.save(record, seats=[YOU, EMMA])
    page.goto(f"{own_server.url}/?speed=0#/replay/{game_id}")
    page.click("button[aria-label='last step']")
    page.wait_for_selector(".replay-books:has-text('s')")
    named = r"(aces|jacks|queens|kings|[2-9]s|10s)"
    heard = page.locator(".replay-board").aria_snapshot()
    books = re.findall(r"paragraph: \"?(Books: [^\"\n]*)", heard)
    assert len(books) == 2 and sum(line.count(",") + 1 for line in books) == 13, heard
    assert all(re.fullmatch(rf"Books: {named}(, {named})*", line) for line in books), heard

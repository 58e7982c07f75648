"""The history, its replays and the start screen's games to go on with name a game's
house rules in the words the rest of the table uses (gofish.session.rule_words), not as
the engine's options: "classic (lucky_draw=false, book_size=2)" read as code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import damage, played_game

from gofish.core import make_rules
from gofish.storage import open_store
from gofish.web import create_app

from .conftest import LiveServer
from .test_resume_list import PERSON_AND_EMMA

PAIRS_NO_LUCKY_DRAW = make_rules("classic", lucky_draw=False, book_size=2)
IN_WORDS = "classic (no lucky draw, pairs instead of books)"


def store_pairs_games(database: Path) -> tuple[int, int]:
    """A finished and an unfinished game under two house rules: no lucky draw (R7) and
    pairs (R3); their ids."""
    with open_store(database) as store:
        finished = store.save(played_game(PAIRS_NO_LUCKY_DRAW, seed=3).to_record(),
                              seats=PERSON_AND_EMMA)
        unfinished = store.save(played_game(PAIRS_NO_LUCKY_DRAW, seed=4, asks=2).to_record(),
                                seats=PERSON_AND_EMMA)
    return finished, unfinished


@pytest.mark.browser
def test_the_history_and_a_replay_name_house_rules_in_words(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        finished, _ = store_pairs_games(server.database)
        page.goto(f"{server.url}/?speed=0#/history")
        page.wait_for_selector(".history-table tbody tr")
        rules = page.eval_on_selector_all(
            ".history-table tbody tr", "(rows) => rows.map((row) => row.cells[3].textContent)")
        assert rules == [IN_WORDS, IN_WORDS], rules
        page.goto(f"{server.url}/?speed=0#/replay/{finished}")
        page.wait_for_selector("#page-replay .replay-controls")
        assert f" · {IN_WORDS} · " in page.inner_text("#page-replay")
        assert "book_size" not in page.inner_text("#page-replay")


@pytest.mark.browser
def test_the_games_to_go_on_with_name_house_rules_in_words(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        _, unfinished = store_pairs_games(server.database)
        page.goto(f"{server.url}/?speed=0")
        offered = page.locator(".unfinished li")
        offered.first.wait_for()
        assert offered.all_inner_texts() == [
            f"Resume game {unfinished} {IN_WORDS}, You, Emma, 2 asks so far (terminal)"]


def test_the_api_gives_the_rules_in_words_beside_the_label(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    finished, _ = store_pairs_games(database)
    client = TestClient(create_app(database, pace=0))
    rows = client.get("/api/games").json()["games"]
    assert [(row["rules"], row["rules_words"]) for row in rows] == [
        ("classic (lucky_draw=false, book_size=2)", IN_WORDS)] * 2
    assert client.get(f"/api/games/{finished}").json()["rules_words"] == IN_WORDS


@pytest.mark.parametrize("record_replays", [True, False])
def test_rules_edited_by_hand_past_reading_keep_their_label(
    tmp_path: Path, record_replays: bool
) -> None:
    # Rules the engine does not know are not a 500 for the whole list: the game is shown
    # as its record plays (docs/storage.md), and by its stored label when the record does
    # not replay either.
    database = tmp_path / "games.sqlite3"
    finished, _ = store_pairs_games(database)
    damage(database, """UPDATE games SET rules = '"chess"' WHERE id = ?""", (finished,))
    if not record_replays:
        damage(database, """UPDATE games SET record = '{"rules": "chess"}' WHERE id = ?""",
               (finished,))
    client = TestClient(create_app(database, pace=0))
    answer = client.get("/api/games")
    assert answer.status_code == 200, answer.text
    rows = {row["id"]: row for row in answer.json()["games"]}
    assert rows[finished]["rules_words"] == (
        IN_WORDS if record_replays else "classic (lucky_draw=false, book_size=2)")

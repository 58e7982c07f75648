"""The browser's table, history and games to go on with name a bot given options with
them ("Emma (memory=0)"), as the terminal does; the default Emma stays "Emma"."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient
from tests.storage.helpers import played_game

from gofish.storage import open_store
from gofish.web import create_app

from .test_api import start

GENTLE = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma:memory=0"}]


def test_the_history_names_a_bots_options(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with open_store(database) as store:
        game_id = store.save(played_game(seed=3).to_record(), seats=GENTLE)
    client = TestClient(create_app(database, pace=0))
    [row] = client.get("/api/games").json()["games"]
    assert row["names"] == ["You", "Emma (memory=0)"]
    assert row["seats"] == GENTLE  # stored as before
    assert client.get(f"/api/games/{game_id}").json()["names"] == ["You", "Emma (memory=0)"]


def test_the_table_names_a_bots_options(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        update = start(ws, players=3, opponents=["emma:memory=0", "emma"])
    players = update["state"]["players"]
    assert [player["label"] for player in players] == ["You", "Emma (memory=0)", "Emma 2"]
    # The log and the status line say the name alone: "Emma (memory=0)'s turn" read badly.
    assert [player["name"] for player in players] == ["You", "Emma", "Emma 2"]
    assert "Emma is dealt" in " ".join(event["text"] for event in update["events"])

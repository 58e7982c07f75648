"""The replay of a game whose player was told "Go fish!" and has yet to pick from the sea
(nordic, R18 section) must not show the card that pick will draw."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gofish.web.app import create_app

from .test_api import receive_update, start, until_told_to_fish


@contextmanager
def told_to_fish(tmp_path: Path) -> Iterator[tuple[TestClient, Any, dict, dict]]:
    """A nordic table whose player was just told to pick from the sea: the client, the
    table's socket, what it was told and /api/games/{id} at that moment."""
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        told = until_told_to_fish(ws, start(ws, seed=2, preset="nordic"))
        waiting = client.get(f"/api/games/{told['state']['game_id']}").json()
        yield client, ws, told, waiting


def test_the_replay_stops_before_a_draw_the_player_has_not_picked_yet(tmp_path: Path) -> None:
    # The waiting miss is stored as played (a server killed before the pick must not let
    # the player ask again), so History → Replay, or /api/games/{id}, showed "You draw the
    # 2♣ from the sea." while the table still said to pick a card: the sea's top card.
    with told_to_fish(tmp_path) as (client, ws, told, waiting):
        game_id = told["state"]["game_id"]
        last = waiting["frames"][-1]
        assert sorted(last["hands"][0]) == sorted(told["state"]["hand"])  # as at the table
        assert not any("from the sea" in line for line in last["text"])
        ws.send_text(json.dumps({"type": "fish", "version": told["version"], "index": 3}))
        drawn = next(event for event in receive_update(ws)["events"]
                     if event["type"] == "drew")
        picked = client.get(f"/api/games/{game_id}").json()
    # The ask, now played, has its frame, and the draw is told in it.
    asked = picked["frames"][len(waiting["frames"])]
    drew = [line for line in asked["text"] if line.startswith("You draw the ")]
    assert len(drew) == 1 and drew[0].endswith("from the sea.")
    assert drawn["card"][:-1] in drew[0]  # the rank of the card drawn at the table


def test_the_game_row_stops_there_too(tmp_path: Path) -> None:
    # The rows of /api/games/{id} and /api/games counted that ask and its draw: their books
    # (and, on the sea's last card, over and winners) told what the hidden top card did
    # before the player had picked it.
    with told_to_fish(tmp_path) as (client, ws, told, waiting):
        game_id = told["state"]["game_id"]
        listed = next(row for row in client.get("/api/games").json()["games"]
                      if row["id"] == game_id)
        last = waiting["frames"][-1]
        for row in (waiting, listed):
            assert row["actions"] == len(waiting["frames"]) - 1
            assert row["books"] == [len(books) for books in last["books"]]
            assert row["over"] is False and row["winners"] is None
            assert row["finished_at"] is None
        ws.send_text(json.dumps({"type": "fish", "version": told["version"], "index": 0}))
        receive_update(ws)
        picked = client.get(f"/api/games/{game_id}").json()
    # Drawn, the ask counts, with whatever was played after it.
    assert picked["actions"] == len(picked["frames"]) - 1 >= len(waiting["frames"])

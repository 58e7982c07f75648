"""The replay of a game whose player was told "Go fish!" and has yet to pick from the sea
(nordic, R18 section) must not show the card that pick will draw."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from gofish.web.app import create_app

from .test_api import receive_update, start, until_told_to_fish


def test_the_replay_stops_before_a_draw_the_player_has_not_picked_yet(tmp_path: Path) -> None:
    # The waiting miss is stored as played (a server killed before the pick must not let
    # the player ask again), so History → Replay, or /api/games/{id}, showed "You draw the
    # 2♣ from the sea." while the table still said to pick a card: the sea's top card.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        told = until_told_to_fish(ws, start(ws, seed=2, preset="nordic"))
        game_id = told["state"]["game_id"]
        waiting = client.get(f"/api/games/{game_id}").json()
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

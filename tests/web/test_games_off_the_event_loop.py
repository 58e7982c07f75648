"""``/api/games`` and ``/api/games/{id}`` read the database, and the second replays every
ask of its game into frames: run on the event loop, they held up the rooms and tables the
same server runs meanwhile, as ``/api/stats`` did. The reading and the replay run on a
worker thread; the live tables are looked at on the loop, which changes them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gofish.core import new_game
from gofish.storage import Store, open_store
from gofish.web import app as web_app
from gofish.web import create_app


def on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop runs in this thread: a worker's
        return False
    return True


def watched(calls: list[tuple[str, bool]], name: str,
            call: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        calls.append((name, on_a_loop()))
        return call(*args, **kwargs)
    return run


def test_the_games_are_read_and_replayed_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    database = tmp_path / "games.sqlite3"
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    with open_store(database) as store:
        finished = new_game("classic", 2, seed=3)
        while not finished.is_over:
            finished.play(finished.legal_actions()[0])
        game_id = store.save(finished.to_record(), seats=seats)
    calls: list[tuple[str, bool]] = []
    for name in ("list_page", "count", "get"):
        monkeypatch.setattr(Store, name, watched(calls, name, getattr(Store, name)))
    monkeypatch.setattr(web_app, "replay_frames",
                        watched(calls, "replay_frames", web_app.replay_frames))
    with TestClient(create_app(database=database)) as client:
        listed = client.get("/api/games")
        shown = client.get(f"/api/games/{game_id}")
    assert listed.status_code == 200 and [g["id"] for g in listed.json()["games"]] == [game_id]
    assert listed.json()["total"] == 1
    assert shown.status_code == 200 and shown.json()["over"] is True
    assert len(shown.json()["frames"]) == len(finished.to_record()["actions"]) + 1
    assert {name for name, _ in calls} == {"list_page", "count", "get", "replay_frames"}
    assert [name for name, loop in calls if loop] == []


def test_a_game_not_stored_is_still_refused_in_words(tmp_path: Path) -> None:
    with TestClient(create_app(database=tmp_path / "games.sqlite3")) as client:
        answer = client.get("/api/games/7")
    assert answer.status_code == 404 and "7" in answer.json()["error"]

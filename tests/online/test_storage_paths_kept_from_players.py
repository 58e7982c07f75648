"""A rooms database that fails is told to visitors without the server's file paths; the
operator's log keeps them (see tests/web/test_storage_paths_kept_from_players.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.applications import Starlette

from .helpers import receive, serving


def test_a_rooms_database_that_cannot_open_is_told_without_its_path(
    make_app: Callable[..., Starlette], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    where = tmp_path / "a-file" / "rooms.sqlite3"
    with serving(make_app(url=str(where))) as client:
        response = client.post("/rooms", json={"name": "Ann"})
        assert response.status_code == 503
        said = response.json()["message"]
        assert said.startswith("cannot open the rooms database: ") and str(tmp_path) not in said
        with client.websocket_connect("/ws/room/ABCDEF") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            refusal = receive(ws)
        assert refusal["code"] == "storage"
        assert refusal["message"].startswith("cannot open the rooms database")
        assert str(tmp_path) not in refusal["message"]
    assert any(str(tmp_path) in record.getMessage() for record in caplog.records)

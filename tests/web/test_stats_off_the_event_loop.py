"""``/api/stats`` sums every stored game (12 ms at 300 games, and more as they grow): run
on the event loop, it held up the rooms and tables the same server runs meanwhile. It
runs on a worker thread."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gofish.storage import Store
from gofish.web import app as web_app
from gofish.web import create_app


def test_the_stats_are_summed_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    on_a_loop: list[bool] = []
    summed = web_app.stats_answer

    def watched(store: Store) -> dict[str, Any]:
        try:
            asyncio.get_running_loop()
            on_a_loop.append(True)
        except RuntimeError:  # no loop runs in this thread: a worker's
            on_a_loop.append(False)
        return summed(store)

    monkeypatch.setattr(web_app, "stats_answer", watched)
    with TestClient(create_app(database=tmp_path / "games.sqlite3")) as client:
        answer = client.get("/api/stats")
    assert answer.status_code == 200 and answer.json()["rows"] == []
    assert on_a_loop == [False]

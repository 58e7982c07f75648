"""The browser's history page of a damaged file is read in one snapshot: the page and the
total beside it walk the file's game keys (every game, one by one) once, where they
walked them once each (3 s a walk at 120,000 games)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.storage.test_damaged_history_walks_once import damaged_with_walks_counted

from gofish.web import create_app


def test_a_page_and_its_total_walk_the_keys_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, total, walks = damaged_with_walks_counted(tmp_path, monkeypatch)
    answer = TestClient(create_app(path, pace=0)).get("/api/games?limit=5")
    assert answer.status_code == 200, answer.text
    assert answer.json()["total"] == total and len(answer.json()["games"]) == 5
    assert walks == [total]

"""Fixtures for the online-rooms tests: apps on a temporary SQLite database, fast pacing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online import RoomSettings, create_rooms_app

from .helpers import serving

FAST = RoomSettings(
    away_seconds=0.4, bot_delay=0.0, hello_timeout=5.0, rate_per_second=1000, rate_burst=1000
)
# FAST, but a seat is not "away" (played by a stand-in) until a minute without a socket:
# for tests where a person is unconnected for a moment (a reconnect, the sockets of a
# restarted server opened one after the other) and nothing may move meanwhile. Under
# FAST a busy machine can take 0.4 s for that moment, and the stand-in plays the seat.
PATIENT = replace(FAST, away_seconds=60.0)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "rooms.sqlite3")


@pytest.fixture
def make_app(database: str) -> Callable[..., Starlette]:
    def make(settings: RoomSettings = FAST, url: str | None = None) -> Starlette:
        return create_rooms_app(url or database, settings)

    return make


@pytest.fixture
def client(make_app: Callable[..., Starlette]) -> Iterator[TestClient]:
    with serving(make_app()) as test_client:
        yield test_client

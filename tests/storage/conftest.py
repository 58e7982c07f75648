"""Fixtures for the storage tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gofish.storage import Store

from .helpers import TickingClock


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    with Store(db_path, clock=TickingClock()) as opened:
        yield opened

"""The SQLite rooms store around its close: a write that arrives while it closes is refused
at once (it used to be queued behind the writer's last job and never answered), and a store
opened again checkpoints again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from gofish.online.store import SqliteStore, StoreError

NOW = "2026-01-01T00:00:00+00:00"


def test_a_write_while_the_store_closes_is_refused_not_left_waiting(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SqliteStore(str(tmp_path / "rooms.sqlite3"))
        await store.open()
        await store.create_room("abcdef", {"preset": "bicycle"}, 2, NOW)
        closing = asyncio.ensure_future(store.close())
        await asyncio.sleep(0)  # under way: waiting for its threads
        with pytest.raises(StoreError, match="not open"):
            await asyncio.wait_for(store.append("abcdef", 1, "seat", {"seat": 0}, NOW), 2)
        await closing

    asyncio.run(scenario())


def test_a_store_opened_again_checkpoints_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SqliteStore, "CHECKPOINT_SECONDS", 0.01)

    async def scenario() -> None:
        store = SqliteStore(str(tmp_path / "rooms.sqlite3"))
        await store.open()
        await store.close()
        await store.open()
        try:
            await store.create_room("abcdef", {"preset": "bicycle"}, 2, NOW)
            await asyncio.sleep(0.1)
            assert [thread.is_alive() for thread in store._threads] == [True, True]
            assert await store.load_room("abcdef") is not None
        finally:
            await store.close()

    asyncio.run(scenario())

"""A long-played room reloads without holding up the other rooms.

A room nobody is connected to leaves memory, and a restart empties it: the next visit
replays every stored entry, thousands after an evening of games. That replay (and the
reading of its entries) ran on the event loop, so every other room and table stood still
for it (85 to 260 ms after 100 quick games). It runs on a thread now.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from gofish.online import RoomServer
from gofish.online.room import Room
from gofish.online.store import StoreError

from .conftest import FAST


async def _two_rooms(database: str) -> tuple[str, str]:
    server = RoomServer(database, FAST)
    try:
        slow, quick = [(await server.create_room(name, 2, {"preset": "classic"}))["code"]
                       for name in ("Ann", "Bob")]
        return slow, quick
    finally:
        await server.close()


def test_other_rooms_are_served_while_a_room_replays_its_entries(
    database: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    slow, quick = asyncio.run(_two_rooms(database))
    replaying = threading.Event()  # the slow room's replay has begun
    served = threading.Event()  # the other room was loaded meanwhile
    waited: list[bool] = []
    apply = Room.apply

    def slow_apply(room: Room, kind: str, data: dict[str, Any]) -> str | None:
        if room.code == slow and not waited:
            replaying.set()
            # On the event loop, nothing could load the other room while this waits.
            waited.append(served.wait(timeout=3))
        return apply(room, kind, data)

    monkeypatch.setattr(Room, "apply", slow_apply)

    async def scenario() -> None:
        server = RoomServer(database, FAST)
        try:
            loading = asyncio.create_task(server.live_room(slow))
            while not replaying.is_set():
                await asyncio.sleep(0.01)
            other = await asyncio.wait_for(server.live_room(quick), timeout=2)
            served.set()
            live = await loading
            assert other.room.code == quick
            assert live.room.seats[0].name == "Ann"  # replayed whole all the same
        finally:
            await server.close()

    asyncio.run(scenario())
    assert waited == [True]


def test_a_damaged_entry_is_still_reported_by_the_replay(database: str) -> None:
    slow, _ = asyncio.run(_two_rooms(database))

    async def scenario() -> None:
        server = RoomServer(database, FAST)
        try:
            await server.ready()
            await server.store.append(slow, 3, "seat", {"nonsense": True}, "2026-01-01")
            with pytest.raises(StoreError, match="missing entry 2"):
                await server.live_room(slow)
        finally:
            await server.close()

    asyncio.run(scenario())

"""Per-room load locks when a page gives up (disconnects) during a load: nothing is left
behind per code, and the room still ends up in memory once, loaded by whoever is left."""

from __future__ import annotations

import asyncio
from typing import Any

from gofish.online import RoomServer

from .conftest import FAST
from .test_races import HeldLoads, on_a_server


def _a_stored_room(database: str) -> str:
    async def make() -> str:
        server = RoomServer(database, FAST)
        try:
            made = await server.create_room("Ann", 2, {"preset": "classic"})
        finally:
            await server.close()
        return str(made["code"])

    return asyncio.run(make())


async def _two_pages_asking(server: RoomServer, code: str
                            ) -> tuple[HeldLoads, asyncio.Task[Any], asyncio.Task[Any]]:
    """One page's load of ``code`` under way (held), a second page waiting for it."""
    loads = HeldLoads(server, code)
    loading = asyncio.create_task(server.live_room(code))
    await loads.begun.wait()
    waiting = asyncio.create_task(server.live_room(code))
    await asyncio.sleep(0)
    return loads, loading, waiting


def test_a_page_gone_while_waiting_for_the_load_leaves_the_load_alone(database: str) -> None:
    code = _a_stored_room(database)

    async def scenario(server: RoomServer) -> None:
        loads, loading, waiting = await _two_pages_asking(server, code)
        waiting.cancel()  # its page disconnected
        await asyncio.gather(waiting, return_exceptions=True)
        loads.release.set()
        live = await loading
        assert server.rooms[code] is live and loads.loads == [code]
        assert server._load_locks == {}

    on_a_server(database, FAST, scenario)


def test_a_page_gone_while_its_load_runs_hands_the_load_to_the_next(database: str) -> None:
    code = _a_stored_room(database)

    async def scenario(server: RoomServer) -> None:
        loads, loading, waiting = await _two_pages_asking(server, code)
        loading.cancel()  # the page whose load runs disconnected
        await asyncio.gather(loading, return_exceptions=True)
        loads.release.set()
        live = await asyncio.wait_for(waiting, 5)
        assert server.rooms[code] is live and loads.loads == [code, code]
        assert server._load_locks == {}

    on_a_server(database, FAST, scenario)

"""Races between players, timers and the database, each forced to happen in one order.

The memory-side races drive a RoomServer directly on an event loop, holding a write
or the room's lock at the moment that matters, so each interleaving happens every run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from gofish.online import RoomServer, RoomSettings
from gofish.online.codes import hash_token
from gofish.online.server import Connection
from gofish.online.store import DuplicateKey, SqliteStore

from .conftest import FAST
from .helpers import Closed, assert_one_server_at_a_time, connect, create_room


class HeldWrites:
    """Wraps a store's ``append`` so each write waits, once begun, until released."""

    def __init__(self, server: RoomServer) -> None:
        self.append = server.store.append
        self.begun = asyncio.Event()
        self.release = asyncio.Event()
        server.store.append = self.held  # type: ignore[method-assign]

    async def held(self, *args: Any) -> None:
        self.begun.set()
        await self.release.wait()
        await self.append(*args)


def on_a_server(database: str, settings: RoomSettings,
                scenario: Callable[[RoomServer], Awaitable[None]]) -> None:
    async def run() -> None:
        server = RoomServer(database, settings)
        try:
            await scenario(server)
        finally:
            await server.close()

    asyncio.run(run())


async def assert_seated_in_memory_and_stored(server: RoomServer, joined: dict[str, Any]) -> None:
    live = await server.live_room(joined["code"])
    assert live.room.seat_for_token_hash(hash_token(joined["token"])) == joined["seat"]
    stored = await server.store.load_room(joined["code"])
    assert stored is not None and len(stored.entries) == live.room.version


def test_a_room_is_not_evicted_while_a_join_is_being_written(database: str) -> None:
    """The idle timer fires while Bob's seat is being stored, and the room is asked for
    again meanwhile: it must stay one room, not a stale copy loaded beside the one that
    takes Bob's seat (whose token the copy would then refuse)."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 3, {"preset": "classic"})
        live = server.rooms[made["code"]]
        writes = HeldWrites(server)
        join = asyncio.create_task(server.join_room(made["code"], "Bob"))
        await writes.begun.wait()
        server._evict(live, live.idle_since)
        assert await server.live_room(made["code"]) is live
        writes.release.set()
        await assert_seated_in_memory_and_stored(server, await join)

    on_a_server(database, FAST, scenario)


def test_a_join_waiting_for_the_lock_follows_the_room_when_it_is_evicted(database: str) -> None:
    """The idle timer fires just as the lock passes to a join: the join must seat Bob in
    the room as reloaded, not in the copy that has left memory."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 3, {"preset": "classic"})
        live = server.rooms[made["code"]]
        await live.lock.acquire()
        join = asyncio.create_task(server.join_room(made["code"], "Bob"))
        for _ in range(3):  # the join reaches the lock and waits there
            await asyncio.sleep(0)
        writes = HeldWrites(server)
        live.lock.release()
        server._evict(live, live.idle_since)  # the lock is free, its waiter not yet running
        await writes.begun.wait()
        reloaded = await server.live_room(made["code"])
        writes.release.set()
        joined = await join
        assert server.rooms[made["code"]] is reloaded
        await assert_seated_in_memory_and_stored(server, joined)

    on_a_server(database, FAST, scenario)


def test_a_room_behind_its_database_reloads_rather_than_refusing_every_move(
    client: TestClient,
) -> None:
    """Another writer (a second server process on the same database, or a write reported
    failed that was in fact stored) took the room's next entry number: the move is refused,
    the room is reloaded, and the pages reconnect to it and can play on."""
    made = create_room(client, "Ann", players=3)
    code = made["code"]
    ann = connect(client, code, made["token"])
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    client.portal.call(server.store.append, code, ann.version + 1, "bot",
                       {"seat": 1, "bot": "emma", "name": "Emma (bot)"}, "")
    ann.command("add_bot", seat=2, bot="random")
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["code"] == "storage"
    with pytest.raises(Closed):
        ann.read_until(lambda m: False)
    again = connect(client, code, made["token"])
    assert again.room["seats"][1]["kind"] == "bot"
    again.command("add_bot", seat=2, bot="random")
    again.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")


def test_a_stand_in_does_not_ask_for_a_person_who_came_back_while_it_thought(
    database: str,
) -> None:
    """Bob is away on his turn and his stand-in is choosing an ask when his socket
    arrives: the ask is his to make, so the stand-in's choice is dropped."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 2, {"preset": "classic"})
        await server.join_room(made["code"], "Bob")
        live = server.rooms[made["code"]]
        async with live.lock:
            await server.commit(live, live.room.start_entry(0))
        assert live.room.game is not None
        seat = live.room.game.current_player
        assert seat is not None
        thinking, back = asyncio.Event(), asyncio.Event()
        choose = server._bot_choice

        async def slow_choice(*args: Any) -> Any:
            thinking.set()
            await back.wait()
            return await choose(*args)

        server._bot_choice = slow_choice  # type: ignore[method-assign]
        live.room.seats[1 - seat].connections = 1  # the other player is here
        server._mark_away(live, seat, live.room.seats[seat].gone_since or 0.0)
        stand_in = live.bot_task
        assert stand_in is not None
        await thinking.wait()
        version = live.room.version
        server._arrive(live, Connection(None, seat, FAST))  # type: ignore[arg-type]
        back.set()
        await stand_in
        assert live.room.version == version and live.room.game.current_player == seat

    on_a_server(database, replace(FAST, away_seconds=600), scenario)


def test_a_host_gone_again_while_the_last_hand_over_waited_for_the_lock_still_hands_over(
    database: str,
) -> None:
    """Ann's away clock runs out while Bob's change holds the room's lock: the hand-over
    waits for it. Ann comes back and goes again meanwhile, and that clock runs out too,
    the first hand-over still waiting: once the lock is free, Bob is the host. (The
    second clock was dropped as a hand-over was under way, and the one under way gave up,
    Ann's absence being a later one: the lobby was left with a host nobody could reach.)"""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 2, {"preset": "classic"})
        await server.join_room(made["code"], "Bob")
        live = server.rooms[made["code"]]
        bob = Connection(None, 1, FAST)  # type: ignore[arg-type]
        server._arrive(live, bob)
        async with live.lock:  # Bob's change being stored
            server._mark_away(live, 0, live.room.seats[0].gone_since or 0.0)
            ann = Connection(None, 0, FAST)  # type: ignore[arg-type]
            server._arrive(live, ann)
            server._leave(live, ann)
            server._mark_away(live, 0, live.room.seats[0].gone_since or 0.0)
        assert live.host_task is not None
        await live.host_task
        assert live.room.host == 1
        stored = await server.store.load_room(made["code"])
        assert stored is not None and stored.entries[-1][1:] == ("host", {"seat": 1, "from": 0})

    on_a_server(database, replace(FAST, away_seconds=600), scenario)


def test_an_eviction_timer_from_an_earlier_quiet_spell_does_not_evict(database: str) -> None:
    """Bob's socket arrives and leaves again just before the room's first idle timer
    fires: the room has been idle a moment, not ``idle_seconds``, so it stays."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 2, {"preset": "classic"})
        live = server.rooms[made["code"]]
        first_quiet = live.idle_since
        visit = Connection(None, None, FAST)  # type: ignore[arg-type]
        server._arrive(live, visit)
        server._leave(live, visit)
        server._evict(live, first_quiet)
        assert server.rooms.get(made["code"]) is live
        server._evict(live, live.idle_since)
        assert made["code"] not in server.rooms

    on_a_server(database, FAST, scenario)


def test_a_room_nobody_connects_to_leaves_memory(database: str) -> None:
    """A room created, joined or looked at over HTTP, with no socket ever, is evicted too."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 2, {"preset": "classic"})
        await until_evicted(server, made["code"])
        await server.room_info(made["code"])
        await until_evicted(server, made["code"])

    on_a_server(database, replace(FAST, idle_seconds=0.05), scenario)


async def until_evicted(server: RoomServer, code: str) -> None:
    for _ in range(100):
        if code not in server.rooms:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"room {code} stayed in memory")


def test_a_second_server_on_the_same_sqlite_database_is_refused(database: str) -> None:
    """Rooms live in one server's memory: a second server would never see the first's
    moves, so its store will not open while the first one's is open."""
    asyncio.run(assert_one_server_at_a_time(SqliteStore(database), SqliteStore(database)))


def test_a_stand_in_stops_when_its_room_is_found_behind_its_database(database: str) -> None:
    """The bot's ask finds its entry number taken: the room leaves memory, and the bot
    does not try again and again (with no pause, here) on the copy."""

    async def scenario(server: RoomServer) -> None:
        made = await server.create_room("Ann", 2, {"preset": "classic"})
        live = server.rooms[made["code"]]
        async with live.lock:
            await server.commit(live, live.room.add_bot_entry(0, 1, "random"))
        asks: list[int] = []
        asked = asyncio.Event()
        append = server.store.append

        async def taken_for_asks(code: str, seq: int, kind: str, *rest: Any) -> None:
            if kind == "ask":  # Ann is away from the start: bot or stand-in asks first
                asks.append(seq)
                asked.set()
                raise DuplicateKey(f"entry {seq} is taken")
            await append(code, seq, kind, *rest)

        server.store.append = taken_for_asks  # type: ignore[method-assign]
        kind, deal = live.room.start_entry(0)
        # The bot asks first: with nobody connected, Ann's stand-in would wait for someone.
        deal["first_player"] = 1
        async with live.lock:
            await server.commit(live, (kind, deal))
        await asyncio.wait_for(asked.wait(), 10)
        await asyncio.sleep(0.2)  # time for many more tries, were there any
        assert len(asks) == 1 and made["code"] not in server.rooms

    on_a_server(database, replace(FAST, away_seconds=0.0), scenario)


class HeldLoads:
    """Wraps a store's ``load_room`` so loading ``held`` waits until released; counts loads."""

    def __init__(self, server: RoomServer, held: str) -> None:
        self.load_room = server.store.load_room
        self.held = held
        self.loads: list[str] = []
        self.begun = asyncio.Event()
        self.release = asyncio.Event()
        server.store.load_room = self.load  # type: ignore[method-assign]

    async def load(self, code: str) -> Any:
        self.loads.append(code)
        if code == self.held:
            self.begun.set()
            await self.release.wait()
        return await self.load_room(code)


def test_a_slow_room_load_holds_up_neither_other_rooms_nor_loads_itself_twice(
    database: str,
) -> None:
    """Rooms are reloaded from the database after a restart. One room's long replay must
    not make the lobby of another wait, and two pages asking for the slow room at once
    must get one room, loaded once."""

    async def make_two_rooms() -> list[str]:
        server = RoomServer(database, FAST)
        try:
            return [(await server.create_room(name, 2, {"preset": "classic"}))["code"]
                    for name in ("Ann", "Bob")]
        finally:
            await server.close()

    slow, quick = asyncio.run(make_two_rooms())

    async def scenario(server: RoomServer) -> None:
        loads = HeldLoads(server, slow)
        first = asyncio.create_task(server.live_room(slow))
        second = asyncio.create_task(server.live_room(slow))
        await loads.begun.wait()
        other = await asyncio.wait_for(server.live_room(quick), timeout=5)
        assert other.room.code == quick and not first.done()
        loads.release.set()
        assert await first is await second
        assert loads.loads.count(slow) == 1
        assert server._load_locks == {}  # nothing left behind per code asked for

    on_a_server(database, FAST, scenario)

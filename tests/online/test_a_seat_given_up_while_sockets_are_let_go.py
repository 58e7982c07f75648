"""Sockets of a seat given up do not count against the seat's next person.

A page the server dropped (too far behind) is let go of for up to ``drop_seconds`` and,
meanwhile, counts against its seat's ``pages_per_seat``. Once the seat was given up (its
player left, or was removed), those sockets still counted against it, so whoever took the
seat next (the same person joining again at once, mostly) could be refused as "open in
N pages already". They hold the old token, not the seat: they count against it no more.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gofish.online.server import RoomServer, RoomSettings

from .test_a_client_that_never_reads import NeverReadingPage, RefusalHeard, _drop


@pytest.mark.parametrize("removed", [False, True], ids=["left", "removed"])
def test_a_seat_given_up_takes_its_dropped_sockets_off_its_page_count(
    tmp_path: Path, removed: bool,
) -> None:
    async def scenario() -> list[dict[str, Any]]:
        rooms = RoomServer(str(tmp_path / "rooms.sqlite3"),
                           RoomSettings(send_queue=8, drop_seconds=0.2, pages_per_seat=1))
        made = await rooms.create_room("Ann", 2, {"preset": "classic"})
        code = made["code"]
        bob = await rooms.join_room(code, "Bob")
        page = NeverReadingPage(bob["token"], reachable=False)
        serving = await _drop(rooms, page, code)
        live = rooms.rooms[code]
        while not live.letting_go:  # dropped, out of the room, still open
            await asyncio.sleep(0.01)
        async with live.lock:
            entry = (live.room.remove_entry(0, bob["seat"]) if removed
                     else live.room.leave_entry(bob["seat"]))
            await rooms.commit(live, entry)
        again = await rooms.join_room(code, "Bob")
        assert again["seat"] == bob["seat"]  # the open seat, the same one
        page_again = RefusalHeard(again["token"])
        let_in = asyncio.get_running_loop().create_task(
            rooms.serve_socket(page_again, code))  # type: ignore[arg-type]
        while not page_again.heard:
            await asyncio.sleep(0.01)
        let_in.cancel()
        page.hung_up.set()
        await asyncio.wait_for(serving, 5)
        await rooms.close()
        return page_again.heard

    heard = asyncio.run(scenario())
    assert heard[0]["type"] == "welcome", heard[0]
    assert heard[0]["you"]["seat"] == 1

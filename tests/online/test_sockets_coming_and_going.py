"""Sockets opened and closed in a loop leave no pile of timers behind.

Before, every socket that left a room empty set a new 10-minute eviction timer, and every
seat left without a socket a new away-clock timer, and none was cancelled when the next
one replaced it: the old ones only found, when they fired, that they no longer counted.
A client opening and closing sockets in a loop (a reload loop, a script: one client on
this machine did about 600 a second, about 1 KB of memory each) so piled up two live
timers (each holding the room) per cycle for 10 minutes: 300 cycles left about 600.
"""

from __future__ import annotations

import asyncio

from gofish.online import create_rooms_app

from .conftest import PATIENT
from .helpers import connect, create_room, disconnect, serving


def test_a_connect_and_disconnect_loop_leaves_one_timer_per_clock(database: str) -> None:
    with serving(create_rooms_app(database, PATIENT)) as client:
        made = create_room(client)

        async def live_timers() -> int:
            loop = asyncio.get_running_loop()
            scheduled = loop._scheduled  # type: ignore[attr-defined]
            return sum(1 for handle in scheduled if not handle.cancelled())

        before = client.portal.call(live_timers)  # type: ignore[union-attr]
        for cycle in range(200):  # the host's seat, then a spectator, in turn
            disconnect(connect(client, made["code"], None if cycle % 2 else made["token"]))
        after = client.portal.call(live_timers)  # type: ignore[union-attr]
    # One eviction timer for the room and one away clock for Ann's seat, whatever the count.
    assert after - before <= 2, f"{after - before} timers left by 200 sockets"

"""A room's bot whose stored spec the room would no longer seat (an option a newer gofish
does not take, a database edited by hand, a thinking time past the cap) is played by the
stand-in, and the game goes on: making the bot raised outside the guard around its
choice, its task died, and the game waited for that seat for ever."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest
from tests.web.test_session import run

from gofish.online.server import RoomServer

from .conftest import FAST
from .helpers import ask_for_a_present_person


@pytest.mark.parametrize("spec", ["expert:colour=red", "ismcts:seconds=60", "cmd:rm -rf",
                                  "nobody-now"])
def test_a_stored_bot_the_room_would_not_seat_is_played_by_the_stand_in(
    tmp_path: Path, spec: str, caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> None:
        server = RoomServer(str(tmp_path / "rooms.sqlite3"), FAST)
        info = await server.create_room("Ann", 2, "classic")
        live = await server.live_room(info["code"])
        async with live.lock:  # as stored: entries are not checked again when replayed
            await server.commit(live, ("bot", {"seat": 1, "bot": spec, "name": "Expert (bot)"}))
            await server.commit(live, live.room.start_entry(0))
        live.room.seats[0].connections = 1  # Ann's page is open: the bots play
        server.schedule_bot(live)
        game = live.room.game
        assert game is not None
        deadline = time.monotonic() + 20
        while len([seat for seat, _ in game.actions if seat == 1]) < 2:
            assert time.monotonic() < deadline, "the game stopped at the bot's seat"
            await ask_for_a_present_person(server, live, 0)
            await asyncio.sleep(0.01)
        assert live.bots[1].name == "emma"  # the stand-in, within the thinking cap
        await server.close()

    with caplog.at_level(logging.ERROR, logger="gofish.online.server"):
        run(scenario)
    assert any(spec in record.getMessage() and "stand-in" in record.getMessage()
               for record in caplog.records)

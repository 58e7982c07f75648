"""A duplicated tab's resume at its address's limit, while the original deals a new game.

The resume took the place of the original's socket (``take_place_of``) as it was leaving
its game for the new deal: the socket was closed under it, its new game stored with no ask
and lost to the page, and the welcome sent after the close was a traceback in the server's
log. A socket moving on to another game holds no place to take: the original keeps its
new game, and the duplicate, past the limit, is refused as any table too many is.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
import websockets

from gofish.web.session import GameSession

from .conftest import LiveServer
from .test_a_deal_made_as_its_old_game_is_taken import asked_once, next_update, welcomed
from .test_given_way_on_uvicorn import PAGE, START

LEAVING = 0.6  # seconds the original takes to leave its game for the new deal


def test_a_resume_at_the_limit_does_not_close_a_socket_in_the_middle_of_a_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closing = GameSession.close

    async def slow_close(self: GameSession, **options: Any) -> None:
        await asyncio.sleep(LEAVING)  # a game slow to store: the deal's window held open
        await closing(self, **options)

    monkeypatch.setattr(GameSession, "close", slow_close)
    failures: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = failures.append  # type: ignore[method-assign]
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=1) as server:
        logging.getLogger("uvicorn.error").addHandler(handler)  # after uvicorn's own set-up

        async def scenario() -> tuple[int, dict[str, Any], int, dict[str, Any]]:
            url = f"ws://127.0.0.1:{server.port}/ws/play"
            async with websockets.connect(url) as original:
                old_game = await asked_once(original)
                await original.send(json.dumps({**START, "seed": 6}))
                await asyncio.sleep(LEAVING / 3)  # the original is leaving its game now
                async with websockets.connect(url) as duplicate:
                    await duplicate.send(json.dumps({"type": "resume", "game_id": old_game,
                                                     "pace": 0, "page": PAGE}))
                    answer = json.loads(await asyncio.wait_for(duplicate.recv(), 5))
                new_game = (await welcomed(original))["game_id"]
                update = await next_update(original)
                while update["state"]["phase"] != "ask":
                    update = await next_update(original)
                await original.send(json.dumps({"type": "ask", "version": update["version"],
                                                **update["state"]["legal"][0]}))
                played = await next_update(original)
            return old_game, answer, new_game, played

        old_game, answer, new_game, played = asyncio.run(scenario())
        logging.getLogger("uvicorn.error").removeHandler(handler)
    # Past the limit, as the original keeps its socket: refused, saying why.
    assert answer["type"] == "refused" and "1 table open already" in answer["message"], answer
    assert new_game not in (None, old_game)  # the original's deal is its own, and plays on
    assert played["state"]["game_id"] == new_game
    assert [record.getMessage() for record in failures] == []

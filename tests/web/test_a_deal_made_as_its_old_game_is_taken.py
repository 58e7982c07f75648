"""A page deals a new game, and while the server is storing the old one (the deal's first
step), a duplicate tab of the page (the same page id) takes the old game up.

The server let the dealing socket go all the same, once it had dealt: the page, told its
new game at once, was closed with 4409 and said "Game 2 is now open in another tab",
though the other tab had game 1, and the new deal was stored as a 0-ask game to resume.
The socket that moved on to a new game keeps it; the other tab has the old one."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets

from gofish.web.session import GameSession

from .conftest import LiveServer
from .test_given_way_on_uvicorn import ANSWER_SECONDS, PAGE, START

#: How long storing the old game takes, made long enough for the takeover to come meanwhile.
STORING = 0.6


async def next_update(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), ANSWER_SECONDS))
        if message["type"] == "update":
            return message


async def welcomed(ws: Any) -> dict[str, Any]:
    """The next welcome at ``ws`` (the updates of the game before it passed over)."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), ANSWER_SECONDS))
        if message["type"] == "welcome":
            return message


async def asked_once(ws: Any) -> int:
    """Deal at ``ws`` and make one ask, so the game is kept; its stored id."""
    await ws.send(json.dumps(START))
    update = await next_update(ws)
    while update["state"]["phase"] != "ask":
        update = await next_update(ws)
    ask = {"type": "ask", "version": update["version"], **update["state"]["legal"][0]}
    await ws.send(json.dumps(ask))
    await next_update(ws)
    return int(update["state"]["game_id"])


def test_a_socket_dealing_anew_keeps_its_deal_when_its_old_game_is_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closing = GameSession.close

    async def slow_close(self: GameSession, **options: Any) -> None:
        await asyncio.sleep(STORING)
        await closing(self, **options)

    monkeypatch.setattr(GameSession, "close", slow_close)
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:

        async def scenario() -> None:
            url = f"ws://127.0.0.1:{server.port}/ws/play"
            async with websockets.connect(url) as dealing:
                old_game = await asked_once(dealing)
                await dealing.send(json.dumps({**START, "seed": 6}))
                await asyncio.sleep(STORING / 3)  # the old game being stored
                async with websockets.connect(url) as duplicate:
                    await duplicate.send(json.dumps({"type": "revisit", "game_id": old_game,
                                                     "pace": 0, "page": PAGE}))
                    welcome = json.loads(await asyncio.wait_for(duplicate.recv(), ANSWER_SECONDS))
                    assert (welcome["type"], welcome["game_id"]) == ("welcome", old_game)
                    # The deal is the dealing page's, and it plays on there.
                    new_game = (await welcomed(dealing))["game_id"]
                    assert new_game not in (None, old_game)
                    update = await next_update(dealing)
                    while update["state"]["phase"] != "ask":
                        update = await next_update(dealing)
                    ask = {"type": "ask", "version": update["version"],
                           **update["state"]["legal"][0]}
                    await dealing.send(json.dumps(ask))
                    played = await next_update(dealing)
                    assert played["version"] > update["version"]
                    assert played["state"]["game_id"] == new_game

        asyncio.run(scenario())

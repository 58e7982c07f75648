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
from .test_given_way_on_uvicorn import ANSWER_SECONDS, PAGE, START

LEAVING = 0.6  # seconds the original takes to leave its game for the new deal


def close_slowly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make each game take LEAVING to store: a deal's window held open."""
    closing = GameSession.close

    async def slow_close(self: GameSession, **options: Any) -> None:
        await asyncio.sleep(LEAVING)
        await closing(self, **options)

    monkeypatch.setattr(GameSession, "close", slow_close)


async def one_ask_played(ws: Any) -> dict[str, Any]:
    """The update after the player's next ask at ``ws``: its game plays on there."""
    update = await next_update(ws)
    while update["state"]["phase"] != "ask":
        update = await next_update(ws)
    await ws.send(json.dumps({"type": "ask", "version": update["version"],
                              **update["state"]["legal"][0]}))
    return await next_update(ws)


async def taken_up_as_it_deals(url: str, dealing: Any, kind: str, game_id: int) -> Any:
    """Deal anew at ``dealing`` and, as it leaves its game, take game ``game_id`` up
    (``kind``: resume or revisit) at a new socket of its page; that socket's answer."""
    await dealing.send(json.dumps({**START, "seed": 6}))
    await asyncio.sleep(LEAVING / 3)  # leaving its game now
    async with websockets.connect(url) as taking:
        await taking.send(json.dumps({"type": kind, "game_id": game_id, "pace": 0,
                                      "page": PAGE}))
        return json.loads(await asyncio.wait_for(taking.recv(), ANSWER_SECONDS))


def test_a_resume_at_the_limit_does_not_close_a_socket_in_the_middle_of_a_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    close_slowly(monkeypatch)
    failures: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = failures.append  # type: ignore[method-assign]
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=1) as server:
        logging.getLogger("uvicorn.error").addHandler(handler)  # after uvicorn's own set-up

        async def scenario() -> tuple[int, dict[str, Any], int, dict[str, Any]]:
            url = f"ws://127.0.0.1:{server.port}/ws/play"
            async with websockets.connect(url) as original:
                old_game = await asked_once(original)
                answer = await taken_up_as_it_deals(url, original, "resume", old_game)
                new_game = (await welcomed(original))["game_id"]
                played = await one_ask_played(original)
            return old_game, answer, new_game, played

        old_game, answer, new_game, played = asyncio.run(scenario())
        logging.getLogger("uvicorn.error").removeHandler(handler)
    # Past the limit, as the original keeps its socket: refused, saying why.
    assert answer["type"] == "refused" and "1 table open already" in answer["message"], answer
    assert new_game not in (None, old_game)  # the original's deal is its own, and plays on
    assert played["state"]["game_id"] == new_game
    assert [record.getMessage() for record in failures] == []


async def played_out(ws: Any) -> int:
    """Deal a one-card first-empty game at ``ws`` and play it to its end; its stored id."""
    await ws.send(json.dumps({**START, "options": {"hand_size": 1, "end": "first-empty"}}))
    while (update := await next_update(ws))["state"]["phase"] != "over":
        if update["state"]["phase"] == "ask" and update["state"]["legal"]:
            await ws.send(json.dumps({"type": "ask", "version": update["version"],
                                      **update["state"]["legal"][0]}))
    return int(update["state"]["game_id"])


def test_a_reload_at_the_limit_takes_the_place_its_old_socket_frees_while_a_twin_deals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tabs of one page (a duplicated tab shares the page's id) show a finished game's
    replay at the address's limit; one deals anew as the other reloads. The reload's
    resume let the old socket of its tab go and kept the dealing one, which freed the one
    place it needs, yet it was refused as a table too many: the tab that reloaded was left
    with no game and no socket. It now shows its game, and the twin plays its deal: had
    the twin's deal gone through before its turn to give way came (the old sockets are let
    go of one after another, each storing its game first), its new game was closed, and
    its socket with it."""
    close_slowly(monkeypatch)
    with LiveServer(tmp_path / "games.sqlite3", pace=0, tables_per_address=2) as server:

        async def scenario() -> tuple[int, dict[str, Any], int, dict[str, Any]]:
            url = f"ws://127.0.0.1:{server.port}/ws/play"
            async with websockets.connect(url) as reloading, websockets.connect(url) as twin:
                finished = await played_out(reloading)
                await twin.send(json.dumps({"type": "revisit", "game_id": finished,
                                            "pace": 0, "page": PAGE}))
                assert (await welcomed(twin))["game_id"] == finished
                answer = await taken_up_as_it_deals(url, twin, "revisit", finished)
                dealt = (await welcomed(twin))["game_id"]
                with pytest.raises(websockets.ConnectionClosed):  # let go of
                    while True:
                        await asyncio.wait_for(reloading.recv(), ANSWER_SECONDS)
                played = await one_ask_played(twin)
            return finished, answer, dealt, played

        finished, answer, dealt, played = asyncio.run(scenario())
    assert (answer["type"], answer.get("game_id")) == ("welcome", finished), answer
    assert dealt not in (None, finished)
    assert played["state"]["game_id"] == dealt

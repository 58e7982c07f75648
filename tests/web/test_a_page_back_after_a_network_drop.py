"""A page back after a network drop takes its game over from its own old socket at once.

A network drop leaves the page's old socket half open: the server hears nothing until its
keepalive ping fails (some 40 s), and meanwhile the page's "Reconnect" (or a reload) was
refused as "open in another tab or window". The page now sends its tab's own id with each
start and resume: a new socket with the same id takes the game, the old one is let go of
(its moves stored first), while a page with another id, or none, is refused as before.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.storage import open_store
from gofish.web import create_app
from gofish.web.app import (
    OPEN_ELSEWHERE_CHECKS,
    OPEN_ELSEWHERE_WAIT,
    StoreHolder,
    TableConnection,
)

from .test_session import run
from .test_two_pages_taking_up_one_game import Socket

PAGE = "0123456789abcdef0123456789abcdef"
OTHER_PAGE = "fedcba9876543210fedcba9876543210"


def dealt(ws: Any, page: str) -> int:
    """Deal a game at ``ws`` from ``page``; its stored id once the person may ask."""
    ws.send_text(json.dumps({"type": "start", "pace": 0, "opponents": ["emma"], "seed": 5,
                             "page": page}))
    assert ws.receive_json()["type"] == "welcome"
    while True:
        state = ws.receive_json()["state"]
        if state["phase"] == "ask" and state["legal"]:
            return int(state["game_id"])


def answer(ws: Any, game_id: int, page: str | None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "revisit", "game_id": game_id, "pace": 0}
    if page is not None:
        message["page"] = page
    ws.send_text(json.dumps(message))
    received: dict[str, Any] = ws.receive_json()
    return received


def test_the_same_page_takes_its_game_from_its_half_open_socket(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3", pace=0)) as client, \
            client.websocket_connect("/ws/play") as dropped:  # never closed: half open
        game_id = dealt(dropped, PAGE)
        with client.websocket_connect("/ws/play") as back:
            began = time.monotonic()
            welcome = answer(back, game_id, PAGE)
            waited = time.monotonic() - began
            assert welcome["type"] == "welcome" and welcome["game_id"] == game_id
            assert waited < OPEN_ELSEWHERE_CHECKS * OPEN_ELSEWHERE_WAIT  # not after a wait
            with pytest.raises(WebSocketDisconnect) as closed:  # the old socket let go of
                while True:
                    dropped.receive_json()
            assert closed.value.code == 4409  # the page gave way to its new socket
            # Another page, with its own id or none, still may not take a game in play.
            for page in (OTHER_PAGE, None):
                with client.websocket_connect("/ws/play") as stranger:
                    refused = answer(stranger, game_id, page)
                    assert refused["type"] == "refused"
                    assert f"game {game_id} is open in another tab or window" in (
                        refused["message"])
            state = back.receive_json()["state"]  # the page back plays on
            assert state["game_id"] == game_id and state["phase"] == "ask"


def test_a_page_id_that_is_not_one_is_refused_in_words(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3", pace=0)) as client, \
            client.websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({"type": "revisit", "game_id": 1, "page": "x" * 50}))
        refused = ws.receive_json()
        assert refused == {"type": "refused", "version": None, "message": (
            "refused message: revisit.page: a page's id is 32 hexadecimal digits (0-9, a-f), "
            "as the page makes it")}


def test_no_third_page_slips_in_while_the_old_socket_gives_way(tmp_path: Path) -> None:
    """The old socket's game is stored as it gives way, which waits for its bot's thought:
    meanwhile neither it nor the page back held the game, and a page of another tab
    checking then would have taken it too, both storing moves over the other's."""
    store = open_store(tmp_path / "games.sqlite3")

    async def scenario() -> None:
        holder, tables = StoreHolder(store), set()
        old, back, stranger = (TableConnection(Socket(), holder, 30.0, tables)
                               for _ in range(3))
        tables.update((old, back, stranger))
        for seed in range(50):  # a deal where the bot asks first: it is thinking now
            await old.handle(json.dumps({"type": "start", "seed": seed, "page": PAGE,
                                         "opponents": ["emma"]}))
            assert old.session is not None
            if old.session.game.current_player != 0:
                break
        game_id = old.session.game_id
        await asyncio.gather(
            back.handle(json.dumps({"type": "revisit", "game_id": game_id, "page": PAGE})),
            stranger.handle(json.dumps({"type": "revisit", "game_id": game_id,
                                        "page": OTHER_PAGE})))
        holders = [page for page in (old, back, stranger)
                   if page.session is not None and page.session.game_id == game_id]
        assert holders == [back]
        assert [m["type"] for m in stranger.socket.sent] == ["refused"]
        for page in (back, stranger):
            await page.leave()

    run(scenario)
    store.close()

"""One client address may hold only so many table sockets (``/ws/play``) open at once.

``gofish serve --host 0.0.0.0`` let anyone who could reach it open table sockets without
end: each idle one held a connection and a task, each dealt one a game and its bots. The
next one past ``tables_per_address`` is told why in words and closed with 1013 (try again
later); another address is not held up, and closing a tab makes room again.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.web import create_app

START = {"type": "start", "opponents": ["random"], "pace": 0, "seed": 3}


def test_a_table_past_the_address_s_limit_is_refused_in_words(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=2)
    with TestClient(app) as here, TestClient(app, client=("192.0.2.9", 5000)) as elsewhere:
        with here.websocket_connect("/ws/play") as first, \
                here.websocket_connect("/ws/play") as second:
            first.send_json(START)
            assert first.receive_json()["type"] == "welcome"
            with here.websocket_connect("/ws/play") as third:
                refusal = third.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
            assert refusal == {"type": "refused", "version": None,
                               "message": "this address has 2 tables open already: close "
                                          "some tabs first, then try again"}
            assert closed.value.code == 1013
            with elsewhere.websocket_connect("/ws/play") as other:  # another address plays
                other.send_json(START)
                assert other.receive_json()["type"] == "welcome"
            second.send_json(START)  # the tabs let in play on
            assert second.receive_json()["type"] == "welcome"
        with here.websocket_connect("/ws/play") as again:  # tabs closed: room again
            again.send_json(START)
            assert again.receive_json()["type"] == "welcome"


PAGE = "0123456789abcdef0123456789abcdef"
OTHER_PAGE = "fedcba9876543210fedcba9876543210"


def dealt_against_emma(socket: Any) -> int:
    """Deal page PAGE a game against Emma at ``socket``; the stored game's number."""
    socket.send_json({**START, "opponents": ["emma"], "page": PAGE})
    assert socket.receive_json()["type"] == "welcome"
    return int(socket.receive_json()["state"]["game_id"])


def test_a_page_back_at_the_limit_takes_the_place_of_its_half_open_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tab's Reconnect after a network drop was refused as one table too many at an
    address at its limit, counting the half-open socket the Reconnect was about to take
    the game from (docs/web.md): a class behind one address, back after its Wi-Fi blinked,
    was shut out until the server's keepalive gave up on the old sockets, some 40 s."""
    monkeypatch.setattr("gofish.web.app.FIRST_MESSAGE_WAIT", 0.3)
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=1)
    with TestClient(app) as client, client.websocket_connect("/ws/play") as dropped:
        game_id = dealt_against_emma(dropped)
        with client.websocket_connect("/ws/play") as back:  # the same tab, back
            back.send_json({"type": "revisit", "game_id": game_id, "pace": 0, "page": PAGE})
            welcome = back.receive_json()
            assert (welcome["type"], welcome["game_id"]) == ("welcome", game_id)
            with pytest.raises(WebSocketDisconnect):  # the half-open socket let go of
                while True:
                    dropped.receive_json()
            # Still one table: another tab, a page without an id, or one that says
            # nothing, is refused as before.
            for message in ({"type": "revisit", "game_id": game_id, "page": OTHER_PAGE},
                            {"type": "revisit", "game_id": game_id}, {**START, "page": PAGE},
                            None):
                with client.websocket_connect("/ws/play") as another:
                    if message is not None:
                        another.send_json(message)
                    refusal = another.receive_json()
                    with pytest.raises(WebSocketDisconnect) as closed:
                        another.receive_json()
                # One table, not "1 tables".
                assert refusal["message"] == ("this address has 1 table open already: "
                                              "close some tabs first, then try again")
                assert closed.value.code == 1013
            assert back.receive_json()["state"]["game_id"] == game_id  # it plays on




def test_a_deal_at_the_limit_takes_the_place_of_the_socket_its_page_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Deal after a network drop (``left``: the game the page lost its socket to) was
    refused for the page's own half-open socket; another page's, or one naming another
    game, still is."""
    monkeypatch.setattr("gofish.web.app.FIRST_MESSAGE_WAIT", 0.3)
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=1)
    with TestClient(app) as client, client.websocket_connect("/ws/play") as dropped:
        game_id = dealt_against_emma(dropped)
        for refused in ({**START, "page": OTHER_PAGE, "left": game_id},
                        {**START, "page": PAGE, "left": game_id + 1}):
            with client.websocket_connect("/ws/play") as another:
                another.send_json(refused)
                assert "open already" in another.receive_json()["message"]
        with client.websocket_connect("/ws/play") as back:
            back.send_json({**START, "seed": 4, "page": PAGE, "left": game_id})
            welcome = back.receive_json()
            assert welcome["type"] == "welcome" and welcome["game_id"] != game_id
            with pytest.raises(WebSocketDisconnect):  # the half-open socket let go of
                while True:
                    dropped.receive_json()


def test_a_place_is_taken_only_by_letting_its_socket_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished game is taken up by any number of pages, from no one: a socket let in
    past the limit for one left its old socket open, and a script finishing short games
    could have held any number of tables so. The page's old socket goes either way."""
    monkeypatch.setattr("gofish.web.app.FIRST_MESSAGE_WAIT", 0.3)
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=1)
    with TestClient(app) as client, client.websocket_connect("/ws/play") as old:
        old.send_json({**START, "page": PAGE, "options": {"hand_size": 1, "end": "first-empty"}})
        while (state := (update := old.receive_json()).get("state", {})).get("phase") != "over":
            if state.get("phase") == "ask" and state["legal"]:
                ask = state["legal"][0]
                old.send_json({"type": "ask", "version": update["version"],
                               "target": ask["target"], "rank": ask["rank"]})
        with client.websocket_connect("/ws/play") as back:
            back.send_json({"type": "revisit", "game_id": state["game_id"], "page": PAGE})
            assert back.receive_json()["type"] == "welcome"
            with pytest.raises(WebSocketDisconnect):  # its place given up
                while True:
                    old.receive_json()
            with client.websocket_connect("/ws/play") as another:
                another.send_json({**START, "page": PAGE})
                assert "1 table open already" in another.receive_json()["message"]


def test_play_here_instead_at_the_limit_takes_the_place_of_the_tab_it_takes_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """"Play here instead" in another tab of the browser (another page id) opens a socket
    while the tab playing the game closes its own: at an address at its limit the new
    socket was refused as a table too many, though it frees a table as it takes one."""
    monkeypatch.setattr("gofish.web.app.FIRST_MESSAGE_WAIT", 1.0)
    app = create_app(tmp_path / "games.sqlite3", pace=0, tables_per_address=2)
    with TestClient(app) as client, client.websocket_connect("/ws/play") as idle:
        with client.websocket_connect("/ws/play") as playing:
            playing.send_json({**START, "opponents": ["emma"], "page": PAGE})
            assert playing.receive_json()["type"] == "welcome"
            game_id = playing.receive_json()["state"]["game_id"]
            with client.websocket_connect("/ws/play") as taking:
                taking.send_json({"type": "revisit", "game_id": game_id, "pace": 0,
                                  "page": OTHER_PAGE})
                time.sleep(0.2)  # the server has the message before the old tab lets go
                playing.close()
                welcome = taking.receive_json()
                assert (welcome["type"], welcome["game_id"]) == ("welcome", game_id)
                assert taking.receive_json()["state"]["game_id"] == game_id
                # Still two tables: a third tab, whose game is not let go of, is refused.
                with client.websocket_connect("/ws/play") as third:
                    third.send_json({"type": "revisit", "game_id": game_id, "page": "ab" * 16})
                    assert "2 tables open already" in third.receive_json()["message"]
        idle.send_json(START)  # the idle tab was never let go of
        assert idle.receive_json()["type"] == "welcome"

"""A rooms address asked with a method it does not take answers like every other refusal.

docs/online.md: errors are ``{"error": code, "message": reason}``. A wrong method answered
Starlette's ``Method Not Allowed`` in plain text (``gofish rooms``) or
``{"detail": "Method Not Allowed"}`` (mounted in ``gofish serve``), and ``PUT /rooms``
said ``Allow: GET, HEAD`` though the address takes POST too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online import create_rooms_app
from gofish.web import create_app

from .helpers import serving

WRONG = [
    ("POST", "/rooms/ABCDEF", "GET, HEAD", "use GET"),
    ("GET", "/rooms/ABCDEF/join", "POST", "use POST"),
    ("PUT", "/rooms", "GET, HEAD, POST", "use GET or POST"),
    ("POST", "/rooms/bots", "GET, HEAD", "use GET"),
    ("DELETE", "/rooms/ABCDEF/info", "GET, HEAD", "use GET"),
    # Not the room page of a room called MINE: the address is there, for a POST.
    ("GET", "/rooms/mine", "POST", "use POST"),
    ("POST", "/rooms/static/room.js", "GET, HEAD", "use GET"),
]


def rooms_alone(tmp_path: Path) -> Starlette:
    return create_rooms_app(str(tmp_path / "rooms.sqlite3"))


def in_the_web_app(tmp_path: Path) -> Starlette:
    return create_app(tmp_path / "games.sqlite3", pace=0)


@pytest.mark.parametrize("make", [rooms_alone, in_the_web_app])
def test_a_wrong_method_is_refused_in_the_rooms_shape(
    make: Callable[[Path], Starlette], tmp_path: Path
) -> None:
    with serving(make(tmp_path)) as client:
        for method, path, allow, words in WRONG:
            answer = client.request(method, path)
            assert answer.status_code == 405, (method, path)
            assert answer.headers["allow"] == allow, (method, path)
            assert answer.json() == {"error": "method_not_allowed",
                                     "message": f"{method} is not accepted at {path}: {words}"}


@pytest.mark.parametrize("make", [rooms_alone, in_the_web_app])
def test_the_right_methods_still_reach_their_pages(
    make: Callable[[Path], Starlette], tmp_path: Path
) -> None:
    with serving(make(tmp_path)) as client:
        assert "<html" in client.get("/rooms").text
        assert client.head("/rooms").status_code == 200
        created = client.post("/rooms", json={"name": "Ada", "players": 2,
                                              "rules": {"preset": "classic"}})
        assert created.status_code == 200 and created.json()["code"]
        assert client.post("/rooms/mine", json={"seats": []}).json() == {"rooms": []}
        assert client.get("/rooms/static/room.js").status_code == 200


@pytest.mark.parametrize("make", [rooms_alone, in_the_web_app])
def test_a_plain_request_to_the_room_socket_says_it_is_a_websocket(
    make: Callable[[Path], Starlette], tmp_path: Path
) -> None:
    # It was a 404, "Not Found", for an address that is there.
    with serving(make(tmp_path)) as client:
        answer = client.get("/ws/room/ABCDEF")
        assert answer.status_code == 426 and answer.headers["upgrade"] == "websocket"
        assert answer.json() == {
            "error": "websocket_only",
            "message": "/ws/room/ABCDEF takes a websocket connection, not a GET request"}


def test_the_web_pages_refuse_a_wrong_method_in_words(tmp_path: Path) -> None:
    # Under /api/ this was already so (tests/web/test_api.py); the page and its files
    # answered {"detail": "Method Not Allowed"}, and /ws/play over HTTP "Not Found".
    with TestClient(in_the_web_app(tmp_path)) as client:
        for path in ("/", "/static/style.css"):
            answer = client.post(path)
            assert answer.status_code == 405
            assert answer.json() == {"error": f"POST is not accepted at {path}: use GET"}
        socket = client.get("/ws/play")
        assert socket.status_code == 426
        assert socket.json() == {
            "error": "/ws/play takes a websocket connection, not a GET request"}
        nothing = client.get("/ws/nothing")
        assert nothing.status_code == 404 and "/ws/play" in nothing.json()["error"]

"""What the room page does when the server refuses its hello, by the close code, in real
browsers (one server for the module): a seat token the server cannot read is forgotten and
the room watched, a hello it cannot read even without one stops the page, and a refusal
that passes (too many pages watching, a database that failed) is said in its own words."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import connect as connect_socket

from .browser_support import UNREADABLE, RoomsServer, open_room, post, stored

pytestmark = pytest.mark.browser

# The page tries again 0.5 s after a close, then 1 s, 2 s…: a page that sends its hello
# again has done so well within this.
SOME_RETRIES = 2500


def a_room(url: str) -> str:
    """A three-seat room Ann opened, with two seats open."""
    return str(post(f"{url}/rooms", {"name": "Ann", "players": 3})["code"])


def counted_sockets(page: Any, answer: Any = None) -> list[Any]:
    """Every socket ``page`` opens to its room, listed as it opens: handed to ``answer``,
    which plays the server, or else passed through to the server."""
    opened: list[Any] = []

    def through(ws: Any) -> None:
        opened.append(ws)
        if answer is None:
            ws.connect_to_server()
        else:
            answer(ws)

    page.route_web_socket("**/ws/room/*", through)
    return opened


@pytest.mark.parametrize("token", ["not a token!", "x" * 3000], ids=["edited", "too-long"])
def test_a_seat_token_edited_by_hand_is_forgotten_and_the_room_watched(
    rooms: RoomsServer, open_page: Any, token: str
) -> None:
    # The page said "There is no such room." of a room that is there, and stopped.
    code = a_room(rooms.url)
    bob = open_page()
    bob.goto(f"{rooms.url}/rooms")
    bob.evaluate("([key, token]) => localStorage.setItem(key, token)",
                 [f"gofish.room.{code}", token])
    bob.goto(f"{rooms.url}/rooms/{code}")
    bob.wait_for_selector(f"#notice:has-text('{UNREADABLE}')")
    bob.wait_for_selector("#connection:has-text('Watching')")
    assert "no such room" not in bob.inner_text("main")
    assert bob.inner_text("#status") == ""  # not the schema's words: the notice says it
    assert stored(bob, f"gofish.room.{code}") is None
    # Kept as the previous token, it would go with the join below, which would be refused.
    assert stored(bob, f"gofish.room.{code}.previous") is None
    bob.reload()  # said again, as for a seat left
    bob.wait_for_selector(f"#notice:has-text('{UNREADABLE}')")
    bob.fill("#join-name", "Bob")  # the room is there: a seat can be taken again
    bob.click("#join-button")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert bob.inner_text("#notice") == ""


def test_a_hello_the_server_cannot_read_even_without_a_token_stops_the_page(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Every hello goes out with a token that is not a string: the one with the seat's, then
    # the one without. The page forgets the seat once, then stops, rather than say the same
    # hello over and over.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)

    def token_not_a_string(ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda frame: server.send(json.dumps({**json.loads(frame), "token": 42})))

    sockets = counted_sockets(ann, token_not_a_string)
    ann.reload()
    ann.wait_for_selector("#connection:has-text('This page could not join the room')")
    said = ann.inner_text("#connection")
    assert "token: Input should be a valid string" in said and "Reload the page" in said
    assert UNREADABLE in ann.inner_text("#notice")
    assert stored(ann, f"gofish.room.{code}") is None
    ann.wait_for_timeout(SOME_RETRIES)
    assert len(sockets) == 2


def test_no_such_room_stops_the_page(rooms: RoomsServer, open_page: Any) -> None:
    page = open_page()
    sockets = counted_sockets(page)
    page.goto(f"{rooms.url}/rooms/ZZZ-ZZZ")  # a code a room could have, but none has
    page.wait_for_selector("#connection:has-text('There is no such room.')")
    assert "Check the code ZZZZZZ, or open or join another room from Rooms" in page.inner_text(
        "#connection")
    page.wait_for_timeout(SOME_RETRIES)
    assert len(sockets) == 1


def test_a_page_past_the_watchers_limit_says_why_and_watches_once_another_closes(
    rooms: RoomsServer, open_page: Any
) -> None:
    # It said "Connection lost: reconnecting…", as if the network had failed.
    code = a_room(rooms.url)
    address = rooms.url.replace("http", "ws", 1) + f"/ws/room/{code}"
    with ExitStack() as opened:
        # Unread, the rooms' news (who is watching) would hold up each one's closing.
        watchers = [opened.enter_context(connect_socket(address, max_queue=None))
                    for _ in range(16)]
        for watcher in watchers:  # the limit, from this address
            watcher.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(watcher.recv(timeout=10))["type"] == "welcome"
        page = open_page()
        page.goto(f"{rooms.url}/rooms/{code}?watch=1")
        page.wait_for_selector("#connection:has-text('Not connected: this address watches the "
                               "room from 16 pages already: close some of them first. "
                               "Trying again shortly')")
        assert page.inner_text("#status") == ""  # said once, where the connection is
        watchers[0].close()
        page.wait_for_selector("#connection:has-text('Watching')")


def test_a_room_the_database_cannot_load_just_now_is_said_so_and_tried_again(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The server refuses with `storage` and closes with 1011 when the database fails; the
    # page said "Connection lost: reconnecting…". Here a stand-in server refuses so until
    # the database is "back", then the hellos go through to the real one.
    code = a_room(rooms.url)
    down = [True]

    def database_down(ws: Any) -> None:
        if not down[0]:
            ws.connect_to_server()
            return

        def refuse(_frame: str) -> None:
            ws.send(json.dumps({"type": "error", "code": "storage",
                                "message": "the rooms database is locked", "version": None}))
            ws.close(code=1011)

        ws.on_message(refuse)

    page = open_page()
    counted_sockets(page, database_down)
    page.goto(f"{rooms.url}/rooms/{code}?watch=1")
    page.wait_for_selector("#connection:has-text('Not connected: the rooms database is locked. "
                           "Trying again shortly')")
    assert page.inner_text("#status") == ""
    down[0] = False
    page.wait_for_selector("#connection:has-text('Watching')")


def test_a_page_refused_for_too_many_missing_codes_says_why_and_tries_again(
    rooms: RoomsServer, open_page: Any
) -> None:
    # An address that looked up too many codes naming no room (a friend on the same tunnel
    # mistyping) has its hellos refused `rate_limited` for a while: the page said only
    # "Connection lost: reconnecting…". A stand-in server refuses so, then lets it through.
    code = a_room(rooms.url)
    limited = [True]
    words = "too many room codes that name no room: check the code, and wait a minute"

    def refused_for_now(ws: Any) -> None:
        if not limited[0]:
            ws.connect_to_server()
            return

        def refuse(_frame: str) -> None:
            ws.send(json.dumps({"type": "error", "code": "rate_limited", "message": words,
                                "version": None}))
            ws.close(code=1013)

        ws.on_message(refuse)

    page = open_page()
    counted_sockets(page, refused_for_now)
    page.goto(f"{rooms.url}/rooms/{code}?watch=1")
    page.wait_for_selector(f"#connection:has-text('Not connected: {words}. Trying again "
                           "shortly')")
    limited[0] = False
    page.wait_for_selector("#connection:has-text('Watching')")

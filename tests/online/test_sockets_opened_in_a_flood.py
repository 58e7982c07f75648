"""One address opening sockets in a loop cannot flood a room's players with presence.

Each socket that says hello, and each that goes, sends every page in the room a
``presence`` message: nobody needs a seat or more than the code for it. A script opening
and closing watching sockets (one on this machine managed some 600 a second) so made the
server send every player 1,200 messages a second, and a page on a slow phone, 256 of them
behind, was dropped. An address may now open 120 sockets at once, then two a second (as
the limit of missing codes, a bucket per address): the next hello is refused in words.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online import RoomSettings

from .helpers import Closed, Message, create_room, receive, serving


def _watch(client: TestClient, code: str) -> tuple[Message, int | None]:
    """A watching socket's answer to its hello, and its close code if it was refused."""
    with client.websocket_connect(f"/ws/room/{code}") as ws:
        ws.send_json({"type": "hello", "token": None})
        answer = receive(ws)
        if answer["type"] != "error":
            return answer, None
        try:
            receive(ws)
        except Closed as closed:
            return answer, closed.code
    raise AssertionError(f"the refused hello's socket stayed open: {answer}")


def test_sockets_opened_in_a_loop_are_refused_in_words_before_they_flood_the_room(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(RoomSettings(bot_delay=0.0))) as client:
        code = create_room(client, "Ann", players=2)["code"]
        welcomed = 0
        while welcomed < 400:  # far more than the limit, however slowly they open
            answer, close_code = _watch(client, code)
            if close_code is not None:
                break
            welcomed += 1
        assert welcomed < 400, "400 sockets opened in a loop were all let in"
        assert welcomed >= 120  # a page reloaded, a server restarted: never refused
        assert answer["code"] == "rate_limited"
        assert answer["message"] == ("too many connections opened from this address: "
                                     "wait a moment")
        assert close_code == 1013  # the page tries again shortly, and says why meanwhile


def test_pages_turned_away_as_full_do_not_use_up_the_address_s_connections(
    make_app: Callable[..., Starlette],
) -> None:
    # A class behind one address (a school's NAT) watching one room: the pages past the
    # watchers' limit are refused as full and try again every few seconds, for ever. Each
    # of those tries took one of the address's hellos, and a page welcomed by none: the
    # seated player at the same address, back from a network blip, was then refused too.
    settings = RoomSettings(bot_delay=0.0, hellos_per_minute=20, watchers_per_address=2)
    with serving(make_app(settings)) as client:
        room = create_room(client, "Ann", players=2)
        code = room["code"]
        with client.websocket_connect(f"/ws/room/{code}") as first, \
                client.websocket_connect(f"/ws/room/{code}") as second:
            for watcher in (first, second):
                watcher.send_json({"type": "hello", "token": None})
                assert receive(watcher)["type"] != "error"
            for _ in range(30):  # more tries than the address may open sockets at once
                answer, close_code = _watch(client, code)
                assert (answer["code"], close_code) == ("full", 1013)
            with client.websocket_connect(f"/ws/room/{code}") as player:
                player.send_json({"type": "hello", "token": room["token"]})
                assert receive(player)["type"] != "error"


def test_sockets_that_never_say_hello_are_capped_per_address(
    make_app: Callable[..., Starlette],
) -> None:
    # The hello limit counts only sockets let in, so a script could open thousands that
    # said nothing, each held open until its hello timed out. Past the cap the next is
    # refused in words at once (try again: 1013); a socket that says hello frees its place.
    settings = RoomSettings(bot_delay=0.0, silent_per_address=2)
    with serving(make_app(settings)) as client:
        code = create_room(client, "Ann", players=2)["code"]
        with client.websocket_connect(f"/ws/room/{code}") as first, \
                client.websocket_connect(f"/ws/room/{code}"):
            with client.websocket_connect(f"/ws/room/{code}") as third:
                answer = receive(third)
                assert answer["code"] == "rate_limited"
                assert "not said hello yet" in answer["message"]
                try:
                    receive(third)
                except Closed as closed:
                    assert closed.code == 1013
                else:
                    raise AssertionError("the socket past the cap stayed open")
            first.send_json({"type": "hello", "token": None})
            assert receive(first)["type"] == "welcome"
            answer, close_code = _watch(client, code)
            assert close_code is None and answer["type"] == "welcome"

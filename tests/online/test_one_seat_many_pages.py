"""One seat's token cannot open sockets without end.

Every change sends each socket of the room a message built for it, which is why one
address may watch a room from 16 pages only. A seat's own sockets had no limit: anyone
who joined (a room in its lobby takes whoever has the code) could open hundreds on their
token and slow the room for its players as a flood of watchers did. A seat is one person's:
past 16 pages of it the next hello is refused in words, as the watchers' is, and the page
tries again once one closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from starlette.applications import Starlette
from starlette.testclient import TestClient

from .conftest import FAST
from .helpers import connect, create_room, disconnect, join_room, refused_hello, serving


def test_a_seat_is_open_in_at_most_sixteen_pages(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    code = made["code"]
    pages = [connect(client, code, made["token"]) for _ in range(16)]
    assert all(page.seat == 0 for page in pages)
    refusal, close_code = refused_hello(client, code, made["token"])
    assert refusal["code"] == "full"
    assert refusal["message"] == ("your seat is open in 16 pages already: close some of "
                                  "them first")
    assert close_code == 1013  # try again later: the page does, and says why meanwhile


def test_the_limit_is_each_seats_own(make_app: Callable[..., Starlette]) -> None:
    with serving(make_app(replace(FAST, pages_per_seat=2))) as client:
        made = create_room(client, "Ann", players=2)
        code = made["code"]
        ann = [connect(client, code, made["token"]) for _ in range(2)]
        assert refused_hello(client, code, made["token"])[0]["code"] == "full"
        bob = connect(client, code, join_room(client, code, "Bob")["token"])  # another seat
        watcher = connect(client, code, None)  # and watchers have a limit of their own
        assert (bob.seat, watcher.seat) == (1, None)
        disconnect(ann[0])
        bob.read_until(lambda m: m["type"] == "presence" and m["seats"][0]["connected"])
        again = connect(client, code, made["token"])  # a page closed makes room for another
        assert again.seat == 0

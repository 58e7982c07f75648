"""Two tabs of one browser on a room's link: a seat taken in one is this browser's seat in
the other too, not a second seat for the same person."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .browser_support import RoomsServer, open_room

pytestmark = pytest.mark.browser


def seated_names(url: str, code: str) -> list[str]:
    with urllib.request.urlopen(f"{url}/rooms/{code}/info") as answer:
        return [seat["name"] for seat in json.load(answer)["seats"] if seat["kind"] == "human"]


def bob_joins_in_the_first_of_two_tabs(rooms: RoomsServer, open_page: Any,
                                       second_tab_script: str = "") -> tuple[str, Any]:
    """Ann's room of three; Bob opens its link in two tabs and joins in the first. Gives the
    room's code and the second tab (which runs ``second_tab_script`` first, if any)."""
    host = open_page()
    code = open_room(host, rooms.url, "Ann", 3)
    first = open_page()
    second = first.context.new_page()
    if second_tab_script:
        second.add_init_script(second_tab_script)
    for tab in (first, second):
        tab.goto(f"{rooms.url}/rooms/{code}")
        tab.wait_for_selector("#join-form")
    first.fill("#join-name", "Bob")
    first.click("#join-button")
    first.wait_for_selector("#connection:has-text('Connected as Bob')")
    return code, second


def test_a_tab_still_offering_a_seat_takes_the_one_joined_in_another_tab(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Bob opened the invite twice (two tabs) and joined in the first. The second went on
    # offering "Take a seat": joining there seated him again under another name, and the
    # browser kept only that seat, so a reload of the first tab moved him to it and his
    # first seat sat empty of him, played by the stand-in. The second tab now takes the
    # seat the first joined as soon as it is stored, and its join form goes.
    code, second = bob_joins_in_the_first_of_two_tabs(rooms, open_page)
    second.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert second.locator("#join").is_hidden()
    assert seated_names(rooms.url, code) == ["Ann", "Bob"]
    # Seated there as well: a move or a leave in either tab is Bob's.
    assert second.locator("#leave-row .leave").is_visible()


def test_a_join_sent_from_a_tab_that_missed_the_other_seat_takes_that_seat(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The same, should the second tab not hear of the seat (its storage written by another
    # program, an event missed): its Join takes the browser's seat rather than a second one.
    deaf_to_storage = ("window.addEventListener = ((add) => function (type, ...rest) {"
                       " if (type !== 'storage') add.call(this, type, ...rest); })"
                       "(window.addEventListener);")
    code, second = bob_joins_in_the_first_of_two_tabs(rooms, open_page, deaf_to_storage)
    second.fill("#join-name", "Rob")
    second.click("#join-button")
    second.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert seated_names(rooms.url, code) == ["Ann", "Bob"]
    assert "already holds a seat" in second.inner_text("#notice")


def test_a_tab_reconnecting_when_the_other_takes_a_seat_keeps_one_connection(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The second tab's connection dropped (a network blip, a restarted server) and it was
    # waiting to connect again when Bob joined in the first: it took the seat on a new
    # connection, then its pending reconnect made another. The page heard the room on both
    # (each line of the log twice) and the one it had replaced stayed open until the tab
    # closed, counting Bob here on a connection the page no longer read.
    host = open_page()
    code = open_room(host, rooms.url, "Ann", 3)
    first = open_page()
    second = first.context.new_page()
    second.clock.install()  # its reconnect waits for the clock the test moves on
    sockets: list[Any] = []
    closed: set[int] = set()

    def through(ws: Any) -> None:
        index = len(sockets)
        sockets.append(ws)
        ws.on_close(lambda *_: closed.add(index))
        ws.connect_to_server()

    second.route_web_socket("**/ws/room/*", through)
    for tab in (first, second):
        tab.goto(f"{rooms.url}/rooms/{code}")
        tab.wait_for_selector("#join-form")
    second.clock.pause_at(second.evaluate("Date.now()") + 1000)
    sockets[0].close(code=1013)  # "try again": the page waits a moment, then reconnects
    second.wait_for_selector("#connection:has-text('reconnecting')")
    first.fill("#join-name", "Bob")
    first.click("#join-button")
    second.wait_for_selector("#connection:has-text('Connected as Bob')")
    second.clock.run_for(10_000)  # any reconnect it still had pending is long due
    second.wait_for_timeout(500)  # for a socket it makes to reach the route above
    open_now = [index for index in range(len(sockets)) if index not in closed]
    assert open_now == [len(sockets) - 1], f"sockets made: {len(sockets)}, open: {open_now}"

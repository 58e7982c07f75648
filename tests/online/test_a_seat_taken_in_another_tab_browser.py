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

"""A room's address written as people write its code (QSJ-XRS, "qsj xrs") is the same room to
the page: its seat is found, its heading and address are the room's own."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from .browser_support import RoomsServer, open_room

pytestmark = pytest.mark.browser


def test_a_room_address_with_a_dash_or_a_space_finds_this_browsers_seat(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The host opening /rooms/QSJ-XRS in another tab was told "Watching…" under "Room
    # QSJ-XRS" and offered "Take a seat": joining worked, so one browser held two seats,
    # the second kept under gofish.room.QSJ-XRS, which "Your rooms" never lists.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    a, b = code[:3], code[3:]
    # A dash, a space and lower case, one tab each (one room for the three: a room apiece
    # was a second or two of opening rooms for the same reading of the address).
    for path in (f"{a}-{b}", f"{a} {b}", f"{a.lower()}-{b.lower()}"):
        other_tab = ann.context.new_page()  # the same browser: the same seats
        other_tab.goto(f"{rooms.url}/rooms/{quote(path)}")
        other_tab.wait_for_selector("#connection:has-text('Connected as Ann.')")
        assert other_tab.inner_text("#room-code") == code, path
        assert other_tab.locator("#join").is_hidden(), path
        assert other_tab.url == f"{rooms.url}/rooms/{code}", path  # the room's own, as invited
        seats_kept = other_tab.evaluate("Object.keys(localStorage).filter((key) => key.startsWith("
                                        "'gofish.room.') && !key.endsWith('.order'))")
        assert seats_kept == [f"gofish.room.{code}"], path
        other_tab.close()
    ann.goto(f"{rooms.url}/rooms")  # one room, once, under "Your rooms"
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {code}')")
    assert ann.locator("#my-rooms-list li").count() == 1


def test_a_seat_carried_to_an_address_with_a_dash_is_kept_under_the_rooms_code(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The carried seat's link (#seat=TOKEN) still works once the address is set right.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    token = ann.evaluate("(code) => localStorage.getItem(`gofish.room.${code}`)", code)
    phone = open_page()
    phone.goto(f"{rooms.url}/rooms/{code[:3].lower()}-{code[3:]}#seat={token}")
    phone.wait_for_selector("#connection:has-text('Connected as Ann.')")
    assert phone.url == f"{rooms.url}/rooms/{code}"  # the token has left the address too
    assert phone.evaluate("(code) => localStorage.getItem(`gofish.room.${code}`)", code) == token

"""Follow-ups of the rooms sweep in real browsers: names of emoji, the bots' names, the
lobby's "Your rooms" and a seat carried to another device (one server for the module)."""

from __future__ import annotations

from typing import Any

import pytest

from . import test_rooms_accessibility as a11y
from .test_browser import (  # browser and new_page: fixtures, which pytest finds by name
    RoomsServer,
    browser,  # noqa: F401
    new_page,  # noqa: F401
    open_room,
)

# The accessibility tests' fixtures: one server for the module, a page per call.
rooms, open_page = a11y.rooms, a11y.open_page

pytestmark = pytest.mark.browser

FISH = "\U0001f41f"  # one character to the server, two UTF-16 units to maxlength


def test_a_name_of_24_emoji_fits_the_room_pages_name_box(rooms: RoomsServer,
                                                         open_page: Any) -> None:
    # maxlength="24" counted UTF-16 units: the box took only 12 fish, the server 24.
    code = open_room(open_page(), rooms.url, "Ann", 3)
    bob = open_page()
    bob.goto(f"{rooms.url}/rooms/{code}")
    bob.fill("#join-name", FISH * 24)
    bob.click("#join-button")
    bob.wait_for_selector(f"#connection:has-text('Connected as {FISH * 24}.')")


def test_a_name_of_25_emoji_is_refused_in_the_servers_words(rooms: RoomsServer,
                                                            open_page: Any) -> None:
    page = open_page()
    page.goto(f"{rooms.url}/rooms")
    page.fill("#create-name", FISH * 25)
    page.click("#create-button")
    page.wait_for_selector("#status:has-text('a name has at most 24 characters, not 25')")
    assert page.url.endswith("/rooms")  # nothing was opened
    page.fill("#create-name", FISH * 24)
    page.click("#create-button")
    page.wait_for_url("**/rooms/*")
    page.wait_for_selector(f"#connection:has-text('Connected as {FISH * 24}.')")


def test_the_bot_menu_names_a_bot_as_its_seat_does(rooms: RoomsServer, open_page: Any) -> None:
    # The menu offered "emma (strength 1)"; seated, the bot was "Emma (bot)".
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 2)
    picked = ann.locator("#bot-1 option:checked")
    assert picked.inner_text() == "Emma (strength 1)"
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Emma (bot)")')

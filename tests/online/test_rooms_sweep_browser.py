"""A player's sweep of the rooms in real browsers: what friends typed or clicked that went
wrong (Debian chromium via playwright, one server for the module)."""

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


def join_by_code(page: Any, url: str, typed: str, name: str) -> None:
    page.goto(f"{url}/rooms")
    page.fill("#join-code", typed)
    page.fill("#join-name", name)
    page.click("#join-button")


def test_the_invite_link_pasted_as_the_code_joins_the_room(rooms: RoomsServer,
                                                           open_page: Any) -> None:
    # The code box kept 12 characters of a pasted link ("http://127.0") and the join said
    # only "the server answered 404".
    code = open_room(open_page(), rooms.url, "Ann", 3)
    bob = open_page()
    join_by_code(bob, rooms.url, f"{rooms.url}/rooms/{code}", "Bob")
    bob.wait_for_url(f"**/rooms/{code}")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    cy = open_page()
    join_by_code(cy, rooms.url, f" {code[:3].lower()} {code[3:].lower()} ", "Cy")
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")


def test_a_code_no_web_address_can_hold_is_refused_in_words(rooms: RoomsServer,
                                                            open_page: Any) -> None:
    page = open_page()
    join_by_code(page, rooms.url, "K7Q/H3T", "Bob")
    page.wait_for_selector("#status:has-text('is not a room code')")
    assert "404" not in page.inner_text("#status")
    assert page.url.endswith("/rooms")

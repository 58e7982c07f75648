"""On the room page a friend picks the empty seat to sit in (turn order follows the seats,
R6): the menu lists the open seats, and follows the room as others sit down."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, open_room

pytestmark = pytest.mark.browser


def test_a_friend_sits_in_the_seat_they_pick(rooms: RoomsServer, open_page: Any) -> None:
    ann, cy = open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 4)
    cy.goto(f"{rooms.url}/rooms/{code}")
    cy.wait_for_selector("#join-seat option[value='3']", state="attached")
    menu = [str(text) for text in cy.locator("#join-seat option").all_inner_texts()]
    assert menu == ["First empty seat", "Seat 2", "Seat 3", "Seat 4"]
    cy.fill("#join-name", "Cy")
    cy.select_option("#join-seat", "3")
    cy.click("#join-button")
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")
    ann.wait_for_selector('#seats li[data-seat="3"]:has-text("Cy")')
    assert "Empty seat" in ann.inner_text('#seats li[data-seat="1"]')


def test_a_seat_taken_while_picked_leaves_the_menu(rooms: RoomsServer,
                                                       open_page: Any) -> None:
    ann, bob, cy = open_page(), open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    for page in (bob, cy):
        page.goto(f"{rooms.url}/rooms/{code}")
        page.wait_for_selector("#join-seat option[value='2']", state="attached")
    cy.select_option("#join-seat", "2")
    bob.fill("#join-name", "Bob")
    bob.select_option("#join-seat", "2")
    bob.click("#join-button")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    # Cy's menu follows the room: seat 3 is gone from it, and her pick with it.
    cy.wait_for_selector("#join-seat option[value='2']", state="detached")
    assert cy.input_value("#join-seat") == ""
    cy.fill("#join-name", "Cy")
    cy.click("#join-button")
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Cy")')

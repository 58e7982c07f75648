"""The host's button that takes a bot off a seat says what it removes: "Remove" alone,
beside "Ann left; Emma (bot) plays" after a game, read as removing Ann."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, open_room

pytestmark = pytest.mark.browser


def test_the_remove_bot_button_names_the_bot_and_its_seat(rooms: RoomsServer,
                                                          open_page: Any) -> None:
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 3)
    ann.click('#seats li[data-seat="2"] .add-bot')
    button = ann.locator('#seats li[data-seat="2"] .remove-bot')
    button.wait_for()
    assert button.inner_text() == "Remove bot"
    assert ann.get_by_role("button", name="Remove bot from seat 3", exact=True).count() == 1
    button.click()
    ann.wait_for_selector('#seats li[data-seat="2"] .add-bot')
    assert not ann.locator(".remove-bot").count()

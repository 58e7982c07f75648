"""A seat left while a page's connection was down is read out when the page is back: the
notice line, which says a leave as it happens, is not sent again to a page that reconnects,
and the log's line for it was kept from the announcer as the notice line's to say."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, confirm, held_connection, join, open_room
from .test_rooms_accessibility import LISTEN, LIVE, heard

pytestmark = pytest.mark.browser

CY_LEFT = "Cy left; Emma (bot) plays their seat."


def test_a_leave_missed_while_the_connection_was_down_is_read_out_on_return(
    rooms: RoomsServer, open_page: Any
) -> None:
    pages = [open_page() for _ in range(5)]
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    code = open_room(pages[0], rooms.url, "Ann", 5, preset="bicycle")
    for page, name in zip(pages[1:], names[1:], strict=True):
        join(page, rooms.url, code, name)
    pages[0].wait_for_selector('#seats li[data-seat="4"]:has-text("Ed")')
    ann, bob, cy = pages[0], pages[1], pages[2]
    ann.click("#start")
    for page in pages:
        page.wait_for_selector("#game:not([hidden])")
    # Five friends, and nobody asks: nothing moves but the leave.
    held = held_connection(bob)
    di = pages[3]
    for page in (bob, di):
        page.evaluate(LISTEN, LIVE)
    held["on"] = True
    confirm(cy, "#leave-row .leave")
    di.wait_for_selector(f"#log li.room-notice:has-text('{CY_LEFT}')")
    held["drop"]()
    bob.wait_for_function("() => document.querySelectorAll('#log li.room-notice').length > 0")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert held["sockets"] == 2
    # Back, Bob hears it once, from the log his return brought; Di, there all along, once
    # from the notice line, not also from the log.
    for page in (bob, di):
        said = [text for region, text in heard(page) if region in ("announcer", "notice")]
        assert said.count(CY_LEFT) == 1, said

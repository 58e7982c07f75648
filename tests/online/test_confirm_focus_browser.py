"""An "are you sure?" open when the room changes: the keyboard stays on Cancel."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .browser_support import RoomsServer, ann_and_bob

pytestmark = pytest.mark.browser


def join_by_http(url: str, code: str, name: str) -> None:
    request = urllib.request.Request(f"{url}/rooms/{code}/join", method="POST",
                                     data=json.dumps({"name": name}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10):
        pass


def test_an_update_leaves_the_focus_on_cancel_not_on_leave(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Asking "Leave the room?" puts the focus on Cancel. Every update redraws the row, and
    # the focus went to the first control of the same key: "Leave". A bot's ask (or, here,
    # a friend sitting down) between opening the question and pressing Enter made Enter,
    # meant for Cancel, give the seat up for good.
    ann, _bob, code = ann_and_bob(rooms, open_page)
    ann.click("#leave-row button.leave")
    assert ann.evaluate("document.activeElement.className") == "confirm-no"
    join_by_http(rooms.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="2"]:has-text("Cy")')
    assert ann.evaluate("document.activeElement.className") == "confirm-no"
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#leave-row button.leave")
    assert ann.inner_text("#connection").startswith("Connected as Ann")

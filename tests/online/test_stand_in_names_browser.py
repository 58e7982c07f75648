"""The page names a left seat's stand-in by its own name, not the room's next one."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import SHORT_GAME, RoomsServer, ann_and_bob, fill_with_bot_and_start

pytestmark = pytest.mark.browser


def test_the_page_tells_the_stand_in_apart_from_the_seated_emma(
    server: RoomsServer, new_page: Any,
) -> None:
    ann, bob, _code = ann_and_bob(server, new_page, house=SHORT_GAME)
    fill_with_bot_and_start(ann, 2)
    bob.wait_for_selector("#game:not([hidden])")
    bob.click("#leave-row .leave")
    assert "Emma 2 (bot) plays the seat for the rest of the game" in bob.inner_text("#leave-row")
    bob.click(".confirm .confirm-yes")
    said = "Bob left; Emma 2 (bot) plays their seat."
    ann.wait_for_selector(f"#log li.room-notice:has-text('{said}')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("left; Emma 2 (bot) plays")')
    # The room's next stand-in would be the third Emma: the seat still names its own.
    assert "Emma 3" not in ann.inner_text("#seats")

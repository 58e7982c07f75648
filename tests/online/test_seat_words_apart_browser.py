"""A seat in the room's list reads as separate words: "Ann connected host you".

Its name and tags were inline boxes with no space between them, set apart by a margin
alone, so a screen reader (and a braille line, or a copy of the list) had them as one
word: "Annconnectedhostyou"."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, fill_with_bot_and_start, open_room

pytestmark = pytest.mark.browser


def test_a_seats_name_and_tags_are_separate_words(server: RoomsServer, new_page: Any) -> None:
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    assert ann.inner_text('#seats li[data-seat="0"]').split() == [
        "Ann", "connected", "host", "you"]
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#turn:not(:empty)")
    assert ann.inner_text('#seats li[data-seat="1"]').split() == ["Emma", "(bot)", "bot"]

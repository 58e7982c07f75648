"""A room's nordic sea on a phone: told to go fish, the player sees every face-down card apart
from the others, each whole and in the window, and taps any of them (RULES.md, nordic: a card
picked from the spread-out sea is a random draw, whichever is picked)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.browser_helpers import crowded_cards

from .browser_support import (
    RoomsServer,
    ask_until_fishing,
    asks_made,
    fill_with_bot_and_start,
    game_over,
    open_room,
)

pytestmark = pytest.mark.browser


def fishing_in_a_new_room(ann: Any, rooms: RoomsServer, hand_size: str) -> Any:
    """Ann against a bot in a nordic room of her own, told to go fish; the sea's cards.
    With one card each an ask that takes the other's only card ends the game at once
    (R19), before any miss: some one deal in eight. A new room is opened then."""
    house = {"hand-size": hand_size} if hand_size else None
    for attempt in range(6):
        open_room(ann, rooms.url, "Ann", 2, "nordic", house)
        fill_with_bot_and_start(ann, 1)
        ann.wait_for_selector("#game:not([hidden])")
        try:
            return ask_until_fishing(ann, random.Random(attempt))
        except AssertionError:
            if not game_over(ann):
                raise
    raise AssertionError("every deal ended before anyone missed")


@pytest.mark.parametrize(("size", "hand_size"), [
    ((360, 640), ""),  # as the rules deal: a sea of 38
    ((390, 844), ""),
    ((360, 640), "1"),  # one card each: a sea of 50, the most a room deals
    ((1100, 900), ""),
])
def test_every_card_of_the_sea_lies_apart_when_fishing(
    rooms: RoomsServer, open_page: Any, size: tuple[int, int], hand_size: str
) -> None:
    # The cards were set in rows each overlapping the last (some 120 overlaps in a sea of
    # 38, on a phone as on a desk): they looked broken and were hard to tap. They lie
    # apart now, tilted within the gaps between them.
    width, height = size
    ann = open_page()
    ann.set_viewport_size({"width": width, "height": height})
    sea = fishing_in_a_new_room(ann, rooms, hand_size)
    assert crowded_cards(ann, "#sea button") == []
    told = asks_made(ann)
    sea.first.click()  # tapped where it is drawn: nothing lies over it
    ann.wait_for_selector(f"#log li >> nth={told}")
    assert ann.locator("#log li").nth(told).inner_text().startswith("You draw the ")

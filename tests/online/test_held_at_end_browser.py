"""Once a room's game is over nothing is secret: each opponent's box says what that seat
still held, as the solo table does (gofish.core.view's ``hands_at_end``). Before the end
no box says so."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import (
    QUICK_GAME,
    RoomsServer,
    ann_and_bob,
    fill_with_bot_and_start,
    game_over,
    take_turns,
)

pytestmark = pytest.mark.browser

CARD_WORDS = re.compile(r"(?:ace|king|queen|jack|\d+) of (?:clubs|diamonds|hearts|spades)")


def held_in(page: Any, seat: int) -> tuple[int, list[str]]:
    """The count a seat's box gives and the cards its end line names."""
    box = page.locator(f'.room-seat[data-seat="{seat}"]')
    count = int(re.search(r"(\d+) cards?", str(box.inner_text())).group(1))  # type: ignore[union-attr]
    line = box.locator(".held-at-end")
    named = CARD_WORDS.findall(str(line.inner_text())) if line.count() else []
    return count, named


def test_every_box_shows_what_its_seat_held_once_the_game_is_over(
    rooms: RoomsServer, open_page: Any,
) -> None:
    # Refill none, first empty hand ends it (R18, R19): the others end holding cards.
    ann, bob, _ = ann_and_bob(rooms, open_page, house=QUICK_GAME)
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector(".room-seat")
    assert ann.locator(".held-at-end").count() == 0  # hidden while the game is on
    take_turns([ann, bob])
    assert game_over(ann) and game_over(bob)
    ann.wait_for_selector(".held-at-end")
    held_somewhere = 0
    for page, others in ((ann, (1, 2)), (bob, (0, 2))):
        for seat in others:
            count, named = held_in(page, seat)
            assert len(named) == count  # one card named for each card the seat holds
            held_somewhere += count
    assert held_somewhere > 0
    # Both see the bot's hand alike, and Bob's own hand is what Ann is shown he held.
    assert held_in(ann, 2) == held_in(bob, 2)
    bob_hand = bob.eval_on_selector_all("#mine .card", "cards => cards.map(c => c.ariaLabel)")
    assert held_in(ann, 1)[1] == [name.lower() for name in bob_hand]

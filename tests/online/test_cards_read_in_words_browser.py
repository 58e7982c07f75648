"""A room's announcer names cards in words, as the hand's buttons do.

The log shows a card as "6♦"; the announcer read that text as it was, so a screen reader
said "6 black diamond suit", or nothing for the suit at some punctuation levels."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import (
    QUICK_GAME,
    RoomsServer,
    fill_with_bot_and_start,
    open_room,
    take_turns,
)
from .test_browser import RECORD_ANNOUNCER

pytestmark = pytest.mark.browser

SUIT_GLYPHS = re.compile("[♣♦♥♠]")
A_CARD_IN_WORDS = re.compile(
    r"(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)")


def test_the_cards_a_room_tells_of_are_read_out_in_words(server: RoomsServer,
                                                          new_page: Any) -> None:
    # A whole game against a bot: the player draws from the pond (R5), each draw told in
    # the log with its card.
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    ann.evaluate(RECORD_ANNOUNCER)
    fill_with_bot_and_start(ann, 1)
    take_turns([ann])
    said: list[str] = ann.evaluate("() => window.announced")
    assert not [line for line in said if SUIT_GLYPHS.search(line)]
    draws = [line for line in said if line.startswith("You draw the ")]
    assert draws and all(A_CARD_IN_WORDS.search(line) for line in draws)
    assert SUIT_GLYPHS.search(ann.inner_text("#log"))  # the log still shows them so


def test_a_rooms_log_reads_its_cards_in_words(server: RoomsServer, new_page: Any) -> None:
    # Read back line by line, the log's "6♦" was "6 black diamond suit" (or lost its suit).
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#log li:has-text('You are dealt')")
    heard = ann.locator("#log").aria_snapshot()
    assert not SUIT_GLYPHS.search(heard), heard
    assert re.search(r'listitem: "You are dealt seven cards: (ace|[2-9]|10|jack|queen|king)'
                     r' of \w+, [\w ,]+ of \w+\."', heard), heard  # one line, read as one
    assert SUIT_GLYPHS.search(ann.inner_text("#log li:has-text('You are dealt')"))  # as printed


def test_a_rooms_pairs_are_named_in_words(server: RoomsServer, new_page: Any) -> None:
    # Under the pairs house rule each seat's line says which two cards went down:
    # "Pairs (1): 5s (5♥ 5♠)" was read "5 black heart suit", or without the suits.
    ann = new_page()
    open_room(ann, server.url, "Ann", 2, house=QUICK_GAME)
    fill_with_bot_and_start(ann, 1)
    take_turns([ann])
    heard = ann.locator("#game").aria_snapshot()
    assert not SUIT_GLYPHS.search(heard), heard
    assert re.search(r"Your pairs \(\d+\): \w+ \((ace|[2-9]|10|jack|queen|king) of \w+, ", heard)
    assert SUIT_GLYPHS.search(ann.inner_text(".my-books"))  # shown as printed

"""A room's log keeps its lines' words for screen readers inside its own scroll box, as the
table against the computer does (tests/web/test_log_keeps_its_hidden_words.py)."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, fill_with_bot_and_start, open_room, take_turns

pytestmark = pytest.mark.browser

# The lowest bottom edge of the log, of its lines' hidden words and of the page.
BOTTOMS = """() => {
    const bottom = (node) => node.getBoundingClientRect().bottom + scrollY;
    const log = document.querySelector('#log');
    const words = [...log.querySelectorAll('.visually-hidden')].map(bottom);
    return {log: bottom(log), words: Math.max(...words),
            overflow: log.scrollHeight - log.clientHeight};
}"""


def test_a_long_room_log_keeps_its_hidden_words_inside_it(server: RoomsServer,
                                                          new_page: Any) -> None:
    # Each line's cards in words sat outside the log's scroll box, placed from the page:
    # every line scrolled out of the log stretched the page below the table.
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    take_turns([ann])
    bottoms = ann.evaluate(BOTTOMS)
    assert bottoms["overflow"] > 200, bottoms  # the log holds far more than it shows
    assert bottoms["words"] <= bottoms["log"] + 1, bottoms

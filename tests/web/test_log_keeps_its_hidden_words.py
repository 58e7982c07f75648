"""The game log's lines in words (for screen readers) stay inside the log's scroll box."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, play_by_clicking

pytestmark = pytest.mark.browser

# The log holds more lines than it shows: the ones scrolled out of it are past its foot.
LOG_OVERFLOWS = """() => {
    const log = document.querySelector('.log');
    return log.scrollHeight > log.clientHeight + 200;
}"""
# The lowest bottom edge of anything on the page, and of what is meant to be seen.
BOTTOMS = """() => {
    const bottom = (node) => node.getBoundingClientRect().bottom + scrollY;
    const hidden = [...document.querySelectorAll('.log .visually-hidden')].map(bottom);
    const log = document.querySelector('.log');
    return {page: document.documentElement.scrollHeight, log: bottom(log),
            words: Math.max(...hidden), seen: Math.max(bottom(document.querySelector('.felt')),
                                                   bottom(document.querySelector('.side')))};
}"""


@pytest.mark.parametrize("width", [1280, 360])
def test_a_long_log_does_not_stretch_the_page(page: Any, live_server: LiveServer,
                                              width: int) -> None:
    # Each line's words in full sat outside the log's scroll box (placed from the page,
    # not the log): every line scrolled out of the log added empty page below the table,
    # thousands of pixels of it by the end of a game.
    open_table(page, live_server, seed=21, width=width)
    play_by_clicking(page, until=LOG_OVERFLOWS)
    assert page.evaluate(LOG_OVERFLOWS), "the game ended before the log overflowed"
    bottoms = page.evaluate(BOTTOMS)
    assert bottoms["words"] <= bottoms["log"] + 1, bottoms
    assert bottoms["page"] <= bottoms["seen"] + 40, bottoms

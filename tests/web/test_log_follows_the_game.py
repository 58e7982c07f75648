"""The game log keeps its newest line in sight as the game goes on."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, play_by_clicking

pytestmark = pytest.mark.browser

LOG_OVERFLOWS = """() => {
    const log = document.querySelector('.log');
    return log.scrollHeight > log.clientHeight + 60;
}"""
AT_THE_END = """() => {
    const log = document.querySelector('.log');
    return log.scrollTop + log.clientHeight >= log.scrollHeight - 2;
}"""


def test_the_log_is_scrolled_to_its_newest_line(page: Any, live_server: LiveServer) -> None:
    # The log is scrolled once a frame, not once a line: the last line of a batch of
    # events must still end up in sight.
    open_table(page, live_server, seed=21)
    play_by_clicking(page, until=LOG_OVERFLOWS)
    assert page.evaluate(LOG_OVERFLOWS), "the game ended before the log overflowed"
    page.wait_for_function(AT_THE_END)
    last = page.locator(".log li").last
    log_box, line_box = page.locator(".log").bounding_box(), last.bounding_box()
    assert line_box["y"] + line_box["height"] <= log_box["y"] + log_box["height"] + 1

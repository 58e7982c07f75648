"""The status line is a live region: it is written only when its words change.

Each redraw of the table (every update from the server, every opponent chosen) wrote the
status line again, unchanged. Chromium makes a new accessibility node of text written
again, which a screen reader reads out as new: "Your turn: choose an opponent…" was heard
up to eight times in one turn, and "Emma's turn." at each of Emma's asks."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from .conftest import LiveServer
from .test_accessibility import RECORD_WHAT_IS_READ
from .test_browser import open_table, play_by_clicking

pytestmark = pytest.mark.browser


def test_the_status_line_is_written_only_when_its_words_change(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=8, preset="nordic", players=3)
    page.evaluate(RECORD_WHAT_IS_READ)
    play_by_clicking(page)
    statuses: list[str] = page.evaluate("() => window.statuses")
    assert any(status.startswith("Your turn") for status in statuses), statuses
    repeated = [status for before, status in pairwise(statuses) if status == before]
    assert repeated == [], repeated

"""The nordic table calls its pond the sea: its coach says so too."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table

pytestmark = pytest.mark.browser


def test_the_coach_of_a_nordic_game_says_sea_as_the_table_does(page: Any,
                                                             live_server: LiveServer) -> None:
    # Its help said "Unseen: still in the pond" beside a table that calls it the sea
    # (RULES.md, nordic: the pond is the sea).
    open_table(page, live_server, seed=4, preset="nordic")
    help_text = page.text_content(".coach-help") or ""
    assert "Unseen: still in the sea or an unknown hand." in help_text
    assert "pond" not in help_text

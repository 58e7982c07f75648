"""'Your turn' reaches a player reading another page of the app mid-game.

The status line says whose turn it is, but it is a live region inside the table's page:
hidden while the player reads the rules or the history, it was not read out there, while
the bots' moves (the announcer, outside the pages) still were. The player heard Emma ask
and fish, and never that it was their turn."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_accessibility import RECORD_WHAT_IS_READ
from .test_browser import open_table, wait_for_my_move

pytestmark = pytest.mark.browser

SLOW = "&pace=1"  # Emma takes a second a move: time to leave the table first


@pytest.mark.parametrize("page_link", ["help", "history"])
def test_your_turn_is_read_out_once_on_another_page(
    page: Any, live_server: LiveServer, page_link: str
) -> None:
    # Seed 0 gives Emma the first ask (R2: who starts is random).
    open_table(page, live_server, seed=0, query=SLOW)
    page.evaluate(RECORD_WHAT_IS_READ)
    page.click(f"nav a[data-page={page_link}]")
    page.wait_for_selector(f"#page-{page_link}:not([hidden])")
    assert wait_for_my_move(page) == "ask"
    assert page.is_hidden("#page-play")
    said: list[str] = page.evaluate("() => window.said")
    assert [line for line in said if line.startswith("Emma asks")], said  # her moves were read
    assert [line for line in said if "Your turn" in line] == ["Your turn."], said
    # Another page again, and the table: the turn is the same, so it is not said again.
    page.click("nav a[data-page=stats]")
    page.go_back()
    page.go_back()
    page.wait_for_selector("#page-play:not([hidden])")
    said = page.evaluate("() => window.said")
    assert [line for line in said if "Your turn" in line] == ["Your turn."], said


def test_your_turn_is_not_read_out_twice_at_the_table(page: Any, live_server: LiveServer) -> None:
    # At the table the status line says it: the announcer saying it too was heard twice.
    open_table(page, live_server, seed=0, query=SLOW)
    page.evaluate(RECORD_WHAT_IS_READ)
    assert wait_for_my_move(page) == "ask"
    said: list[str] = page.evaluate("() => window.said")
    statuses: list[str] = page.evaluate("() => window.statuses")
    assert not [line for line in said if "Your turn" in line], said
    assert any(status.startswith("Your turn") for status in statuses), statuses

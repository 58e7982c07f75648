"""What an alert on the page says is not said again by the announcer.

The notice at the top of the start screen, the error beside Deal, a page's error and the
box saying the game moved to another tab are alerts (role=alert): a screen reader reads
them out as they are written or shown. The page also put the same words into the
announcer, its live region for the table's events, so each was heard twice."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import FAST, ask_until_stored, open_table

pytestmark = pytest.mark.browser

# Every line put into the announcer from the moment it runs.
RECORD_THE_ANNOUNCER = """() => {
    window.said = [];
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes
        .forEach((node) => window.said.push(node.textContent))))
        .observe(document.querySelector('#announcer'), {childList: true});
}"""
ALERTS = """() => [...document.querySelectorAll('[role=alert]')]
    .filter((alert) => !alert.closest('[hidden]')).map((alert) => alert.textContent)
    .filter(Boolean)"""


def heard_twice(page: Any) -> list[str]:
    """The lines of the announcer that an alert shown on the page says too."""
    alerts: list[str] = page.evaluate(ALERTS)
    said: list[str] = page.evaluate("() => window.said")
    return [line for line in said if any(line in alert for alert in alerts)]


@pytest.mark.parametrize(("address", "words"), [
    ("#/resume/999999", "Cannot resume game 999999"),  # the server's refusal
    ("#/play/abc", "is not a game number"),  # the page's own
    ("#/nonsense", "There is no page"),
    ("#/replay/abc", "is not a game number"),  # an error on the page it opened
])
def test_a_refused_address_is_said_once(page: Any, live_server: LiveServer, address: str,
                                        words: str) -> None:
    page.goto(f"{live_server.url}/?speed=0{FAST}")
    page.wait_for_selector("#deal")
    page.evaluate(RECORD_THE_ANNOUNCER)
    page.evaluate("(address) => { location.hash = address; }", address)
    page.wait_for_function("(words) => [...document.querySelectorAll('[role=alert]')]"
                           ".some((alert) => alert.textContent.includes(words))", arg=words)
    page.wait_for_timeout(200)
    assert heard_twice(page) == []


def test_the_game_moving_to_another_tab_is_said_once(page: Any,
                                                     live_server: LiveServer) -> None:
    open_table(page, live_server, seed=30, preset="bicycle", players=3)
    game_id = ask_until_stored(page)
    page.evaluate(RECORD_THE_ANNOUNCER)
    second = page.context.new_page()
    second.goto(f"{live_server.url}/?speed=0{FAST}#/play/{game_id}")
    page.wait_for_selector("#away-notice:not([hidden])")
    assert "open in another tab" in page.inner_text("#away-notice")
    assert heard_twice(page) == []
    second.close()

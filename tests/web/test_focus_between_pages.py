"""Where the keyboard focus goes as a link leads from one page of the app to another: the
link goes out of sight with its page, and the focus went to the page's body, so Tab started
again at the top of the page and a screen reader was left nowhere."""

from __future__ import annotations

from typing import Any

import pytest
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer
from .test_browser import open_table, wait_for_my_move

pytestmark = pytest.mark.browser

FOCUSED = "() => document.activeElement.outerHTML.slice(0, 120)"


def follow_by_keyboard(page: Any, link: str) -> None:
    page.locator(link).focus()
    page.keyboard.press("Enter")


@pytest.mark.parametrize("way", ["history", "help"])
def test_back_to_the_table_puts_the_focus_on_the_hand(
    page: Any, live_server: LiveServer, way: str
) -> None:
    open_table(page, live_server, seed=21, query="&pace=0.02")
    assert wait_for_my_move(page) == "ask"
    follow_by_keyboard(page, f"nav a[data-page={way}]")
    follow_by_keyboard(page, f"#page-{way}:not([hidden]) a:text-is('Back to the table')")
    page.locator("#page-play:not([hidden])").wait_for()
    assert page.evaluate("() => document.activeElement.classList.contains('rank-group')"), (
        page.evaluate(FOCUSED))


def test_all_games_under_a_replay_puts_the_focus_on_the_historys_heading(
    page: Any, live_server: LiveServer
) -> None:
    with open_store(live_server.database) as store:
        game = store.save(played_game(seed=4).to_record(), seats=[YOU, EMMA])
    page.goto(f"{live_server.url}/?speed=0#/replay/{game}")
    follow_by_keyboard(page, "#page-replay a:text-is('All games')")
    page.locator("#page-history:not([hidden]) table").wait_for()
    assert page.evaluate("() => document.activeElement.matches('#page-history h1')"), (
        page.evaluate(FOCUSED))
    # Focusable by the page only: Tab goes on to what follows it, not back to it.
    assert page.get_attribute("#page-history h1", "tabindex") == "-1"


def test_a_page_opened_first_leaves_the_focus_to_the_browser(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(f"{live_server.url}/?speed=0#/stats")
    page.locator("#page-stats:not([hidden]) h1").wait_for()
    page.wait_for_timeout(200)
    assert page.evaluate("() => document.activeElement === document.body")


def test_back_to_the_house_rules_puts_the_focus_on_the_field_at_fault(
    page: Any, live_server: LiveServer
) -> None:
    # The rules of a game the form cannot deal say why, with "Back to the house rules":
    # back, the focus was on the page's body, the field to mend a dozen Tabs away.
    page.goto(f"{live_server.url}/?speed=0")
    page.click(".house-rules summary")
    page.fill("input[name=hand_size]", "1e1")
    follow_by_keyboard(page, "#page-start a:text-is('Rules of this game')")
    page.locator("#page-help:not([hidden]) .error:has-text('written in digits alone')").wait_for()
    follow_by_keyboard(page, "#page-help a:text-is('Back to the house rules')")
    page.locator("#page-start:not([hidden]) #deal").wait_for()
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate("() => document.activeElement.name") == "hand_size"

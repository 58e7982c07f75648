"""The rules page: of the game at the table from the menu, of the form's choice from the form."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def test_the_start_forms_rules_link_describes_the_game_it_would_deal(
    page: Any, live_server: LiveServer
) -> None:
    # After a game, the link beside "Deal the cards" showed that game's rules (classic,
    # two players), whatever the form had been changed to since.
    page.goto(f"{live_server.url}/?seed=3&speed=0&pace=0.02")
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    page.click("nav a[data-page=start]")
    page.check("input[name=preset][value=nordic]")
    page.select_option("#players", "4")
    page.click("text=Rules of this game")
    page.wait_for_selector("#page-help h1:text('Rules: nordic')")
    assert "4 players, 7 cards each" in page.inner_text("#page-help")
    assert page.inner_text("#page-help a.button-link") == "Back"
    # The menu's "Rules" is still the game at the table.
    page.click("nav a[data-page=help]")
    page.wait_for_selector("#page-help h1:text('Rules: classic')")
    assert "2 players, 7 cards each" in page.inner_text("#page-help")
    assert page.inner_text("#page-help a.button-link") == "Back to the table"


def test_the_keyboard_help_tells_screen_reader_users_to_use_focus_mode(
    page: Any, live_server: LiveServer
) -> None:
    # NVDA and JAWS take letter and number keys for themselves in browse mode (H for the
    # next heading, 2 for a heading of level 2): the rank keys and F did nothing there,
    # and the help listing them did not say why.
    page.goto(f"{live_server.url}/?speed=0")
    page.check("input[name=preset][value=nordic]")  # the sea: F fishes
    page.click("text=Rules of this game")
    page.wait_for_selector("#page-help h1:text('Rules: nordic')")
    heard = page.locator("#page-help").aria_snapshot()
    keys = next(line for line in heard.splitlines() if "Keyboard:" in line)
    assert ("With a screen reader, switch to focus mode (forms mode) for the letter and"
            " number keys; Tab and the buttons work in either mode.") in keys, keys

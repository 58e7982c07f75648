"""Where the keyboard focus goes when the start screen shows a refusal: onward, to the
form or the button to press next. It dropped to the page's body with the control that had
it (a link of the list read afresh, the history's Resume, the result's "Play again"), and
Tab started again at the top of the page, as only a refused finished game (its replay
link) was spared."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer
from .test_a_list_of_games_that_comes_late import (
    resume_by_keyboard_after,
    server_with_unfinished,
)
from .test_browser import play_to_the_result, refuse_starts_on_request

pytestmark = pytest.mark.browser

FOCUSED = "() => document.activeElement.outerHTML"


def focused_preset(page: Any) -> str | None:
    """The preset whose radio button has the focus (None: the focus is elsewhere)."""
    return page.evaluate("""() => { const at = document.activeElement;
        return at.matches('.start-form input[name=preset]') ? at.value : null; }""")


def test_a_game_gone_from_the_list_leaves_the_focus_on_the_form(
    page: Any, tmp_path: Path
) -> None:
    with server_with_unfinished(tmp_path, 2) as (server, [first, _]):
        def delete() -> None:  # in another tab, or from the terminal
            with open_store(server.database) as store:
                store.delete(first)

        resume_by_keyboard_after(page, server, first, delete)
        assert focused_preset(page) == "classic", page.evaluate(FOCUSED)


def test_a_game_open_in_another_browser_refused_from_the_history_leaves_the_focus_on_the_form(
    page: Any, browser: Any, tmp_path: Path
) -> None:
    # The history's Resume link went out of sight with the history; the focus stayed there.
    with LiveServer(tmp_path / "games.sqlite3", pace=5) as server:
        with open_store(server.database) as store:
            game = store.save(played_game(seed=2, asks=2).to_record(), seats=[YOU, EMMA])
        elsewhere = browser.new_context()  # another browser: no word between their tabs
        try:
            other = elsewhere.new_page()
            other.goto(f"{server.url}/?speed=0#/resume/{game}")
            other.locator("#page-play:not([hidden]) .rank-group").first.wait_for()
            page.goto(f"{server.url}/?speed=0&pace=5#/history")
            page.locator(f"tr[data-game='{game}'] a:text-is('Resume')").focus()
            page.keyboard.press("Enter")
            page.locator(f"#start-notice:has-text('Cannot resume game {game}')").wait_for()
            assert focused_preset(page) == "classic", page.evaluate(FOCUSED)
        finally:
            elsewhere.close()


def test_a_refused_play_again_leaves_the_focus_on_deal(page: Any, live_server: LiveServer) -> None:
    refuse = refuse_starts_on_request(page)
    play_to_the_result(page, live_server)
    refuse[0] = True
    page.focus("#play-again")
    page.keyboard.press("Enter")
    page.locator("#page-start:not([hidden]) #start-error:has-text('the server is busy')").wait_for()
    assert page.evaluate("() => document.activeElement.id") == "deal"


def test_change_the_rules_on_the_result_leaves_the_focus_on_the_form(
    page: Any, live_server: LiveServer
) -> None:
    # The link went out of sight with the result, and the focus to the page's body: the
    # player who pressed it by keyboard had to Tab through the menu and the list again.
    play_to_the_result(page, live_server)  # a nordic game
    page.focus("#result a:text-is('Change the rules')")
    page.keyboard.press("Enter")
    page.locator("#page-start:not([hidden]) #deal").wait_for()
    page.wait_for_function("() => document.activeElement !== document.body")
    assert focused_preset(page) == "nordic", page.evaluate(FOCUSED)


def test_the_first_load_of_the_start_screen_leaves_the_focus_to_the_browser(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(f"{live_server.url}/?speed=0")
    page.locator("#page-start:not([hidden]) #deal").wait_for()
    assert page.evaluate("() => document.activeElement === document.body")

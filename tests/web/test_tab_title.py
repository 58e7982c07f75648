"""The tab's title says when the table wants the player, as the rooms' tabs do."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_result_words import deal_a_game_over_at_once

pytestmark = pytest.mark.browser


def test_the_tab_title_says_when_it_is_your_turn_and_when_the_game_is_over(
    page: Any, live_server: LiveServer
) -> None:
    # It read "Go Fish" all game: a player reading another tab while the bots took their
    # time could not see the table was waiting for them.
    page.goto(f"{live_server.url}/?seed=13&speed=0&pace=0.02")
    page.wait_for_selector("#deal")
    assert page.title() == "Go Fish"
    page.click("#deal")
    page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'ask'")
    assert page.title() == "Your turn · Go Fish"
    deal_a_game_over_at_once(page, live_server)
    assert page.title() == "Game over · Go Fish"


def test_leaving_a_finished_table_gives_the_tab_the_start_screens_title(
    page: Any, live_server: LiveServer
) -> None:
    # "Game over · Go Fish" stayed on the tab at the start screen, by a link or a refusal.
    deal_a_game_over_at_once(page, live_server)
    assert page.title() == "Game over · Go Fish"
    page.click("nav a[data-page=start]")
    page.wait_for_selector("#page-start:not([hidden])")
    assert page.title() == "Go Fish"
    page.click("nav a[data-page=history]")
    page.wait_for_selector("#page-history:not([hidden])")
    assert page.title() == "Go Fish"
    page.go_back()  # the table again, as it ended
    page.go_back()
    page.wait_for_selector("#page-play:not([hidden])")
    assert page.title() == "Game over · Go Fish"
    page.evaluate("window.location.hash = '#/play/99999'")  # refused: no such game
    page.wait_for_selector("#start-notice:has-text('Cannot resume game 99999')")
    assert page.title() == "Go Fish"

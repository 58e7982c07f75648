"""A game against the gentle Emma, started in the terminal and taken up in the browser:
her panel says "Emma (memory=0)", while the log and the status line call her Emma."""

from __future__ import annotations

from typing import Any

import pytest
from tests.storage.helpers import played_game

from gofish.storage import open_store

from .conftest import LiveServer

pytestmark = pytest.mark.browser

GENTLE = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma:memory=0"}]


def test_the_panel_names_the_options_and_the_log_the_name(
    page: Any, live_server: LiveServer
) -> None:
    with open_store(live_server.database) as store:
        game_id = store.save(played_game("classic", seed=3, asks=4).to_record(), seats=GENTLE)
    page.goto(f"{live_server.url}/?speed=0#/resume/{game_id}")
    page.wait_for_selector("#page-play:not([hidden]) .opponent .name")
    assert page.inner_text(".opponent .name") == "Emma (memory=0)"
    page.wait_for_selector(".log li")
    log = page.inner_text(".log")
    assert "Emma" in log and "(memory=0)" not in log

"""The table's status line and hints are read to keyboard and screen-reader users too:
they said "click a rank in your hand" and "click a face-down card in the sea" to people
who play with the keys."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, wait_for_my_move

pytestmark = pytest.mark.browser


def test_the_turn_line_says_choose_a_rank_not_click(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=21)
    assert wait_for_my_move(page) == "ask"
    status = page.inner_text("#status")
    assert status == "Your turn: choose a rank from your hand to ask Emma for it."


def test_a_rank_key_before_fishing_says_pick_a_card_of_the_sea(page: Any,
                                                              live_server: LiveServer) -> None:
    open_table(page, live_server, seed=8, preset="nordic")
    while wait_for_my_move(page) == "ask":  # ask by keyboard until told "Go fish!" (R8)
        page.focus(".rank-group >> nth=0")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'ask'")
    assert wait_for_my_move(page) == "fish"
    rank = page.get_attribute(".rank-group >> nth=0", "data-rank")
    page.keyboard.press("t" if rank == "10" else str(rank).lower())
    assert page.inner_text("#hint") == "Go fish first: pick a face-down card in the sea."

"""The nordic sea on a phone: told to go fish, the player sees every face-down card apart from
the others, each one whole and in the window, and can tap any of them (RULES.md, nordic: a
card picked from the spread-out sea is a random draw, whichever is picked)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser_helpers import crowded_cards

from .conftest import LiveServer
from .test_browser import open_table, wait_for_my_move

pytestmark = pytest.mark.browser

#: Ask the first opponent still in play for the first rank held.
ASK = """() => {
    document.querySelector('button.opponent:not(.out)')?.click();
    document.querySelector('.rank-group').click(); }"""


def ask_until_fishing(page: Any) -> None:
    """Ask until an ask misses and the player must fish from the sea."""
    while (move := wait_for_my_move(page)) == "ask":
        version = page.get_attribute("#table", "data-version")
        # Clicked in the page: the table may still be settling, which a pointer click
        # waits out; the ask is the same.
        page.evaluate(ASK)
        page.wait_for_function("(version) => document.querySelector('#table').dataset.version"
                               " !== version", arg=version)
    assert move == "fish"


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (568, 320), (1280, 860)])
def test_every_card_of_the_sea_lies_apart_when_fishing(
    page: Any, live_server: LiveServer, size: tuple[int, int], players: int
) -> None:
    # The cards were scattered over a fixed box, most of them heaped on others (some 130
    # overlaps in a sea of 38 on a 360 px phone): hard to tap, and it looked broken. They
    # lie in tilted rows now, each clear of the rest; a bigger sea makes the box taller.
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, live_server, seed=8, preset="nordic", players=players)
    ask_until_fishing(page)
    in_the_sea = int(page.inner_text(".pond-count").split()[0])  # "38 cards in the sea"
    assert page.locator(".sea button.sea-card").count() == in_the_sea > 52 - 7 * players - 5
    assert crowded_cards(page, ".sea button.sea-card") == []
    # Tapped where it is drawn, the last card fishes (nothing lies over it).
    page.locator(".sea button.sea-card").last.click()
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'fish'")

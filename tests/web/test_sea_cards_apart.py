"""The nordic sea on a phone: told to go fish, the player sees every face-down card apart from
the others, each one whole (scrolled to inside the sea's own box where the window is
short), and can tap any of them (RULES.md, nordic: a card picked from the spread-out sea
is a random draw, whichever is picked)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser_helpers import crowded_cards, out_of_reach

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
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (568, 320), (640, 360),
                                  (768, 1024), (1280, 860)])
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
    cards = page.locator(".sea button.sea-card")
    in_the_sea = int(page.inner_text(".pond-count").split()[0])  # "38 cards in the sea"
    assert cards.count() == in_the_sea > 52 - 7 * players - 5
    assert crowded_cards(page, ".sea button.sea-card") == []
    # But no taller than the window leaves room for: a sea of 38 in four rows pushed the
    # hand below a phone held sideways (568 x 320), and the page scrolled on a 360 x 640
    # phone. The words, the hand and a row of the sea at least are in the first screen;
    # the rest of the sea scrolls inside its own box.
    page.wait_for_timeout(300)  # a scroll the page might start has started
    assert page.evaluate("scrollY") == 0
    assert out_of_reach(page, ".hand .rank-group, #status") == []
    reachable = in_the_sea - len(out_of_reach(page, ".sea button.sea-card"))
    assert reachable >= min(in_the_sea, 6), (reachable, in_the_sea)
    # Tapped where it is drawn (scrolled to inside the sea's box), the last card fishes
    # (nothing lies over it), and the page stays where it is.
    cards.last.click()
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'fish'")
    assert page.evaluate("scrollY") == 0

"""The table in the first screen of a phone, upright or held sideways, of a tablet and of a
desktop: when your turn comes, every card of your hand, the opponents to ask and the words
saying what to do are in the window and can be tapped, with the page not scrolled. A big
nordic sea gives way instead, its cards scrolling inside its own box.

At 568 x 320 (a small phone held sideways) a nordic sea of 38 took four rows and pushed the
hand below the screen, and five seats took two rows above it; at 360 x 640 a two-player
nordic table scrolled 20 px to show the hand. (Told to go fish, the same:
test_sea_cards_apart.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser_helpers import out_of_reach, small_text

from .conftest import LiveServer
from .test_browser import deal_asking_for_cards, open_table, wait_for_my_move

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (390, 844), (568, 320), (640, 360), (844, 390), (768, 1024), (1280, 800)]
#: Each preset at its most players (the most seats to fit; nordic deals them 7 cards
#: each), and nordic at two players too: its biggest sea, 38 cards.
GAMES = [("classic", 5), ("bicycle", 5), ("nordic", 5), ("nordic", 2)]

#: What a turn is played with: your cards, the opponents to ask (with one opponent, not a
#: button: the status line names them) and the status line.
ASK_CONTROLS = ".hand .rank-group, button.opponent, #status"


@pytest.mark.parametrize(("preset", "players"), GAMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_hand_and_the_opponents_are_in_the_first_screen(
    page: Any, live_server: LiveServer, size: tuple[int, int], preset: str, players: int
) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, live_server, seed=8, preset=preset, players=players)
    assert wait_for_my_move(page) == "ask"
    # A scroll the page might start (bringing a hand below the screen into view) has started.
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == 0
    assert out_of_reach(page, ASK_CONTROLS) == []
    assert page.locator(".hand .rank-group").count() > 0
    assert small_text(page, ".felt") == []


#: Asking for a card (the ``ask: card`` house rule), once the rank is picked: the suits to
#: choose from, the words saying so and the hand to change one's mind with.
SUIT_CONTROLS = ".hand .rank-group, #status, #hint, .suit-chooser .suit-button"


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_suits_to_ask_for_and_the_hand_are_in_the_first_screen(
    page: Any, live_server: LiveServer, size: tuple[int, int], players: int
) -> None:
    # Asking for a card (the house rule ask: card, RULES.md "House rules"): at 568 x 320 the suit
    # buttons and the hint took two more lines over your seat, which pushed the hand 85 px
    # below the screen, and at 360 x 640 the second row of the hand 32 px.
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    deal_asking_for_cards(page, live_server, seed=8, players=players)
    assert wait_for_my_move(page) == "ask"
    if players > 2:  # with one opponent, the status line names whom the rank asks
        page.locator("button.opponent:not(.out)").first.click()
        # Whom to ask chosen, the status took a third line and the hand lay 4 px below.
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0
        assert out_of_reach(page, ASK_CONTROLS) == []
    page.locator(".hand .rank-group").first.click()
    page.wait_for_selector(".suit-chooser:not([hidden]) .suit-button")
    page.wait_for_timeout(300)  # a scroll the focus might start has started
    assert page.evaluate("scrollY") == 0
    assert out_of_reach(page, SUIT_CONTROLS) == []
    assert page.locator(".suit-chooser .suit-button").count() == 4
    assert page.inner_text("#hint").startswith("Now choose which")
    assert small_text(page, ".felt") == []

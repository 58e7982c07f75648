"""A room of five on a 375 x 667 phone: when the player's turn comes, the turn line, their hand
and the ask buttons are in sight; on a desk the table is laid out as before."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, open_room

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}

#: Each selected element's box in the window (not the page): [left, top, right, bottom].
BOXES = """(selectors) => selectors.map((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return [box.left, box.top, box.right, box.bottom]; })"""


def five_seats_dealt(page: Any, url: str, preset: str) -> None:
    """Ann opens a room of five, fills it with bots and deals; wait for her turn."""
    open_room(page, url, "Ann", 5, preset)
    for seat in range(1, 5):
        page.click(f'#seats li[data-seat="{seat}"] .add-bot')
        page.wait_for_selector(f'#seats li[data-seat="{seat}"] .remove-bot')
    page.mouse.move(0, 0)  # no hover left over the table
    page.click("#start")
    page.wait_for_selector("#ask .ask-rank", timeout=30000)


def in_the_window(page: Any, selectors: list[str]) -> list[str]:
    """Those of ``selectors`` not wholly in the window, once any scroll has ended."""
    page.wait_for_timeout(600)
    height = page.evaluate("innerHeight")
    boxes = page.evaluate(BOXES, selectors)
    return [s for s, (_, top, _, bottom) in zip(selectors, boxes, strict=True)
            if top < 0 or bottom > height]


@pytest.mark.parametrize("preset", ["classic", "nordic"])
def test_five_players_leave_the_hand_and_the_asks_in_sight_on_a_phone(
    rooms: RoomsServer, open_page: Any, preset: str
) -> None:
    # At 375 px the four other seats stacked one a row (a box of 150 px and more: two and
    # their gap just missed fitting), so the hand (696-823 px) and the ask buttons (823-854)
    # were all below the first screen; an empty notice line left a gap of some 50 px above
    # the turn line. Now the seats go two to a row. Under nordic the sea above the hand
    # still leaves the ask buttons just below the screen: the turn coming brings them into
    # view, the turn line still in sight. (Under load the page kept the scroll of the
    # lobby's Start button, below the table, so the table opened with its turn line above
    # the screen: it opens from the top now.)
    ann = open_page()
    ann.set_viewport_size(PHONE)
    five_seats_dealt(ann, rooms.url, preset)
    assert in_the_window(ann, ["#turn", "#mine", "#ask"]) == []
    seats = ann.evaluate(BOXES, [f"#opponents > :nth-child({n})" for n in range(1, 5)])
    assert len({round(top) for _, top, _, _ in seats}) == 2, seats  # two rows of two
    assert all(right <= 375 for _, _, right, _ in seats), seats
    connection, turn = ann.evaluate(BOXES, ["#connection", "#turn"])
    assert turn[1] - connection[3] <= 20, (connection, turn)


def test_on_a_desk_the_seats_stay_side_by_side(rooms: RoomsServer, open_page: Any) -> None:
    # The phone's layout is the phone's: a desk keeps three seats to a row and its notice line.
    ann = open_page()
    five_seats_dealt(ann, rooms.url, "classic")
    seats = ann.evaluate(BOXES, [f"#opponents > :nth-child({n})" for n in range(1, 5)])
    assert len({round(top) for _, top, _, _ in seats}) == 2  # three, then one
    assert seats[0][1] == seats[2][1] and seats[3][1] > seats[0][1]
    assert ann.evaluate("document.querySelector('#notice').getBoundingClientRect().height") > 0


def test_a_refused_name_on_a_phone_is_brought_into_view(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The reason is said below both forms: on a phone, joining as "Yօu" left it off the
    # screen, with nothing in view to say why the page had not moved on.
    page = open_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{rooms.url}/rooms")
    page.fill("#join-code", "ZZZ-ZZZ")
    page.fill("#join-name", "Y\u0585u")
    page.click("#join-button")
    page.wait_for_selector("#status:has-text('how the table speaks')")
    assert in_the_window(page, ["#status"]) == []

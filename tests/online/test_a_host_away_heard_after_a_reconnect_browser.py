"""A host gone away mid-game is read out once to a page there all along (by the notice
line, not also by the log's line) and once to a page whose connection was down just then
(by the log its return brings): the hand-over was only ever in the notice line, which a
page that reconnects is not sent again. In the lobby, which has no log, it stays said
under the seats until the deal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .browser_support import RoomsServer, ann_bob_and_cy
from .test_a_leave_heard_after_a_reconnect_browser import held_connection
from .test_rooms_accessibility import LISTEN, LIVE, heard

pytestmark = pytest.mark.browser

AWAY = "Ann is away, so Bob is the host now."
AWAY_TO_BOB = "Ann is away, so you are the host now."  # Bob's own page calls him "you"


def test_a_host_away_is_read_out_once_live_and_once_on_return(
    server_with: Callable[..., RoomsServer], open_page: Any
) -> None:
    rooms = server_with(away_seconds=1)
    ann, bob, cy = ann_bob_and_cy(rooms, open_page)
    ann.click("#start")
    for page in (ann, bob, cy):
        page.wait_for_selector("#game:not([hidden])")
    held = held_connection(bob)
    for page in (bob, cy):
        page.evaluate(LISTEN, LIVE)
    held["on"] = True  # Bob's page hears nothing more: its network is going
    ann.close()  # Ann's tab closed: after the grace, the role passes to Bob
    cy.wait_for_selector(f"#log li.room-notice:has-text('{AWAY}')")
    held["drop"]()
    bob.wait_for_selector(f"#log li.room-notice:has-text('{AWAY_TO_BOB}')")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert held["sockets"] == 2
    for page, told in ((bob, AWAY_TO_BOB), (cy, AWAY)):
        said = [text for region, text in heard(page) if region in ("announcer", "notice")]
        assert said.count(told) == 1, said


def test_a_hand_over_in_the_lobby_stays_said_under_the_seats(
    server_with: Callable[..., RoomsServer], open_page: Any
) -> None:
    """The new host is told the role is theirs and what it does; a page reloaded after the
    moment, whose notice line is empty, reads it too."""
    rooms = server_with(away_seconds=1)
    ann, bob, cy = ann_bob_and_cy(rooms, open_page)
    assert ann.is_hidden("#host-news")
    ann_browser, room_url = ann.context, ann.url
    ann.close()  # Ann's tab closed: after the grace, the role passes to Bob
    bob.wait_for_selector("#start-row:not([hidden])")
    assert bob.inner_text("#host-news") == (
        f"{AWAY_TO_BOB} You seat bots and start the game.")
    cy.reload()
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")
    cy.wait_for_selector("#host-news:not([hidden])")
    assert cy.inner_text("#host-news") == AWAY
    assert cy.inner_text("#notice") == ""  # the moment's notice is not sent again
    # Ann back in her own browser reads it as hers, as her page calls her everywhere.
    ann = ann_browser.new_page()
    ann.goto(room_url)
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    ann.wait_for_selector("#host-news:not([hidden])")
    assert ann.inner_text("#host-news") == "You are away, so Bob is the host now."

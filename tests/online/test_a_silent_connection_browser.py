"""A connection that dies without closing (a phone's network switched, a router that lost
its state): the page finds out from the room's silence after a move, says so, and connects
again, so the move can be made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .browser_support import RoomsServer, ann_and_bob, click_an_ask, held_connection

pytestmark = pytest.mark.browser


def test_an_ask_into_a_dead_connection_is_said_and_the_page_connects_again(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Chromium keeps a websocket "open" until TCP gives up, many minutes after the network
    # under it went away without a word. The page said "Connected as Bob." all along; his
    # ask went nowhere, and every ask after it was held back as a double click of the first
    # (awaiting its answer), so his clicks did nothing at all, and nothing said why.
    ann, bob, _code = ann_and_bob(rooms, open_page, players=2)
    bob.clock.install()  # runs as time does, until the test moves it on
    cut = held_connection(bob)
    # The status line is emptied by the next update: what it said is kept here.
    bob.evaluate("""() => { window.said = []; const line = document.querySelector('#status');
        new MutationObserver(() => said.push(line.textContent))
            .observe(line, { childList: true, characterData: true, subtree: true }); }""")
    ann.click("#start")
    chooser = random.Random(5)
    while not bob.locator(".ask-rank").count():
        click_an_ask(ann, chooser)
        bob.wait_for_timeout(50)
    cut["on"] = True
    bob.locator(".ask-rank").first.click()
    bob.clock.run_for(30_000)  # far longer than the room takes to answer a move
    bob.wait_for_function("() => said.some((text) => text.includes('did not answer'))")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert cut["sockets"] == 2
    bob.wait_for_selector(".ask-rank")
    asked = len(ann.locator("#log li:has-text('Bob asks')").all())
    bob.locator(".ask-rank").first.click()
    ann.wait_for_function(
        "(before) => [...document.querySelectorAll('#log li')]"
        ".filter((line) => line.textContent.includes('Bob asks')).length > before", arg=asked)


def test_a_quiet_page_finds_its_dead_connection_and_catches_up(
    rooms: RoomsServer, open_page: Any
) -> None:
    # With nothing clicked there was no silence to notice: the page went on showing the room
    # as it was, "Connected as Bob.", while the room went on without him (here, the host
    # seats a bot; in a game, the stand-in plays his turns). Now a page that has heard
    # nothing for a while asks the room (a ping), and connects again if it gets no answer.
    ann, bob, _code = ann_and_bob(rooms, open_page)
    bob.clock.install()
    cut = held_connection(bob)
    cut["on"] = True
    ann.click('#seats li[data-seat="2"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="2"] .remove-bot')
    bob.clock.run_for(90_000)
    bob.wait_for_selector('#seats li[data-seat="2"]:has-text("(bot)")')
    assert cut["sockets"] == 2
    assert bob.inner_text("#connection") == "Connected as Bob."
    assert bob.inner_text("#status") == ""  # nothing was clicked, so nothing to make again

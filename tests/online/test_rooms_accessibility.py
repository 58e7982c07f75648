"""A standard accessibility audit (axe-core) of the rooms: the lobby, a room waiting for
its players (as its host and as a visitor), a game in play, on a desk and on a phone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.web.test_accessibility import assert_clean, audit

from .test_browser import (  # browser and new_page: fixtures, which pytest finds by name
    RoomsServer,
    browser,  # noqa: F401
    fill_with_bot_and_start,
    new_page,  # noqa: F401
    open_room,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomsServer]:
    """One server for the module: each test opens rooms of its own on it."""
    server = RoomsServer(tmp_path_factory.mktemp("rooms-a11y"))
    server.start()
    yield server
    assert server.process is not None
    server.process.terminate()
    server.process.wait(timeout=10)


@pytest.fixture
def open_page(request: pytest.FixtureRequest) -> Any:
    """The browser tests' ``new_page``: each call opens a page in a browser context of its own."""
    return request.getfixturevalue("new_page")


def test_the_lobby_and_a_room_waiting_for_players(rooms: RoomsServer, open_page: Any) -> None:
    host = open_page()
    host.goto(f"{rooms.url}/rooms")
    host.wait_for_selector("#create-button")
    found = audit(host, "the lobby")
    code = open_room(host, rooms.url, "Ann", 3)
    found += audit(host, "a room waiting for players, as its host")
    host.click("#leave-row .leave")
    host.wait_for_selector(".confirm .confirm-yes")
    found += audit(host, "the host asked whether to leave")
    visitor = open_page()
    visitor.goto(f"{rooms.url}/rooms/{code}")
    visitor.wait_for_selector("#join-button")
    found += audit(visitor, "a room seen by a visitor before joining")
    assert_clean(found)


LENGTHEN_THE_LOG = """() => {
    const log = document.querySelector('#log');
    for (let i = 0; i < 40; i += 1) {
        const line = document.createElement('li');
        line.textContent = `Ann asks Emma for 7s. (line ${i})`;
        log.append(line);
    }
}"""


def test_a_game_in_a_room_on_a_desk_and_on_a_phone(rooms: RoomsServer, open_page: Any) -> None:
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3, preset="nordic", house={"ask": "card"})
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')  # seat 2's button redrawn
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector("#game:not([hidden])")
    ann.wait_for_selector("#log li")
    found = audit(ann, "a nordic room game of three")
    watcher = open_page()
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#game:not([hidden])")
    found += audit(watcher, "a room game seen by a watcher")
    ann.set_viewport_size({"width": 360, "height": 800})
    # As long as a long game's: the log scrolls, so it must be reachable by keyboard.
    ann.evaluate(LENGTHEN_THE_LOG)
    assert ann.evaluate("() => { const log = document.querySelector('#log');"
                        " return log.scrollHeight > log.clientHeight; }")
    found += audit(ann, "a room game on a 360 px phone, its log scrolling")
    assert_clean(found)

"""A sweep of the rooms' pages as demanding players use them: double clicks, a question
put about someone who has gone, a log read back while the table redraws, and names in
right-to-left letters (Debian chromium via playwright, one server for the module)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from .browser_support import RoomsServer, a_finished_game, confirm, join, open_room

pytestmark = pytest.mark.browser


def frames_sent(page: Any, kind: str) -> list[dict[str, Any]]:
    """The frames of type ``kind`` that ``page`` sends on its room sockets, as they go."""
    sent: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == kind:
                sent.append(message)
        socket.on("framesent", frame)

    page.on("websocket", watch)
    return sent


def posts_to(page: Any, path: str) -> list[str]:
    """The POST requests ``page`` makes to ``path``."""
    made: list[str] = []
    page.on("request", lambda request: made.append(request.url) if request.method == "POST"
            and request.url.split("?")[0].endswith(path) else None)
    return made


def test_a_double_click_opens_one_room_and_seats_one_bot_without_an_error(
    rooms: RoomsServer, open_page: Any
) -> None:
    # A double-clicked "Open the room" opened two rooms (the second left behind with its
    # host's seat); a double-clicked "Add bot" seated the bot and said it was not done.
    ann = open_page()
    created = posts_to(ann, "/rooms")
    ann.goto(f"{rooms.url}/rooms")
    ann.fill("#create-name", "Ann")
    ann.dblclick("#create-button")
    ann.wait_for_url("**/rooms/*")
    ann.wait_for_selector("#seats li")
    assert len(created) == 1
    add_bot = frames_sent(ann, "add_bot")
    ann.reload()  # the socket from now on is watched
    ann.wait_for_selector('#seats li[data-seat="1"] .add-bot')
    ann.dblclick('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')
    ann.wait_for_timeout(500)  # room for a second frame's refusal to come back
    assert len(add_bot) == 1
    assert ann.inner_text("#status") == ""


def test_the_hosts_are_you_sure_is_not_put_about_whoever_takes_the_seat_next(
    rooms: RoomsServer, open_page: Any
) -> None:
    # The host clicked "Remove Bob"; Bob left before the answer, and Cy, sitting down in
    # that seat, came up at once as "Remove Cy? … [Remove Cy]" under the host's pointer.
    ann, bob, cy = open_page(), open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    join(bob, rooms.url, code, "Bob")
    ann.click('#seats li[data-seat="1"] .remove-player')
    ann.wait_for_selector('#seats li[data-seat="1"] .confirm:has-text("Remove Bob?")')
    confirm(bob, "#leave-row .leave")
    ann.wait_for_selector('#seats li[data-seat="1"] .add-bot')
    joins = posts_to(cy, "/join")
    cy.goto(f"{rooms.url}/rooms/{code}")
    cy.fill("#join-name", "Cy")
    cy.dblclick("#join-button")  # one join: a second was refused, "the name is taken"
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Cy")')
    assert ann.locator('#seats li[data-seat="1"] .confirm').count() == 0
    assert ann.locator('#seats li[data-seat="1"] .remove-player').inner_text() == "Remove Cy"
    assert len(joins) == 1


def test_picking_an_opponent_leaves_the_log_where_it_was_read(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Each redraw (an opponent picked, someone connecting) scrolled the log to its end,
    # away from the lines the player had scrolled back to.
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 3)
    for seat in (1, 2):
        ann.click(f'#seats li[data-seat="{seat}"] .add-bot')
        ann.wait_for_selector(f'#seats li[data-seat="{seat}"] .remove-bot')
    ann.click("#start")
    chooser = random.Random(5)
    deadline = time.monotonic() + 60
    while True:  # ask until the log scrolls, and it is Ann's turn again
        ann.wait_for_selector("#ask .ask-rank")
        log_scrolls = ann.evaluate("(log => log.scrollHeight > log.clientHeight + 40)"
                                   "(document.querySelector('#log'))")
        if log_scrolls or time.monotonic() > deadline:
            break
        asks = ann.locator("#ask .ask-rank")
        lines = ann.locator("#log li").count()
        asks.nth(chooser.randrange(asks.count())).click()
        # The buttons clicked stay until the answer: wait for it (a new line of the log), or
        # the wait above takes them for Ann's next turn while the table still moves.
        ann.wait_for_selector(f"#log li >> nth={lines}")
    assert log_scrolls
    ann.evaluate("document.querySelector('#log').scrollTop = 0")
    other = ann.locator("#opponents button.room-seat:not(.chosen)").first
    seat = other.get_attribute("data-seat")
    other.click()
    # One opponent is always chosen: wait for the one clicked.
    ann.wait_for_selector(f'#opponents button.room-seat.chosen[data-seat="{seat}"]')
    assert ann.evaluate("document.querySelector('#log').scrollTop") == 0


# Where each character of an element's text is drawn: its left and right edge, its top.
CHARACTER_BOXES = """(element) => {
    const boxes = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getBoundingClientRect();
            boxes.push([node.data[i], box.left, box.right, Math.round(box.top)]);
        }
    }
    return boxes;
}"""


def test_a_right_to_left_name_keeps_its_book_count_after_it(
    rooms: RoomsServer, open_page: Any
) -> None:
    # "מיכאל: 3 books" drew its count into the name's direction: "3 :מיכאל books", the
    # count before the name, in the result line and the log's tally alike.
    name = "מיכאל"
    code = a_finished_game(rooms.url, name)
    watcher = open_page()
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#turn:has-text('Game over')")
    lines = [watcher.locator("#turn"), watcher.locator("#log li").last]
    assert f"{name}: " in lines[1].inner_text()  # the tally: "Books: מיכאל: 3, Emma (bot): 5."
    for line in lines:
        line.evaluate("(element) => { element.style.whiteSpace = 'nowrap'; }")  # one line
        boxes = line.evaluate(CHARACTER_BOXES)
        text = "".join(box[0] for box in boxes)
        at = text.index(f"{name}: ")
        named, count = boxes[at:at + len(name)], boxes[at + len(name) + 2]
        assert count[0].isdigit(), text
        assert count[1] > max(box[2] for box in named) - 0.5, (text, named, count)

"""Real browsers (Debian chromium via playwright) playing one room against a server subprocess.

The server is ``python -m gofish rooms`` on a free port, so it can be killed
outright (SIGKILL) and started again on the same database mid-game. The server, browser
and page fixtures are in conftest.py, what the tests do on the pages in browser_support.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, cut_menus

from .browser_support import (
    GAME_DEADLINE,
    SHORT_GAME,
    SHORT_GAME_OF_FOUR,
    RoomsServer,
    ann_and_bob,
    ask_until_fishing,
    asks_made,
    click_an_ask,
    confirm,
    describe,
    fill_with_bot_and_start,
    focused,
    game_over,
    join,
    made_stale,
    open_room,
    route_room_frames,
    running,
    scroll_width,
    take_turns,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[RoomsServer]:
    """A server of the test's own, which it may kill."""
    yield from running(RoomsServer(tmp_path))


@pytest.fixture
def server_to_restart(server: RoomsServer) -> Iterator[RoomsServer]:
    """The module's server, for a test that kills it and starts it again (the same port and
    database, with the rooms of the tests before): started again after the test, should the
    test have left it dead, for the tests after it."""
    yield server
    if not server.running():
        server.start()


def ann_against_a_bot(server: RoomsServer, new_page: Any) -> Any:
    """One browser dealt in against Emma in a two-seat room."""
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    return ann


def caught_up(pages: list[Any]) -> None:
    """Wait until every page shows the same log: none is behind the others on an update."""
    end = time.monotonic() + 30
    while len({asks_made(page) for page in pages}) > 1:
        assert time.monotonic() < end, f"the pages never caught up: {describe(pages)}"
        time.sleep(0.02)


def wait_for_a_person_to_ask(pages: list[Any]) -> None:
    end = time.monotonic() + 30
    while not any(page.locator(".ask-rank").count() or game_over(page) for page in pages):
        assert time.monotonic() < end, f"no person's turn came: {describe(pages)}"
        time.sleep(0.02)


def winners_seen_by(page: Any, name: str) -> set[str]:
    """The winners a finished page names, its own player's "You" ("you" inside the sentence:
    "Ann, you and Cy share the win") read as their name.

    The line is worded for its viewer ("You win" on the winner's page, "Cy wins" on the
    others), so pages agree on the outcome, not on the text.
    """
    line = str(page.inner_text("#turn"))
    assert line.startswith("Game over: "), line
    said = line.removeprefix("Game over: ").split(".")[0]
    for ending in (" share the win", " wins", " win"):
        said = said.removesuffix(ending)
    return {name if winner in ("You", "you") else winner for winner in re.split(r", | and ", said)}


def test_two_browsers_and_a_bot_play_a_room_to_the_end_and_a_reload_keeps_the_seat(
    server: RoomsServer, new_page: Any
) -> None:
    ann, bob, _code = ann_and_bob(server, new_page, "Ann <b>&amp;", SHORT_GAME)
    assert ann.locator("#seats b").count() == 0  # typed markup shows as text
    assert "Ann <b>&amp;" in ann.inner_text('#seats li[data-seat="0"]')
    fill_with_bot_and_start(ann, 2)
    for page in (ann, bob):
        page.wait_for_selector("#game:not([hidden])")
    take_turns([ann, bob], until=lambda: asks_made(bob) > 20)
    wait_for_a_person_to_ask([ann, bob])  # then nothing moves until someone clicks
    caught_up([ann, bob])  # Bob's page too has the last move (one that took his cards)
    cards_before, lines_before = bob.locator("#mine .card").count(), asks_made(bob)
    bob.reload()
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert bob.locator("#mine .card").count() == cards_before or game_over(bob)
    assert asks_made(bob) == lines_before > 20  # the whole log came back, each line once
    take_turns([ann, bob])
    assert winners_seen_by(ann, "Ann <b>&amp;") == winners_seen_by(bob, "Bob")
    assert ann.locator("#rematch-row").is_visible()


def test_three_browsers_and_a_bot_survive_a_killed_server(
    server_to_restart: RoomsServer, new_page: Any
) -> None:
    ann, bob, cy = new_page(), new_page(), new_page()
    code = open_room(ann, server_to_restart.url, "Ann", 4, house=SHORT_GAME_OF_FOUR)
    join(bob, server_to_restart.url, code, "Bob")
    join(cy, server_to_restart.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="2"]:has-text("Cy")')
    fill_with_bot_and_start(ann, 3)
    take_turns([ann, bob, cy], until=lambda: asks_made(ann) > 25)
    assert not game_over(ann), describe([ann])  # the server dies mid-game
    log_before = asks_made(ann)
    server_to_restart.kill()
    ann.wait_for_selector("#connection:has-text('lost')")
    server_to_restart.start()  # same port, same database
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        page.wait_for_selector(f"#connection:has-text('Connected as {name}')", timeout=20000)
    assert asks_made(ann) >= log_before  # nothing that was shown is lost
    take_turns([ann, bob, cy])
    seen = [winners_seen_by(page, name) for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"))]
    assert seen[0] == seen[1] == seen[2], seen


# Keeps every line the announcer (the table's live region) is given: it keeps only the last.
RECORD_ANNOUNCER = """() => {
  window.announced = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (line) => window.announced.push(line.textContent)))).observe(
    document.querySelector('#announcer'), { childList: true });
}"""


def test_a_player_gone_too_long_is_played_by_a_bot_until_they_come_back(
    server_with: Callable[..., RoomsServer], new_page: Any
) -> None:
    server = server_with(away_seconds=1)
    ann, bob, code = ann_and_bob(server, new_page, house=SHORT_GAME)
    fill_with_bot_and_start(ann, 2)
    take_turns([ann, bob], until=lambda: asks_made(ann) > 10)
    # Not over: a game under SHORT_GAME tells over 35 log lines (3,000 simulated deals
    # of random asks against Emma), so the rest of this test runs, never skipped.
    assert not game_over(ann), describe([ann, bob])
    ann.evaluate(RECORD_ANNOUNCER)
    bob.goto("about:blank")  # Bob's phone drops off; his localStorage stays
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("away")', timeout=10000)
    assert "away: a bot plays for now" in ann.inner_text('#seats li[data-seat="1"]')

    def bob_asks() -> int:
        return str(ann.inner_text("#log")).count("Bob asks")

    asked_before = bob_asks()
    take_turns([ann], until=lambda: bob_asks() > asked_before)
    assert game_over(ann) or bob_asks() > asked_before  # a stand-in asked for Bob
    if not game_over(ann):  # the log says who asks in Bob's name now, and so is it read
        away = "Bob is away: Emma 2 (bot) plays for them until they are back."
        ann.wait_for_selector(f"#log li.room-notice:has-text('{away}')")
        assert away in ann.evaluate("() => window.announced")
    bob.goto(f"{server.url}/rooms/{code}")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    # (Exactly "connected": has-text("connected") also matched "not connected".)
    ann.wait_for_selector('#seats li[data-seat="1"] .tag:text-is("connected")')
    assert "away" not in ann.inner_text('#seats li[data-seat="1"]')
    take_turns([ann, bob])
    assert winners_seen_by(ann, "Ann") == winners_seen_by(bob, "Bob")  # the same ending
    # One line per event ("#log li": a line with cards holds them in words too).
    assert ann.locator("#log li").count() == bob.locator("#log li").count()
    bob.goto("about:blank")  # gone again once the game is over: no bot plays for him now
    ann.wait_for_selector('#seats li[data-seat="1"] .tag:text-is("away")', timeout=10000)


def test_with_every_player_away_a_watcher_is_told_the_game_waits(
    server_with: Callable[..., RoomsServer], new_page: Any
) -> None:
    # Stand-ins play only while a person is here; the seats still said "a bot plays for
    # now" to a watcher while the game stood waiting for Ann and Bob.
    server = server_with(away_seconds=1)
    ann, bob, code = ann_and_bob(server, new_page, house=SHORT_GAME)
    fill_with_bot_and_start(ann, 2)
    take_turns([ann, bob], until=lambda: asks_made(ann) > 2)
    watcher = new_page()
    watcher.goto(f"{server.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#log li")
    ann.goto("about:blank")
    bob.goto("about:blank")
    for seat in (0, 1):
        watcher.wait_for_selector(f'#seats li[data-seat="{seat}"]:has-text('
                                  '"away: the game waits for a player to come back")',
                                  timeout=10000)
    assert "a bot plays for now" not in watcher.inner_text("#seats")


def test_books_read_as_a_count_and_ranks_and_long_logs_keep_their_numbers(
    server: RoomsServer, new_page: Any
) -> None:
    ann = ann_against_a_bot(server, new_page)
    take_turns([ann], until=lambda: asks_made(ann) > 110)
    # "Books: 2" read as two books when it was one book of 2s: a count, then the ranks.
    assert re.fullmatch(r"Your books \(\d+\): .+", ann.inner_text(".my-books"))
    assert re.fullmatch(r"Books \(\d+\): .+", ann.inner_text(".room-seat .seat-books"))
    assert asks_made(ann) > 99
    # Line numbers of three digits (and four) fit left of the lines, inside the log's box.
    room = ann.evaluate("""() => {
        const log = document.querySelector('#log');
        const line = log.children[99];
        const ink = document.createElement('canvas').getContext('2d');
        ink.font = getComputedStyle(line).font;
        const left = line.getBoundingClientRect().left - log.getBoundingClientRect().left;
        return left - ink.measureText('9999. ').width;
    }""")
    assert room >= 0, f"line numbers over 99 are cut by {-room}px"


def stored_token(page: Any, code: str) -> Any:
    return page.evaluate(f"localStorage.getItem('gofish.room.{code}')")


# Emma (bot) sits in seat 3 already: Bob's stand-in is numbered, so the two are told apart.
BOB_LEFT = "Bob left; Emma 2 (bot) plays their seat."


def test_a_player_leaves_in_the_lobby_and_again_mid_game(
    server: RoomsServer, new_page: Any
) -> None:
    ann, bob, code = ann_and_bob(server, new_page, house=SHORT_GAME)
    confirm(bob, "#leave-row .leave")  # in the lobby: the seat opens
    bob.wait_for_selector("#notice:has-text('You left the room')")
    ann.wait_for_selector("#notice:has-text('Bob left; seat 2 is open.')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("empty")')
    assert stored_token(bob, code) is None
    bob.fill("#join-name", "Bob")  # the page offers the open seat again
    bob.click("#join-button")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    old_token = stored_token(bob, code)
    fill_with_bot_and_start(ann, 2)
    bob.wait_for_selector("#game:not([hidden])")
    bob.click("#leave-row .leave")
    assert "Emma 2 (bot) plays the seat for the rest of the game" in bob.inner_text("#leave-row")
    bob.click(".confirm .confirm-yes")
    ann.wait_for_selector(f"#log li.room-notice:has-text('{BOB_LEFT}')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("left; Emma 2 (bot) plays")')
    bob.wait_for_selector("#connection:has-text('Watching')")
    assert bob.locator("#mine .card").count() == 0 and stored_token(bob, code) is None
    bob.evaluate(f"localStorage.setItem('gofish.room.{code}', {old_token!r})")
    bob.reload()  # the old token is refused with the reason, and the page watches instead
    bob.wait_for_selector("#notice:has-text('You left this room, so that seat is no longer yours')")
    bob.wait_for_selector("#connection:has-text('Watching')")
    assert stored_token(bob, code) is None
    take_turns([ann])  # Emma plays Bob's seat to the end
    # Bob's page is told the end a moment after Ann's: wait for it, then check it.
    bob.wait_for_selector("#turn:has-text('Game over')")
    assert game_over(bob)
    ann.click("#rematch")  # Bob's seat is Emma's own now: numbered, beside the other Emma
    # "left; Emma 2 (bot) plays" also names her: wait for the line of the new deal, without "left".
    seat_2 = '#seats li[data-seat="1"]'
    ann.wait_for_selector(f'{seat_2}:has-text("Emma 2 (bot)"):not(:has-text("left"))')
    assert ann.inner_text("#notice") == ""  # "Bob left" was news in the last game, not this one


def test_leaving_goes_through_though_bots_move_under_it_again_and_again(
    server: RoomsServer, new_page: Any
) -> None:
    # A leave is refused as stale when a bot asked meanwhile; the page sent it once more,
    # and only once: with bots asking every 20 ms (as here) the second could be stale too,
    # and Bob stayed seated, told "that move was made on an old table".
    ann, bob, _code = ann_and_bob(server, new_page)
    fill_with_bot_and_start(ann, 2)
    bob.wait_for_selector("#game:not([hidden])")
    left = made_stale(bob, "leave", 3)
    confirm(bob, "#leave-row .leave")
    ann.wait_for_selector(f"#log li.room-notice:has-text('{BOB_LEFT}')")
    bob.wait_for_selector("#connection:has-text('Watching')")
    assert left == [0]


def test_the_hosts_removal_goes_through_though_bots_move_under_it(
    server: RoomsServer, new_page: Any
) -> None:
    # The same for the host removing someone: refused as stale, it was not sent again.
    ann, bob, _code = ann_and_bob(server, new_page)
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector("#game:not([hidden])")
    left = made_stale(ann, "remove_player", 3)
    confirm(ann, '#seats li[data-seat="1"] .remove-player')
    bob.wait_for_selector("#notice:has-text('The host removed you from the room')")
    ann.wait_for_selector("#log li.room-notice:has-text('You removed Bob')")  # the host's page
    assert left == [0]


def test_a_stale_removal_is_not_sent_again_once_someone_else_has_the_seat(
    server: RoomsServer, new_page: Any
) -> None:
    # Sent again blindly at the new version, Ann's removal of Bob would remove Cy, who
    # took his seat in the lobby while it was on its way.
    ann, bob, code = ann_and_bob(server, new_page)
    held: list[tuple[dict[str, Any], Any]] = []

    def hold_the_removal(frame: dict[str, Any], to_server: Any) -> dict[str, Any] | None:
        if frame.get("type") == "remove_player" and not held:
            held.append((frame, to_server))  # on its way: the room moves on meanwhile
            return None
        return frame

    route_room_frames(ann, hold_the_removal)
    confirm(ann, '#seats li[data-seat="1"] .remove-player')
    assert held
    confirm(bob, "#leave-row .leave")
    cy = new_page()
    join(cy, server.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Cy")')
    frame, to_server = held[0]
    to_server.send(json.dumps(frame))  # arrives based on the room before Bob left: stale
    ann.wait_for_selector("#status:has-text('look again and retry')")
    cy.wait_for_timeout(500)  # room for a wrongly repeated removal to arrive
    assert "Cy" in ann.inner_text('#seats li[data-seat="1"]')
    assert cy.locator("#leave-row .leave").is_visible()  # still seated


def test_the_host_removes_a_player_who_watches_on_across_a_restart_and_cannot_rejoin(
    server_to_restart: RoomsServer, new_page: Any
) -> None:
    ann, bob, code = ann_and_bob(server_to_restart, new_page)
    fill_with_bot_and_start(ann, 2)
    bob.wait_for_selector("#game:not([hidden])")
    bob_token = stored_token(bob, code)
    confirm(ann, '#seats li[data-seat="1"] .remove-player')
    bob.wait_for_selector("#notice:has-text('The host removed you from the room')")
    bob.wait_for_selector("#connection:has-text('Watching')")
    ann.wait_for_selector("#log li.room-notice:has-text('You removed Bob')")  # the host's page
    assert stored_token(bob, code) is None and bob.locator("#leave-row").is_hidden()
    server_to_restart.kill()  # what the removal changed was stored before anyone was told
    # Both pages said "Connected as Ann" and "Watching", and the seat "removed; …", before
    # the kill: wait until each lost the server, so the waits below are for the pages anew.
    for page in (ann, bob):
        page.wait_for_selector("#connection:has-text('lost')")
    server_to_restart.start()
    ann.wait_for_selector("#connection:has-text('Connected as Ann')", timeout=20000)
    bob.wait_for_selector("#connection:has-text('Watching')", timeout=20000)
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("removed; Emma 2 (bot) plays")')
    assert ann.locator("#log li.room-notice").count() == 1
    bob.reload()  # the page forgot the seat's token, but not why it has none
    bob.wait_for_selector("#notice:has-text('The host removed you from the room')")
    assert bob.locator("#join").is_hidden()
    # It kept the token, though: a join by code sends it, and the host's removal holds.
    assert bob.evaluate(f"localStorage.getItem('gofish.room.{code}.previous')") == bob_token
    bob.goto(f"{server_to_restart.url}/rooms")
    bob.fill("#join-code", code)
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#status:has-text('the host removed you from this room: "
                          "you can still watch')")
    bob.click(f"#status a:has-text('Watch room {code}')")
    bob.wait_for_selector("#connection:has-text('Watching')")


def test_the_form_offers_every_house_rule_and_says_why_a_mix_cannot_be_played(
    server: RoomsServer, new_page: Any
) -> None:
    ann = new_page()
    ann.goto(f"{server.url}/rooms")
    ann.fill("#create-name", "Ann")
    ann.select_option("#create-preset", "nordic")
    ann.wait_for_selector("#create-refill option:has-text('nordic: no refill')",
                          state="attached")  # the default follows the preset
    ann.select_option("#create-end", "all-books")
    ann.click("#create-button")
    # The refill is nordic's own: what was changed, the end, is named (not "refill 'none'").
    ann.wait_for_selector("#status:has-text(\"end 'all-books' needs a refill\")")
    assert ann.url.endswith("/rooms")  # nothing was opened
    ann.select_option("#create-refill", "card")
    ann.select_option("#create-hand-size", "4")
    ann.click("#create-button")
    ann.wait_for_url("**/rooms/*")
    ann.wait_for_selector("#room-rules:has-text('4 cards each')")
    rules = ann.inner_text("#room-rules")
    assert "an empty hand draws a single card" in rules and "play until all 13 books" in rules
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector("#pond:has-text('Sea:')")  # Hopp i havet fishes from the sea


def test_the_form_calls_the_pond_the_sea_under_nordic(
    server: RoomsServer, new_page: Any
) -> None:
    # "Game ends: at the first empty hand or pond" stayed when nordic was chosen, whose
    # table and log call it the sea (Hopp i havet).
    ann = new_page()
    ann.goto(f"{server.url}/rooms")

    def end_options() -> list[str]:
        return [str(text) for text in ann.locator("#create-end option").all_inner_texts()]

    ann.wait_for_selector("#create-end option:has-text('classic: ')", state="attached")
    assert "at an empty hand or pond" in end_options()
    ann.select_option("#create-preset", "nordic")
    ann.wait_for_selector("#create-end option:has-text('nordic: ')", state="attached")
    options = end_options()
    assert "nordic: at an empty hand or sea" in options
    assert "at an empty hand or sea" in options
    assert not any("pond" in text for text in options), options
    ann.select_option("#create-end", "first-empty")
    ann.select_option("#create-preset", "bicycle")  # and back again
    assert "at an empty hand or pond" in end_options()


def test_a_phone_shows_the_form_and_long_names_without_scrolling_sideways(
    server: RoomsServer, new_page: Any
) -> None:
    ann, bob = new_page(), new_page()
    for page in (ann, bob):
        page.set_viewport_size({"width": 390, "height": 800})
    ann.goto(f"{server.url}/rooms")
    ann.select_option("#create-preset", "nordic")  # its option text is the longest
    assert scroll_width(ann) <= 390
    code = open_room(ann, server.url, "W" * 24, 3)
    join(bob, server.url, code, "M" * 24)
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-player')
    ann.click('#seats li[data-seat="1"] .remove-player')  # the longest line: the question
    assert scroll_width(ann) <= 390 and scroll_width(bob) <= 390
    ann.click('#seats li[data-seat="1"] .confirm-no')
    confirm(ann, "#leave-row .leave")  # the lobby says under the seats who is host now
    bob.wait_for_selector("#host-news:not([hidden])")
    assert scroll_width(bob) <= 390


def test_keyboard_focus_follows_each_action_and_the_bot_picked_stays_picked(
    own_server: RoomsServer, new_page: Any
) -> None:
    ann, watcher = new_page(), new_page()
    code = open_room(ann, own_server.url, "Ann", 2)
    ann.select_option('#seats li[data-seat="1"] select', "random")
    ann.focus('#seats li[data-seat="1"] select')
    watcher.goto(f"{own_server.url}/rooms/{code}?watch=1")  # someone arrives: the seats re-render
    watcher.wait_for_selector("#connection:has-text('Watching')")  # arrived: Ann is told
    ann.wait_for_timeout(300)
    assert ann.input_value('#seats li[data-seat="1"] select') == "random"
    ann.focus('#seats li[data-seat="1"] .add-bot')
    ann.keyboard.press("Enter")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Randy (bot)")')  # random's name
    assert focused(ann) == "button.remove-bot"  # the same seat's next control, not the top
    ann.focus("#start")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#game:not([hidden])")
    asked = 0
    while asked < 3 and not game_over(ann):
        ann.wait_for_selector(".ask-rank, #rematch-row:not([hidden])")
        if focused(ann) != "button.ask-rank":
            ann.focus(".ask-rank")
        ann.keyboard.press("Enter")
        asked += 1
        ann.wait_for_timeout(100)
        assert focused(ann) in ("button.ask-rank", "p#turn.turn-banner", "button#rematch.primary")
    # Ann's turn before the server goes (it was Randy's now and then, and the last check
    # was skipped): then an ask that cannot be sent says so.
    wait_for_a_person_to_ask([ann])
    assert not game_over(ann), describe([ann])  # a handful of asks into a classic game
    own_server.kill()
    ann.wait_for_selector("#connection:has-text('lost')")
    ann.click(".ask-rank")
    ann.wait_for_selector("#status:has-text('Not connected')")


def test_a_visitor_sees_the_seats_before_joining_and_why_a_room_cannot_be_joined(
    server: RoomsServer, new_page: Any
) -> None:
    ann, visitor = new_page(), new_page()
    code = open_room(ann, server.url, "Ann", 2)
    visitor.goto(f"{server.url}/rooms/{code}")
    visitor.wait_for_selector('#seats li[data-seat="0"]:has-text("Ann")')  # who invited me
    assert visitor.locator("#join").is_visible()
    fill_with_bot_and_start(ann, 1)  # the last seat goes: the form goes too, and we hear why
    visitor.wait_for_selector("#connection:has-text('Watching: the game has started')")
    assert visitor.locator("#join").is_hidden()
    visitor.goto(f"{server.url}/rooms")  # joining by code says why, and links the table
    visitor.fill("#join-code", code.lower())
    visitor.fill("#join-name", "Bob")
    visitor.click("#join-button")
    visitor.wait_for_selector("#status:has-text('the game has started')")
    visitor.click(f"#status a:has-text('Watch room {code}')")
    visitor.wait_for_selector("#connection:has-text('Watching')")
    ann.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")  # plain http
    ann.click("#copy-invite")
    ann.wait_for_selector("#copy-status:has-text('The link is selected')")
    assert ann.evaluate("getSelection().toString()").endswith(f"/rooms/{code}")


def test_an_invite_from_a_page_opened_on_this_computer_says_friends_cannot_follow_it(
    server: RoomsServer, new_page: Any, browser: Any
) -> None:
    # A room opened at 127.0.0.1 or localhost handed out an invite link that no other
    # machine can open, and the page did not say so. (The server answers to friends.example.)
    ann = new_page()
    code = open_room(ann, server.url, "Ann", 2)
    assert ann.locator("#invite-local").is_visible()
    assert "gofish rooms --host 0.0.0.0" in ann.inner_text("#invite-local")
    # The same room at a name that is not this computer's own (mapped to it here): no note.
    mapped = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP friends.example 127.0.0.1"])
    try:
        friend = mapped.new_page()
        friend.set_default_timeout(15000)
        friend.goto(server.url.replace("127.0.0.1", "friends.example") + f"/rooms/{code}")
        friend.wait_for_selector('#seats li[data-seat="0"]:has-text("Ann")')
        assert friend.locator("#invite-link").is_visible()
        assert friend.locator("#invite-local").is_hidden()
    finally:
        mapped.close()


def test_the_last_person_leaving_closes_the_room_and_no_bot_is_said_to_play_on(
    server: RoomsServer, new_page: Any
) -> None:
    ann = ann_against_a_bot(server, new_page)
    ann.click("#leave-row .leave")
    question = ann.inner_text(".confirm")
    assert "Nobody else is seated, so the room closes and the game stops here." in question
    assert "plays the seat" not in question
    ann.click(".confirm .confirm-yes")
    ann.wait_for_selector("#turn:has-text('the room is closed')")
    assert ann.inner_text('#seats li[data-seat="0"] .tag') == "left"
    assert ann.locator("#invite").is_hidden()  # nobody can join a closed room


def test_a_nordic_player_told_go_fish_clicks_a_card_in_the_sea(
    server: RoomsServer, new_page: Any
) -> None:
    ann = new_page()
    code = open_room(ann, server.url, "Ann", 2, preset="nordic")
    fill_with_bot_and_start(ann, 1)
    watcher = new_page()
    watcher.goto(f"{server.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#game:not([hidden])")
    sea = ask_until_fishing(ann, random.Random(7))
    assert ann.inner_text("#turn").startswith("Go fish! Pick a face-down card")
    watcher.wait_for_selector("#turn:has-text('Ann goes fishing')")
    assert not watcher.locator("#sea button").count()  # only Ann may fish
    told = asks_made(ann)
    assert ann.locator("#log li").nth(told - 1).inner_text().endswith('"Go fish!"')
    sea.last.click()  # the card on top of the heap: any card draws the same
    ann.wait_for_selector(f"#log li >> nth={told}")  # (the page's CSP forbids eval)
    # The draw follows the one "Go fish!" (not a second one), and the sea waits no more.
    assert ann.locator("#log li").nth(told).inner_text().startswith("You draw the ")
    watcher.wait_for_selector(f"#log li >> nth={told}")  # (the page's CSP forbids eval)
    assert watcher.locator("#log li").nth(told).inner_text() == "Ann draws a card from the sea."


def test_a_table_without_a_sea_has_no_gap_for_one(server: RoomsServer, new_page: Any) -> None:
    # The sea's own display outdid its hidden attribute: under the classic rules an empty
    # box stood between the pond's count and the player's hand.
    ann = ann_against_a_bot(server, new_page)
    assert ann.locator("#sea").is_hidden()
    assert ann.evaluate("() => document.querySelector('#sea').getBoundingClientRect().height") == 0


def test_the_turn_line_asks_only_for_a_rank_when_there_is_one_opponent(
    server: RoomsServer, new_page: Any
) -> None:
    # Against one opponent the banner said "pick an opponent and a rank": there is no
    # opponent to pick, only what to ask for.
    ann = ann_against_a_bot(server, new_page)
    ann.wait_for_selector(".ask-rank")
    assert ann.inner_text("#turn") == "Your turn: pick a rank to ask Emma (bot) for."


def test_the_turn_line_names_the_chosen_opponent(server: RoomsServer, new_page: Any) -> None:
    # With two opponents one is chosen from the start (the ask buttons said "Ask Emma (bot)
    # for:"), yet the banner said "pick an opponent and a rank", so a screen reader's user
    # went looking for an opponent to pick. It now says whom, as the browser table does.
    ann = new_page()
    open_room(ann, server.url, "Ann", 3)
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector(".ask-rank")
    first, second = (ann.inner_text(f'.room-seat[data-seat="{seat}"] strong') for seat in (1, 2))
    assert ann.inner_text("#turn") == (
        f"Your turn: pick a rank to ask {first} for, or another opponent.")
    ann.click('.room-seat[data-seat="2"]')
    ann.wait_for_selector(f"#turn:has-text('to ask {second} for')")
    assert ann.inner_text("#turn") == (
        f"Your turn: pick a rank to ask {second} for, or another opponent.")


def test_the_ask_buttons_name_a_ranks_suits_in_the_hands_suit_order(
    server: RoomsServer, new_page: Any
) -> None:
    # Under ask: card the hand lists a rank's cards ♣ ♦ ♥ ♠ but the buttons came in the
    # server's order of its asks, ♠ ♥ ♦ ♣.
    ann = new_page()
    open_room(ann, server.url, "Ann", 2, house={"ask": "card"})
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector(".ask-rank")
    seen = ann.evaluate("""() => ({
        hand: [...document.querySelectorAll('#mine .card')].map((c) => c.dataset.card),
        asks: [...document.querySelectorAll('.ask-rank')]
            .map((b) => b.dataset.rank + b.dataset.suit),
    })""")
    order = "CDHS"  # gofish.core.cards.SUIT_SORT_ORDER: the order hands are shown in
    for listed in (seen["hand"], seen["asks"]):
        ranks = [card[:-1] for card in listed]
        assert ranks == sorted(ranks, key=ranks.index), listed  # a rank's cards side by side
        places = [(ranks.index(card[:-1]), order.index(card[-1])) for card in listed]
        assert places == sorted(places), (listed, seen)
    # Some rank is asked for in two suits or more, so the order was put to the test.
    asked = [card[:-1] for card in seen["asks"]]
    assert any(asked.count(rank) > 1 for rank in asked), seen
    # Each is read as what it does, not as "Q♠" (a letter and a symbol).
    labels = ann.locator(".ask-rank").evaluate_all(
        "buttons => buttons.map((b) => b.getAttribute('aria-label'))")
    assert all(re.fullmatch(r"Ask Emma \(bot\) for the \w+ of (clubs|diamonds|hearts|spades)",
                            label) for label in labels), labels


def shot(page: Any, name: str) -> None:
    """A screenshot to look at, when ``$GOFISH_SHOTS`` names a folder."""
    if os.environ.get("GOFISH_SHOTS"):
        page.screenshot(path=f"{os.environ['GOFISH_SHOTS']}/{name}.png")


def test_every_menu_of_the_create_form_fits_its_longest_choice(
    server: RoomsServer, new_page: Any
) -> None:
    # At 1100 px two cards side by side cut "as nordic plays it: at the first empty hand
    # or sea" in "Game ends"; on a phone (390 px and below) it and "nordic (Hopp i havet):
    # stop at the first empty hand" could not fit at all. Each preset names its own
    # defaults ("bicycle: draws a card on its turn"), so each is measured.
    ann = new_page()
    ann.goto(f"{server.url}/rooms")
    ann.wait_for_selector("#create-end option:has-text('classic: ')", state="attached")
    assert ann.locator("main select").count() == 7
    for preset in ("classic", "bicycle", "nordic"):
        ann.select_option("#create-preset", preset)
        ann.wait_for_selector(f"#create-end option:has-text('{preset}: ')", state="attached")
        for width in (1100, 1280, 1920, 390, 360, 320):
            ann.set_viewport_size({"width": width, "height": 900})
            assert cut_menus(ann, "main select") == [], (preset, width)
            assert scroll_width(ann) <= width, (preset, width)
            shot(ann, f"lobby-{preset}-{width}")


def test_a_phone_shows_the_table_and_hand_before_the_seats_during_a_game(
    server: RoomsServer, new_page: Any
) -> None:
    ann = new_page()
    open_room(ann, server.url, "Ann", 3)
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')
    fill_with_bot_and_start(ann, 2)
    wait_for_a_person_to_ask([ann])

    def top(selector: str) -> float:
        return float(ann.locator(selector).first.bounding_box()["y"])

    def bottom(selector: str) -> float:
        box = ann.locator(selector).last.bounding_box()
        return float(box["y"] + box["height"])

    ann.set_viewport_size({"width": 1280, "height": 900})  # a desktop sets the seats beside
    game = ann.locator("#game").bounding_box()
    assert ann.locator("#lobby").bounding_box()["x"] >= game["x"] + game["width"]
    assert top("#lobby") == top("#game")
    shot(ann, "room-1280")
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.evaluate("scrollTo(0, 0)")
    shot(ann, "room-390")
    assert top("#game") < top("#lobby")
    assert bottom("#mine") <= 844 and bottom(".ask-rank") <= 844, (bottom("#mine"),
                                                                   bottom(".ask-rank"))
    assert scroll_width(ann) <= 390


def test_under_pairs_by_card_a_laid_card_is_not_offered_and_is_said_to_be_on_the_table(
    server: RoomsServer, new_page: Any
) -> None:
    # Pairs with ask: card: once a pair of a rank is down (face up, R3), asking for one
    # of its two cards is legal (R5) but nobody can hand it over, so it is no button.
    ann = new_page()
    open_room(ann, server.url, "Ann", 2, house={"ask": "card", "book": "2"})
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    chooser = random.Random(5)
    end = time.monotonic() + GAME_DEADLINE
    # Every game deals a laid card's rank into a hand within a few turns: play until then.
    while not ann.locator(".laid-note").count():
        assert not game_over(ann) and time.monotonic() < end, describe([ann])
        click_an_ask(ann, chooser)
        time.sleep(0.01)
    note = ann.inner_text(".laid-note")
    books = " ".join(ann.locator(".seat-books, .my-books").all_inner_texts())
    laid = set(re.findall(r"(?:10|[A2-9JQK])[♠♥♦♣]", " ".join(re.findall(r"\(([^)]*)\)", books))))
    named = set(re.findall(r"(?:10|[A2-9JQK])[♠♥♦♣]", note))
    assert named and named <= laid, (note, books)  # the note names laid cards only
    read = ann.locator(".laid-note").aria_snapshot()
    assert not re.search("[♠♥♦♣]", read) and " of " in read, read  # the cards in words
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    offered = {f"{b['rank']}{symbols[b['suit']]}" for b in ann.locator(".ask-rank").evaluate_all(
        "(bs) => bs.map((b) => ({rank: b.dataset.rank, suit: b.dataset.suit}))")}
    assert offered and not offered & laid, (offered, laid)  # never a button for a laid card
    assert {card[:-1] for card in named} <= {card[:-1] for card in offered}  # ranks you hold
    assert "On the table, so nobody can hand them over:" in note
    shot(ann, "room-laid-card")

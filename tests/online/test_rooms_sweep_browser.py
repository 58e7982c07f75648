"""A player's sweep of the rooms in real browsers: what friends typed or clicked that went
wrong (Debian chromium via playwright, one server for the module)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .browser_support import (
    RoomsServer,
    a_finished_game,
    confirm,
    fill_with_bot_and_start,
    join,
    made_stale,
    open_room,
    route_room_frames,
)

pytestmark = pytest.mark.browser


def join_by_code(page: Any, url: str, typed: str, name: str) -> None:
    page.goto(f"{url}/rooms")
    page.fill("#join-code", typed)
    page.fill("#join-name", name)
    page.click("#join-button")


def test_the_invite_link_pasted_as_the_code_joins_the_room(rooms: RoomsServer,
                                                           open_page: Any) -> None:
    # The code box kept 12 characters of a pasted link ("http://127.0") and the join said
    # only "the server answered 404".
    code = open_room(open_page(), rooms.url, "Ann", 3)
    bob = open_page()
    join_by_code(bob, rooms.url, f"{rooms.url}/rooms/{code}", "Bob")
    bob.wait_for_url(f"**/rooms/{code}")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    cy = open_page()
    join_by_code(cy, rooms.url, f" {code[:3].lower()} {code[3:].lower()} ", "Cy")
    cy.wait_for_selector("#connection:has-text('Connected as Cy')")


def test_a_code_no_web_address_can_hold_is_refused_in_words(rooms: RoomsServer,
                                                            open_page: Any) -> None:
    page = open_page()
    join_by_code(page, rooms.url, "K7Q/H3T", "Bob")
    page.wait_for_selector("#status:has-text('is not a room code')")
    assert "404" not in page.inner_text("#status")
    assert page.url.endswith("/rooms")


def test_a_deal_clicked_for_twice_is_dealt_once_and_no_error_is_shown(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Two players clicking Rematch at once: the second click reached the server after the
    # first one's deal, and that page said "that was based on version 9, but the room is at
    # version 10: …". Quicker to set up, the same race: the host's Start in two tabs.
    first = open_page()
    code = open_room(first, rooms.url, "Ann", 2)
    first.click('#seats li[data-seat="1"] .add-bot')
    second = first.context.new_page()  # the host's second tab: same seat, same token
    second.goto(f"{rooms.url}/rooms/{code}")
    held: list[tuple[dict[str, Any], Any]] = []

    def hold_the_start(frame: dict[str, Any], to_server: Any) -> dict[str, Any] | None:
        if frame.get("type") == "start":
            held.append((frame, to_server))  # on its way while the first tab deals
            return None
        return frame

    route_room_frames(second, hold_the_start)
    second.click("#start")
    first.click("#start")
    second.wait_for_selector("#game:not([hidden])")
    frame, to_server = held[0]
    to_server.send(json.dumps(frame))  # arrives based on the room before the deal: stale
    second.wait_for_timeout(500)  # room for its refusal to arrive
    assert second.inner_text("#status") == ""
    with urllib.request.urlopen(f"{rooms.url}/rooms/{code}/info") as answer:
        assert json.load(answer)["game_number"] == 1  # one deal


def test_a_click_on_a_room_that_changed_meanwhile_is_refused_in_words(
    rooms: RoomsServer, open_page: Any
) -> None:
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 3)
    made_stale(ann, "add_bot", 1)  # as if someone joined while it was on its way
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector("#status:has-text('The room changed just before that reached it')")
    assert "version" not in ann.inner_text("#status")


def test_a_visitor_to_a_finished_game_is_not_told_it_has_started(
    rooms: RoomsServer, open_page: Any
) -> None:
    code = a_finished_game(rooms.url)
    visitor = open_page()
    visitor.goto(f"{rooms.url}/rooms/{code}")
    visitor.wait_for_selector("#connection:has-text('Watching: the game is over')")
    assert visitor.locator("#join").is_hidden()


def test_taking_a_seat_again_and_the_deal_clear_the_lobbys_notices(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Ann left in the lobby and joined again: her page went on saying "You left the room:
    # your seat is given up" through the game; Bob's kept "Ann left; seat 1 is open."
    ann, bob = open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    join(bob, rooms.url, code, "Bob")
    confirm(ann, "#leave-row .leave")
    ann.wait_for_selector("#notice:has-text('You left the room')")
    bob.wait_for_selector("#notice:has-text('Ann left; seat 1 is open.')")
    ann.fill("#join-name", "Ann")
    ann.click("#join-button")
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert ann.inner_text("#notice") == ""
    fill_with_bot_and_start(bob, 2)  # Bob is the host now
    bob.wait_for_selector("#game:not([hidden])")
    assert bob.inner_text("#notice") == ""


def test_the_tabs_title_says_when_it_is_your_turn(rooms: RoomsServer, open_page: Any) -> None:
    # The title was "Go Fish room" all game: a friend reading another tab could not see
    # that the table waited for them.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 2)
    assert ann.title() == f"Go Fish room {code}"
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector(".ask-rank")  # Emma asks at once if she starts
    assert ann.title() == f"Your turn · Go Fish room {code}"


def ann_playing_emma(rooms: RoomsServer, open_page: Any) -> tuple[Any, str]:
    """A page dealt in against Emma in a two-seat room, and the room's code."""
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    return ann, code


def test_a_player_back_on_the_lobby_with_their_code_goes_to_their_seat(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Ann closed the room's tab mid-game and typed the code on /rooms to get back: she was
    # told "the game has started: you can watch instead", and its link watched.
    ann, code = ann_playing_emma(rooms, open_page)
    join_by_code(ann, rooms.url, code.lower(), "Ann")
    ann.wait_for_url(f"**/rooms/{code}")
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert ann.locator("#mine .card").count() > 0


def test_the_lobby_lists_the_rooms_this_browser_has_a_seat_in(
    rooms: RoomsServer, open_page: Any
) -> None:
    # A player who closed a room's tab had no way back from /rooms but the link.
    ann, code = ann_playing_emma(rooms, open_page)
    ann.goto(f"{rooms.url}/rooms")
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {code}')")
    assert "game in play · classic, 2 players" in ann.inner_text("#my-rooms")
    ann.click(f"#my-rooms a:has-text('Room {code}')")
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    stranger = open_page()  # no seat anywhere: no list
    stranger.goto(f"{rooms.url}/rooms")
    stranger.wait_for_selector("#create-button")
    assert stranger.locator("#my-rooms").is_hidden()


def test_a_double_clicked_ask_is_sent_once_and_not_said_to_be_undone(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Both clicks were sent at the same version: the first was played, the second refused
    # as stale, and the page said "…so it was not done: look again and retry" of the ask
    # it had just played, and kept saying it through the turn it then kept (R7).
    ann = open_page()
    sent: list[dict[str, Any]] = []
    ann.on("websocket", lambda ws: ws.on(
        "framesent", lambda frame: sent.append(json.loads(frame))))
    open_room(ann, rooms.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#ask .ask-rank", timeout=30000)
    ann.dblclick("#ask .ask-rank")
    ann.wait_for_timeout(800)
    versions = [frame["version"] for frame in sent if frame.get("type") == "ask"]
    assert versions and len(versions) == len(set(versions)), versions  # one ask a version
    assert "not done" not in ann.inner_text("#status")


def test_a_friend_is_not_offered_the_hosts_own_table(rooms: RoomsServer,
                                                     open_page: Any) -> None:
    # gofish rooms answers 403 to the table against the computer for anyone but the host
    # (tests/online/test_table_kept_for_the_host.py); the rooms' pages still offered
    # "Play the computer" and led "Go Fish" there. Here that answer is played to the page.
    def table_refused(route: Any) -> None:
        route.fulfill(status=403, content_type="application/json",
                      body=json.dumps({"error": "the host's own"}))

    def table_links(page: Any) -> tuple[int, str]:
        return (page.locator('nav a[href="/"]').count(),
                str(page.get_attribute("a.brand", "href")))

    host = open_page()
    open_room(host, rooms.url, "Ann", 2)
    assert table_links(host) == (1, "/")  # the host is offered their table
    friend = open_page()
    friend.route("**/api/setup", table_refused)
    for address in (f"{rooms.url}/rooms", host.url):  # the lobby, and a room's page
        friend.goto(address)
        friend.wait_for_function("() => !document.querySelector('nav a[href=\"/\"]')")
        assert table_links(friend) == (0, "/rooms")

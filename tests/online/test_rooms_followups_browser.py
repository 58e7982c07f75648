"""Follow-ups of the rooms sweep in real browsers: names of emoji, the bots' names, the
lobby's "Your rooms" and a seat carried to another device (one server for the module)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest
from websockets.sync.client import connect as connect_socket

from .browser_support import (
    QUICK_GAME,
    RoomsServer,
    ann_and_bob,
    confirm,
    fill_with_bot_and_start,
    join,
    open_room,
    post,
    stored,
    take_turns,
)

pytestmark = pytest.mark.browser

FISH = "\U0001f41f"  # one character to the server, two UTF-16 units to maxlength


def test_a_name_of_24_emoji_fits_the_room_pages_name_box(rooms: RoomsServer,
                                                         open_page: Any) -> None:
    # maxlength="24" counted UTF-16 units: the box took only 12 fish, the server 24.
    code = open_room(open_page(), rooms.url, "Ann", 3)
    bob = open_page()
    bob.goto(f"{rooms.url}/rooms/{code}")
    bob.fill("#join-name", FISH * 24)
    bob.click("#join-button")
    bob.wait_for_selector(f"#connection:has-text('Connected as {FISH * 24}.')")


def test_a_name_of_25_emoji_is_refused_in_the_servers_words(rooms: RoomsServer,
                                                            open_page: Any) -> None:
    page = open_page()
    page.goto(f"{rooms.url}/rooms")
    page.fill("#create-name", FISH * 25)
    page.click("#create-button")
    page.wait_for_selector("#status:has-text('a name has at most 24 characters, not 25')")
    assert page.url.endswith("/rooms")  # nothing was opened
    page.fill("#create-name", FISH * 24)
    page.click("#create-button")
    page.wait_for_url("**/rooms/*")
    page.wait_for_selector(f"#connection:has-text('Connected as {FISH * 24}.')")


def test_the_bot_menu_names_a_bot_as_its_seat_does(rooms: RoomsServer, open_page: Any) -> None:
    # The menu offered "emma (strength 1)"; seated, the bot was "Emma (bot)".
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 2)
    picked = ann.locator("#bot-1 option:checked")
    assert picked.inner_text() == "Emma (strength 1)"
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Emma (bot)")')


def a_seat_given_up(url: str) -> tuple[str, str]:
    """A room Cy runs that Ann joined and left: its code and Ann's revoked token."""
    made = post(f"{url}/rooms", {"name": "Cy", "players": 3})
    joined = post(f"{url}/rooms/{made['code']}/join", {"name": "Ann"})
    socket_url = url.replace("http", "ws", 1) + f"/ws/room/{made['code']}"
    with connect_socket(socket_url) as socket:
        socket.send(json.dumps({"type": "hello", "token": joined["token"]}))
        welcome = json.loads(socket.recv(timeout=10))
        socket.send(json.dumps({"type": "leave", "version": welcome["version"]}))
        while json.loads(socket.recv(timeout=10))["type"] != "unseated":
            pass
    return str(made["code"]), str(joined["token"])


HOLD = """(held) => {
    for (const [code, token] of held) localStorage.setItem(`gofish.room.${code}`, token);
}"""
HELD = """() => Object.keys(localStorage)
    .filter((key) => /^gofish\\.room\\.[A-Z0-9]+$/.test(key))"""


def lobby_requests(page: Any) -> list[Any]:
    """The requests the lobby makes for "Your rooms" once it is loaded again."""
    made: list[Any] = []
    page.on("request", lambda request: made.append(request)
            if "/info" in request.url or "/rooms/mine" in request.url else None)
    page.goto(f"{page.url.split('/rooms')[0]}/rooms")
    page.wait_for_load_state("networkidle")
    return made


def test_your_rooms_forgets_what_the_server_no_longer_holds_in_one_request(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Finished or deleted rooms and seats given up stayed in the list for ever, and each
    # visit loaded every room by /info, one after the other.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    left_code, left_token = a_seat_given_up(rooms.url)
    ann.evaluate(HOLD, [[left_code, left_token], ["ZZZZZZ", secrets.token_urlsafe(24)]])
    requests = lobby_requests(ann)
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {code}')")
    assert [request.url.split("/rooms")[1] for request in requests] == ["/mine"]
    assert ann.locator("#my-rooms li").count() == 1
    assert ann.evaluate(HELD) == [f"gofish.room.{code}"]
    gone = ann.evaluate(f"() => JSON.parse(localStorage.getItem('gofish.room.{left_code}.gone'))")
    assert gone["reason"] == "left"  # the room page says why, as if refused there


def test_your_rooms_keeps_the_20_last_used(rooms: RoomsServer, open_page: Any) -> None:
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)  # the last used: kept
    fakes = [[f"ZZZZ{a}{b}", secrets.token_urlsafe(24)] for a in "23456" for b in "2345"]
    ann.evaluate(HOLD, fakes)  # 20 more, none of them a room
    requests = lobby_requests(ann)
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {code}')")
    sent = json.loads(requests[0].post_data)["seats"]
    assert len(sent) == 20 and sent[0]["code"] == code
    assert ann.evaluate(HELD) == [f"gofish.room.{code}"]


def test_a_seat_carried_to_another_device_by_its_own_link(rooms: RoomsServer,
                                                          open_page: Any) -> None:
    # A seat's token lived only in the browser that took it: no way to go on on a phone.
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    bob = open_page()
    bob.goto(f"{rooms.url}/rooms/{code}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    watcher = open_page()
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#seats li")
    token = ann.evaluate(f"() => localStorage.getItem('gofish.room.{code}')")
    ann.click("#carry summary")
    assert "Whoever has this link can play your seat" in ann.inner_text("#carry")
    link = ann.input_value("#carry-link")
    assert link == f"{rooms.url}/rooms/{code}#seat={token}"
    assert watcher.locator("#carry").is_hidden()  # a spectator has no seat to carry
    bob.click("#carry summary")  # Bob's is for his own seat
    assert bob.input_value("#carry-link").endswith(
        bob.evaluate(f"() => localStorage.getItem('gofish.room.{code}')"))
    for other in (bob, watcher):
        assert token not in other.content()
        assert token not in other.evaluate("() => JSON.stringify(localStorage)")
    phone = open_page()
    seen: list[str] = []
    phone.on("request", lambda request: seen.append(
        request.url + json.dumps(request.headers) + (request.post_data or "")))
    phone.on("websocket", lambda socket: seen.append(socket.url))
    phone.goto(link)
    phone.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert phone.url == f"{rooms.url}/rooms/{code}"  # gone from the address bar
    assert phone.evaluate(f"() => localStorage.getItem('gofish.room.{code}')") == token
    assert seen and not [sent for sent in seen if token in sent]  # not in any address
    logged = [(rooms.folder / name).read_text(errors="replace")
              for name in ("server.out", "server.log")]  # what the server printed
    assert not [text for text in logged if token in text]
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")  # both play the seat


def _anns_seat_link(rooms: RoomsServer, open_page: Any) -> tuple[Any, str, str]:
    """Ann's page in a room she opened, its code, and her seat's "another device" link."""
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3)
    ann.click("#carry summary")
    return ann, code, ann.input_value("#carry-link")


def test_a_seat_link_opened_in_a_tab_already_watching_the_room_takes_the_seat(
        rooms: RoomsServer, open_page: Any) -> None:
    # Pasted into the address bar of a tab that showed the room, the link changed only the
    # fragment: the page went on watching, saying nothing, with the token left in view.
    ann, code, link = _anns_seat_link(rooms, open_page)
    phone = open_page()
    phone.goto(f"{rooms.url}/rooms/{code}")
    phone.wait_for_selector("#join:not([hidden])")  # watching, offered a seat
    phone.goto(link)
    phone.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert phone.url == f"{rooms.url}/rooms/{code}"  # gone from the address bar
    assert stored(phone, f"gofish.room.{code}") == stored(ann, f"gofish.room.{code}")


def test_a_seat_link_pasted_into_the_lobbys_code_box_takes_that_seat(
        rooms: RoomsServer, open_page: Any) -> None:
    # The box takes an invite link whole; a seat's own link there joined as someone new,
    # a second seat for the same person (or "every seat is taken").
    ann, code, link = _anns_seat_link(rooms, open_page)
    phone = open_page()
    phone.goto(f"{rooms.url}/rooms")
    phone.fill("#join-code", f" {link} ")
    phone.fill("#join-name", "Ann's phone")
    phone.click("#join-button")
    phone.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert phone.url == f"{rooms.url}/rooms/{code}"  # the token has left the address bar
    assert "Ann's phone" not in ann.inner_text("#seats")


def test_a_link_to_another_seat_keeps_the_seat_this_browser_holds(
        rooms: RoomsServer, open_page: Any) -> None:
    # Bob's browser opening Ann's link took her seat and forgot his own token: his seat had
    # nobody left to play it, and no way back to it.
    ann, code, link = _anns_seat_link(rooms, open_page)
    bob = open_page()
    join(bob, rooms.url, code, "Bob")
    own = stored(bob, f"gofish.room.{code}")
    again = bob.context.new_page()  # the same browser, so the same seats
    again.goto(link)
    again.wait_for_selector("#notice:has-text('is not for the seat this browser holds')")
    again.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert stored(again, f"gofish.room.{code}") == own
    assert again.url == f"{rooms.url}/rooms/{code}"  # the link has left the address bar
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")


def test_a_seat_link_is_taken_when_the_seat_this_browser_held_is_gone(
        rooms: RoomsServer, open_page: Any) -> None:
    # Bob was removed while his browser was closed, so it still keeps his token. A seat's
    # link opened there was dropped as "not for the seat this browser holds ... you keep
    # your seat", and then the room refused that seat: no seat, and the link gone too.
    ann, code, link = _anns_seat_link(rooms, open_page)
    bob = open_page()
    join(bob, rooms.url, code, "Bob")
    key = f"gofish.room.{code}"
    stale = stored(bob, key)
    browser = bob.context
    bob.close()
    confirm(ann, '#seats li[data-seat="1"] .remove-player')
    ann.wait_for_selector('#seats li[data-seat="1"]:not(:has(.remove-player))')
    again = browser.new_page()
    again.goto(link)
    again.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert stored(again, key) == stored(ann, key) != stale
    assert "you keep your seat" not in again.inner_text("#notice")


def test_a_seat_link_that_leads_nowhere_keeps_the_seat_this_browser_holds(
        rooms: RoomsServer, open_page: Any) -> None:
    # A link cut short or mistyped replaced Bob's seat in his browser's storage: he was left
    # watching ("that token is not for a seat in this room"), and in a game for good.
    ann, bob, code = ann_and_bob(rooms, open_page)
    key = f"gofish.room.{code}"
    own = stored(bob, key)
    wrong = "A" * 24  # the shape of a seat's token, but no seat's
    again = bob.context.new_page()  # the same browser, so the same seats
    again.goto(f"{rooms.url}/rooms/{code}#seat={wrong}")
    # Not tried: this browser holds a seat here, and any other link is not for it.
    again.wait_for_selector("#notice:has-text('is not for the seat this browser holds')")
    assert "you keep your seat" in again.inner_text("#notice")
    again.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert stored(again, key) == own and again.locator("#join").is_hidden()
    assert again.url == f"{rooms.url}/rooms/{code}"  # the link has left the address bar
    # A browser with no seat here is told so, and watches, with nothing kept.
    stranger = open_page()
    stranger.goto(f"{rooms.url}/rooms/{code}#seat={wrong}")
    stranger.wait_for_selector("#notice:has-text('You are watching: take a seat if one is free')")
    stranger.wait_for_selector("#join:not([hidden])")
    assert stored(stranger, key) is None
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Bob")')  # the seat is still his


def test_after_a_game_the_host_opens_a_bots_seat_and_a_late_friend_takes_it(
    rooms: RoomsServer, open_page: Any
) -> None:
    # A friend who came after the first game could only watch the bot play on.
    ann, code = _bot_seat_opened_after_a_game(rooms, open_page)
    # Rematch waits for the open seat in words, rather than be clicked and refused.
    ann.wait_for_selector("#rematch:disabled")
    assert ann.inner_text("#rematch-wait") == "Waiting for someone to take seat 2, or a bot."
    dan = open_page()
    join(dan, rooms.url, code, "Dan")
    dan.wait_for_selector("#connection:has-text('Connected as Dan')")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Dan")')
    # The game before he came is told as it was played: Emma's, not Dan's, and not "You".
    for page in (ann, dan):
        assert "Emma (bot): " in page.inner_text("#turn") and "Dan" not in page.inner_text("#turn")
    assert "You" not in dan.inner_text("#turn")
    ann.wait_for_selector("#rematch:enabled")
    assert ann.inner_text("#rematch-wait") == ""
    ann.click("#rematch")
    dan.wait_for_selector("#mine .card")


def test_a_late_friend_leaving_before_the_rematch_is_told_the_seat_opens(
    rooms: RoomsServer, open_page: Any
) -> None:
    # Dan came after the game: leaving, he holds none of its cards, so the seat opens. The
    # question said a stand-in would play it, and the host's "Remove Dan?" said so too.
    ann, code = _bot_seat_opened_after_a_game(rooms, open_page)
    dan = open_page()
    join(dan, rooms.url, code, "Dan")
    dan.wait_for_selector("#connection:has-text('Connected as Dan')")
    ann.click('#seats li[data-seat="1"] .remove-player')
    assert ann.inner_text(".confirm").startswith("Remove Dan? The seat opens for someone else.")
    ann.click(".confirm .confirm-no")
    dan.click("#leave-row .leave")
    assert dan.inner_text(".confirm").startswith("Leave the room? The seat opens for someone else.")
    dan.click(".confirm .confirm-yes")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Empty seat")')
    dan.wait_for_selector("#join:not([hidden])")  # his seat is there to take again


def _bot_seat_opened_after_a_game(rooms: RoomsServer, open_page: Any) -> tuple[Any, str]:
    """Ann's page and her room's code: she played Emma (bot) a short game, then opened
    the bot's seat."""
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 2, house=QUICK_GAME)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    take_turns([ann])
    ann.click('#seats li[data-seat="1"] .remove-bot')
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Empty seat")')
    return ann, code

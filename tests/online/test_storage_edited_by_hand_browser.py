"""What the rooms' pages read back from the browser's storage is checked before it is used,
in real browsers (one server for the module): each value may have been edited by hand, or
cut short. A seat token that is not one made the lobby's "Your rooms" request fail, and the
lobby hid every room; a previous token that is not one had every join refused; a list of
rooms that is no list stopped rooms being opened; a note of why a seat was lost that is not
one was shown as "[object Object]"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import UNREADABLE, RoomsServer, open_room, post, stored

pytestmark = pytest.mark.browser

ORDER = "gofish.rooms.order"


def a_seat(url: str, name: str = "Ann") -> tuple[str, str]:
    """A three-seat room ``name`` opened over HTTP: its code and ``name``'s token."""
    made = post(f"{url}/rooms", {"name": name, "players": 3})
    return str(made["code"]), str(made["token"])


def keep(page: Any, values: dict[str, str]) -> None:
    """Put ``values`` in the page's storage (its origin's), as a person editing it would."""
    page.evaluate("(values) => { for (const [key, value] of Object.entries(values)) "
                  "localStorage.setItem(key, value); }", values)


def listed(page: Any) -> list[str]:
    return [str(text) for text in page.locator("#my-rooms-list li").all_inner_texts()]


@pytest.mark.parametrize("edit", ["edited", "cut-short"])
def test_your_rooms_lists_the_other_rooms_when_one_token_is_not_a_token(
    rooms: RoomsServer, open_page: Any, edit: str
) -> None:
    (kept, kept_token), (edited, edited_token) = a_seat(rooms.url), a_seat(rooms.url)
    bad = "edited by hand!" if edit == "edited" else edited_token[:12]
    ann = open_page()
    ann.goto(f"{rooms.url}/rooms")
    keep(ann, {f"gofish.room.{kept}": kept_token, f"gofish.room.{edited}": bad})
    ann.reload()
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {kept}')")
    assert len(listed(ann)) == 1 and edited not in ann.inner_text("#my-rooms")
    assert stored(ann, f"gofish.room.{edited}") is None
    assert stored(ann, f"gofish.room.{kept}") == kept_token
    assert stored(ann, f"gofish.room.{edited}.previous") is None  # a join would send it
    # The room page then says why the seat is gone, as when it reads such a token itself.
    ann.click(f"#my-rooms a:has-text('Room {kept}')")
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    ann.goto(f"{rooms.url}/rooms/{edited}")
    ann.wait_for_selector(f"#notice:has-text('{UNREADABLE}')")
    ann.wait_for_selector("#join-form:visible")


def join_from_the_lobby(page: Any, url: str, code: str) -> None:
    page.goto(f"{url}/rooms")
    keep(page, {f"gofish.room.{code}.previous": "edited by hand!"})
    page.fill("#join-code", code)
    page.fill("#join-name", "Bob")
    page.click("#join-button")


def join_from_the_room_page(page: Any, url: str, code: str) -> None:
    page.goto(f"{url}/rooms/{code}")
    keep(page, {f"gofish.room.{code}.previous": "edited by hand!"})
    page.wait_for_selector("#join-form:visible")
    page.fill("#join-name", "Bob")
    page.click("#join-button")


@pytest.mark.parametrize("join", [join_from_the_lobby, join_from_the_room_page],
                         ids=["lobby", "room-page"])
def test_a_previous_token_that_is_not_a_token_is_forgotten_and_the_join_goes_through(
    rooms: RoomsServer, open_page: Any, join: Any
) -> None:
    # Each join sent it, and was refused: "previous_token: String should match pattern …".
    code, _ = a_seat(rooms.url)
    bob = open_page()
    join(bob, rooms.url, code)
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert bob.inner_text("#status") == ""
    assert stored(bob, f"gofish.room.{code}.previous") is None


@pytest.mark.parametrize(("order", "codes_kept"), [
    ("5", []), ('"K7QH3T"', []), ('{"K7QH3T": 1}', []), ("not JSON", []),
    ('[1, null, ["K7QH3T"], "k7qh3t", "K7QH3T", "K7QH3T"]', ["K7QH3T"]),
], ids=["number", "text", "object", "not-json", "mixed"])
def test_a_list_of_rooms_edited_by_hand_does_not_stop_a_room_being_opened(
    rooms: RoomsServer, open_page: Any, order: str, codes_kept: list[str]
) -> None:
    # A list that was no list threw as the seat was kept: "The room was not opened", of a
    # room that was, and the room page then stopped before it connected.
    ann = open_page()
    ann.goto(f"{rooms.url}/rooms")
    keep(ann, {ORDER: order})
    code = open_room(ann, rooms.url, "Ann", 2)
    ann.wait_for_selector("#connection:has-text('Connected as Ann')")
    assert json.loads(stored(ann, ORDER)) == [code, *codes_kept]  # codes only, each once
    ann.goto(f"{rooms.url}/rooms")
    ann.wait_for_selector(f"#my-rooms a:has-text('Room {code}')")
    assert len(listed(ann)) == 1


@pytest.mark.parametrize("note", ['{"reason": "left", "message": {"words": "Gone"}}',
                                  '{"reason": "removed"}', "5"],
                         ids=["message-not-text", "no-message", "number"])
def test_a_note_of_why_a_seat_was_lost_that_is_not_one_is_dropped(
    rooms: RoomsServer, open_page: Any, note: str
) -> None:
    # Its message was shown as "[object Object]"; a reason without one hid the join form.
    code, _ = a_seat(rooms.url)
    bob = open_page()
    bob.goto(f"{rooms.url}/rooms/{code}")
    bob.wait_for_selector("#join-form:visible")
    keep(bob, {f"gofish.room.{code}.gone": note})
    bob.reload()
    bob.wait_for_selector("#connection:has-text('Watching')")
    bob.wait_for_selector("#join-form:visible")  # a visitor's page: the seat may be taken
    assert bob.inner_text("#notice") == ""
    assert stored(bob, f"gofish.room.{code}.gone") is None


@pytest.mark.parametrize(("answer", "said"), [
    ({"status": 503, "content_type": "application/json",
      "body": json.dumps({"error": "storage", "message": "the rooms database is locked"})},
     "the rooms database is locked"),
    (None, "the server could not be reached"),
], ids=["refused", "unreachable"])
def test_your_rooms_that_could_not_be_checked_says_so(
    rooms: RoomsServer, open_page: Any, answer: dict[str, Any] | None, said: str
) -> None:
    # The list was hidden as if this browser held no seat.
    code, token = a_seat(rooms.url)
    ann = open_page()
    ann.goto(f"{rooms.url}/rooms")
    keep(ann, {f"gofish.room.{code}": token})
    ann.route("**/rooms/mine", lambda route: route.fulfill(**answer) if answer else route.abort())
    ann.reload()
    ann.wait_for_selector("#my-rooms:visible")
    assert listed(ann) == [f"Your rooms could not be checked just now ({said}). "
                           "Reload the page to try again."]
    assert stored(ann, f"gofish.room.{code}") == token  # kept, to be checked next time

"""A refused hello's close code says whose fault it was: the room page acts on it (4400, the
room is there but the hello or its seat token cannot be read: forget the token and watch;
4404, there is no room: stop). The page's side is in test_hello_refusals_browser.py."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from .helpers import create_room, refused_hello


def test_a_code_no_room_can_have_is_not_found_rather_than_a_bad_hello(client: TestClient) -> None:
    # It was closed with 4400, which the room page now takes to mean "the room is there and
    # your seat token cannot be read": a page there would forget its seat for nothing.
    refusal, close_code = refused_hello(client, "K7Q", None)
    assert close_code == 4404
    assert refusal["code"] == "not_found" and "is not a room code" in refusal["message"]


@pytest.mark.parametrize(("token", "code"), [
    ("not a token!", "invalid"),  # edited by hand in the browser's storage
    ("x" * 3000, "too_large"),  # a hello over the room's limit
], ids=["edited", "too-long"])
def test_a_seat_token_that_cannot_be_read_is_a_bad_hello_in_a_room_that_is_there(
    client: TestClient, token: str, code: str
) -> None:
    made = create_room(client, "Ann", players=2)
    refusal, close_code = refused_hello(client, made["code"], token)
    assert close_code == 4400
    assert refusal["code"] == code and refusal["version"] is None

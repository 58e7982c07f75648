"""``POST /rooms/mine`` answers each held seat on its own: a token that has not a token's
shape (a browser's storage edited by hand, or cut short) or a code too long to be one is
answered for that seat alone. One such seat made the whole request a 400, and the lobby
listed none of the browser's rooms."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from gofish.online.codes import new_token
from gofish.online.protocol import is_token
from gofish.online.server import NOT_A_TOKEN

from .helpers import create_room


def mine(client: TestClient, seats: list[dict[str, object]]) -> list[dict[str, object]]:
    answer = client.post("/rooms/mine", json={"seats": seats})
    assert answer.status_code == 200, answer.text
    rooms: list[dict[str, object]] = answer.json()["rooms"]
    return rooms


@pytest.mark.parametrize("token", [
    "not a token!", "cut-short", "", "x" * 65, "x" * 3000, new_token() + "\n", new_token() + "é",
], ids=["edited", "cut-short", "empty", "one-too-long", "far-too-long", "newline", "accent"])
def test_a_token_that_cannot_be_one_is_answered_for_its_seat_alone(
    client: TestClient, token: str
) -> None:
    ann, bob = create_room(client, "Ann"), create_room(client, "Bob")
    ann_seat, bob_seat = (ann["code"], ann["token"]), (bob["code"], bob["token"])
    seats = [{"code": code, "token": held} for code, held in (ann_seat, bob_seat)]
    seats.insert(1, {"code": bob["code"], "token": token})
    first, bad, last = mine(client, seats)
    assert (first["code"], first["seat"], last["code"], last["seat"]) == (
        ann["code"], 0, bob["code"], 0)
    # Which seat, and why; not the room's lobby (the token is no seat's), nor the token back.
    assert bad == {"code": bob["code"], "status": "invalid", "message": NOT_A_TOKEN}


def test_a_code_too_long_to_be_one_is_missing_like_any_code_of_no_room(
    client: TestClient,
) -> None:
    made = create_room(client)
    held, long_code = mine(client, [{"code": made["code"], "token": made["token"]},
                                    {"code": "A" * 21, "token": new_token()}])
    assert held["seat"] == 0
    assert long_code == {"code": "A" * 21, "status": "missing"}


@pytest.mark.parametrize(("seat", "where"), [
    ({"code": "ABCDEF", "token": 42}, "seats.0.token"),
    ({"code": None, "token": new_token()}, "seats.0.code"),
    ({"code": "ABCDEF"}, "seats.0.token"),
    ({"code": "ABCDEF", "token": new_token(), "seat": 0}, "seats.0.seat"),
])
def test_a_seat_of_the_wrong_form_is_still_a_bad_request(
    client: TestClient, seat: dict[str, object], where: str
) -> None:
    # Not a value a browser kept, but a client that sends the wrong form: it is told where.
    answer = client.post("/rooms/mine", json={"seats": [seat]})
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid" and answer.json()["message"].startswith(where)


def test_a_token_has_the_shape_the_server_gives_and_the_schema_checks() -> None:
    assert all(is_token(new_token()) for _ in range(50))
    assert is_token("a" * 16) and is_token("-_" * 32)
    assert not any(is_token(text) for text in ["a" * 15, "a" * 65, "a" * 16 + "\n", "a" * 15 + "="])

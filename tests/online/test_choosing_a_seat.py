"""Friends choose where they sit: the turn passes from seat to seat (R6), so who sits
after whom matters to them. A join may name an open seat; one not open is refused in one
line that says which seat and why, and a join that names none takes the first open seat."""

from __future__ import annotations

from starlette.testclient import TestClient

from .helpers import connect, create_room, join_room


def test_a_join_takes_the_open_seat_it_names(client: TestClient) -> None:
    made = create_room(client, "Ann", players=4)
    cy = client.post(f"/rooms/{made['code']}/join", json={"name": "Cy", "seat": 3})
    assert cy.status_code == 200, cy.text
    assert cy.json()["seat"] == 3
    bob = join_room(client, made["code"], "Bob")  # no seat named: the first open one
    assert bob["seat"] == 1
    ann = connect(client, made["code"], made["token"])
    seats = ann.room["seats"]
    assert [(s["seat"], s["name"]) for s in seats] == [(0, "Ann"), (1, "Bob"), (2, None),
                                                      (3, "Cy")]


def test_a_seat_that_is_not_open_is_refused_in_words(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    join_room(client, made["code"], "Bob")
    code = made["code"]
    for seat, reason in ((0, "seat 1 is taken (Ann sits there)"),
                         (1, "seat 2 is taken (Bob sits there)"),
                         (3, "there is no seat 4: seats are 1 to 3"),
                         (-1, "seat"), ("two", "seat")):
        answer = client.post(f"/rooms/{code}/join", json={"name": "Dan", "seat": seat})
        assert answer.status_code in (400, 409), answer.text
        message = answer.json()["message"]
        assert reason in message and "\n" not in message and "Traceback" not in message
    # Nothing was taken by the refusals: the one open seat is still there for Dan.
    assert join_room(client, code, "Dan")["seat"] == 2


def test_a_bots_seat_is_not_a_friends_to_take(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update"
                   and any(s["kind"] == "bot" for s in m["room"]["seats"]))
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": "Bob", "seat": 1})
    assert answer.status_code == 409
    assert answer.json()["message"].startswith("seat 2 is taken (Emma (bot) sits there)")

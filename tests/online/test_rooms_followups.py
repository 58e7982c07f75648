"""Follow-ups of the rooms sweep over HTTP: the bots' names and "Your rooms" in one request."""

from __future__ import annotations

from starlette.testclient import TestClient

from gofish.bots import display_name
from gofish.online.codes import new_token

from .helpers import connect, create_room, join_room


def test_the_bot_list_names_each_bot_as_its_seat_will(client: TestClient) -> None:
    # The menu said "emma (strength 1)" and the seat "Emma (bot)": two names for one bot.
    answer = client.get("/rooms/bots").json()
    assert answer["names"]["emma"] == "Emma"
    assert answer["names"]["random"] == display_name("random")
    assert set(answer["names"]) == set(answer["bots"])


def test_one_request_says_which_held_seats_are_still_held(client: TestClient) -> None:
    # The lobby loaded each room of "Your rooms" by /info, one after the other, and never
    # learnt that a room was gone or a seat given up, so it kept them for ever.
    made = create_room(client, "Ann", players=3)
    bob = join_room(client, made["code"], "Bob")
    leaving = connect(client, made["code"], bob["token"])
    leaving.command("leave")
    leaving.read_until(lambda m: m["type"] == "unseated")
    seats = [{"code": made["code"], "token": made["token"]},
             {"code": made["code"].lower(), "token": bob["token"]},
             {"code": "ZZZZZZ", "token": new_token()},
             {"code": "no/such", "token": new_token()}]
    answer = client.post("/rooms/mine", json={"seats": seats})
    assert answer.status_code == 200, answer.text
    held, left, missing, malformed = answer.json()["rooms"]
    assert (held["code"], held["status"], held["seat"], held["gone"]) == (
        made["code"], "lobby", 0, None)
    assert held["rules_summary"] == client.get(f"/rooms/{made['code']}/info").json()[
        "rules_summary"]
    assert (left["seat"], left["gone"]) == (None, "left")
    assert "You left this room" in left["message"]
    assert missing == {"code": "ZZZZZZ", "status": "missing"}
    assert malformed == {"code": "no/such", "status": "missing"}


def test_a_browser_checks_at_most_20_seats_at_once(client: TestClient) -> None:
    seats = [{"code": "ZZZZZZ", "token": new_token()}] * 21
    answer = client.post("/rooms/mine", json={"seats": seats})
    assert answer.status_code == 400
    assert "20" in answer.json()["message"]
    assert client.post("/rooms/mine", json={"seats": seats[:20]}).status_code == 200

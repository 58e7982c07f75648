"""Follow-ups of the rooms sweep over HTTP: the bots' names and "Your rooms" in one request."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.bots import display_name
from gofish.online.codes import new_token
from gofish.online.room import Room, RoomError

from .conftest import PATIENT
from .helpers import connect, create_room, join_room, play_to_end, serving, start_game


def test_the_bot_list_names_each_bot_as_its_seat_will(client: TestClient) -> None:
    # The menu said "emma (strength 1)" and the seat "Emma (bot)": two names for one bot.
    answer = client.get("/rooms/bots").json()
    assert answer["names"]["emma"] == "Emma"
    assert answer["names"]["random"] == display_name("random")
    assert set(answer["names"]) == set(answer["bots"])


def test_one_request_says_which_held_seats_are_still_held(
    make_app: Callable[..., Starlette],
) -> None:
    # The lobby loaded each room of "Your rooms" by /info, one after the other, and never
    # learnt that a room was gone or a seat given up, so it kept them for ever.
    # PATIENT: Ann, the host, never connects; under FAST her role rightly passed to Bob once
    # 0.4 s had gone (a busy machine), and his leave then named a stale version.
    with serving(make_app(PATIENT)) as client:
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


SHORT = {"preset": "classic", "hand_size": 1, "book_size": 2, "refill": "none",
         "end": "first-empty"}  # one card each, pairs, no refill (R18, R19): a short game


def test_after_a_game_the_host_opens_a_bots_seat_to_a_friend_who_came_late(
    client: TestClient,
) -> None:
    # The bots kept their seats for every rematch: a friend arriving after the first game
    # could only watch.
    made = create_room(client, "Ann", players=2, rules=SHORT)
    code = made["code"]
    ann = connect(client, code, made["token"])
    ann.command("add_bot", seat=1, bot="random")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    play_to_end([ann])
    ann.command("remove_bot", seat=1)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "open")
    ann.command("start")  # no rematch with a seat empty
    assert ann.read_until(lambda m: m["type"] == "error")["code"] == "not_ready"
    dan = connect(client, code, join_room(client, code, "Dan")["token"])
    watcher = connect(client, code, None)
    assert dan.seat == 1 and dan.room["status"] == "over"
    # The game dealt before Dan came is a spectator's to him: not Randy's hand or draws.
    assert dan.game is not None and watcher.game is not None
    assert dan.game["hand"] == watcher.game["hand"]
    assert [entry["text"] for entry in dan.log] == [entry["text"] for entry in watcher.log]
    assert "Randy" in " ".join(entry["text"] for entry in dan.log)  # as it was played
    assert dan.game["names"] == ["Ann", "Randy (bot)"] and dan.game["viewer"] is None
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "human")
    ann.command("start")
    dealt = dan.read_until(lambda m: m["type"] == "update" and m["game"]["number"] == 2)
    assert len(dealt["game"]["hand"]) == 1 and dealt["room"]["seats"][1]["name"] == "Dan"


def test_during_a_game_the_bots_keep_their_seats() -> None:
    room = Room.new("K7QH3T", "classic", 2, "2026-12-01T07:00:00Z", "emma")
    for entry in (room.join_entry("Ann", "a" * 64), room.add_bot_entry(0, 1, "emma")):
        room.apply(*entry)
    room.apply(*room.start_entry(0))
    with pytest.raises(RoomError, match="while a game is being played"):
        room.remove_bot_entry(0, 1)

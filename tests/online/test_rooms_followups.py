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
from .helpers import (
    Player,
    caught_up,
    connect,
    create_room,
    join_room,
    play_to_end,
    serving,
    start_game,
)


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
    code, ann = _bot_seat_opened_after_a_game(client)
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


def _late_friend(client: TestClient) -> tuple[str, list[Player]]:
    """Ann played Randy (bot) a short game; after it she opened his seat and Dan took it."""
    code, ann = _bot_seat_opened_after_a_game(client)
    dan = connect(client, code, join_room(client, code, "Dan")["token"])
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "human")
    return code, [ann, dan]


@pytest.mark.parametrize("how", ["leave", "remove"])
def test_a_friend_who_came_late_and_goes_before_the_rematch_opens_the_seat_again(
    client: TestClient, how: str,
) -> None:
    # Dan held no card of the game dealt before he came: going, he left the stand-in in a
    # seat he never played ("left; Emma (bot) plays"), the finished game's log said "Dan
    # left; Emma (bot) plays their seat.", and the next friend was refused ("its players
    # keep their seats") until the host removed that bot too.
    code, [ann, dan] = _late_friend(client)
    assert ann.room["seated_after_deal"] == [1]  # the page says what going does to it
    log_before = [entry["text"] for entry in ann.log]
    if how == "leave":
        dan.command("leave")
    else:
        ann.command("remove_player", seat=1)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] != "human")
    seat = ann.room["seats"][1]
    assert (seat["kind"], seat["name"], seat["stand_in"]) == ("open", None, None)
    said = "Dan left" if how == "leave" else "You removed Dan"  # Ann's page: she is the host
    assert ann.notices[-1] == f"{said}; seat 2 is open."
    assert [entry["text"] for entry in ann.log] == log_before  # no line in a game not his
    assert ann.room["seated_after_deal"] == []
    cy = connect(client, code, join_room(client, code, "Cy")["token"])
    assert cy.seat == 1 and cy.game is not None and cy.game["viewer"] is None
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "human")
    ann.command("start")
    dealt = cy.read_until(lambda m: m["type"] == "update" and m["game"]["number"] == 2)
    assert dealt["game"]["viewer"] == 1 and dealt["room"]["seats"][1]["name"] == "Cy"


def test_a_player_of_the_game_who_leaves_after_it_still_leaves_the_stand_in() -> None:
    # Only a seat taken after the deal opens: a seat dealt in keeps the stand-in, whose seat
    # it is at the rematch, and the game's log says so where it happened.
    room = Room.new("K7QH3T", SHORT, 2, "2026-12-01T07:00:00Z", "emma")
    room.apply(*room.join_entry("Ann", "a" * 64))
    room.apply(*room.join_entry("Bob", "b" * 64))
    room.apply(*room.start_entry(0))
    assert room.game is not None
    while room.game.current_player is not None:
        seat = room.game.current_player
        room.apply(*room.ask_entry(seat, room.game.legal_actions()[0], "player"))
    assert room.lobby()["seated_after_deal"] == []
    room.apply(*room.leave_entry(1))
    assert (room.seats[1].kind, room.seats[1].vacated) == ("bot", "left")
    assert room.notices[-1].text == "Bob left; Emma (bot) plays their seat."


def _bot_seat_opened_after_a_game(client: TestClient) -> tuple[str, Player]:
    """Ann played Randy (bot) a short game, then opened his seat: the room's code and Ann."""
    made = create_room(client, "Ann", players=2, rules=SHORT)
    code = made["code"]
    ann = connect(client, code, made["token"])
    ann.command("add_bot", seat=1, bot="random")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    play_to_end([ann])
    ann.command("remove_bot", seat=1)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "open")
    return code, ann


def test_a_friend_who_came_late_and_is_handed_the_role_reads_it_as_theirs(
    client: TestClient,
) -> None:
    # Dan's page shows the game dealt before him as a spectator's; the hand-over happens now,
    # to him, and his notice line said "… Dan is the host now." of its own reader.
    code, [ann, dan] = _late_friend(client)
    ann.command("leave")
    dan.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
    assert dan.notices[-1].endswith(" You are the host now."), dan.notices[-1]
    watcher = connect(client, code, None)
    assert dan.game is not None and dan.game["hand"] == watcher.game["hand"]  # still hidden


def _anns_short_room(client: TestClient, *joining: str) -> tuple[str, Player, list[Player]]:
    """A room of three for short games opened by Ann: its code, Ann's page, and the pages
    of ``joining``, seated in turn (each connected before Ann)."""
    made = create_room(client, "Ann", players=3, rules=SHORT)
    code = made["code"]
    others = [connect(client, code, join_room(client, code, name)["token"]) for name in joining]
    return code, connect(client, code, made["token"]), others


def test_a_friend_who_came_late_reads_their_own_log_as_every_player_does(
    client: TestClient,
) -> None:
    # Dan's notice line said "You are the host now." while his log, a spectator's, said
    # "Dan is the host now.": every other player's own log calls its reader "you".
    code, ann, [bob] = _anns_short_room(client, "Bob")
    ann.command("add_bot", seat=2, bot="random")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
    start_game(ann, [bob])
    play_to_end([ann, bob])
    ann.command("remove_bot", seat=2)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "open")
    dan = connect(client, code, join_room(client, code, "Dan")["token"])
    watcher = connect(client, code, None)
    caught_up(client, code, [ann, bob, dan])
    ann.command("leave")  # the role goes to the next seat after hers with a person: Bob
    bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
    caught_up(client, code, [bob, dan])
    bob.command("leave")  # then to Dan
    dan.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 2)
    watcher.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 2)
    assert dan.log[-1]["text"] == dan.notices[-1]
    assert dan.log[-1]["text"].endswith(" You are the host now.")
    assert watcher.log[-1]["text"].endswith(" Dan is the host now.")
    # The game's own lines are still a spectator's: Dan played none of it.
    assert [e["text"] for e in dan.log[:-1]] == [e["text"] for e in watcher.log[:-1]]
    assert dan.game is not None and dan.game["hand"] == watcher.game["hand"]  # still hidden
    again = connect(client, code, dan.token)  # a reload reads it alike
    assert [e["text"] for e in again.log] == [e["text"] for e in dan.log]
    # Dan opens Bob's seat to Cy, leaves (the role goes to her) and Eve takes his seat.
    dan.command("remove_bot", seat=1)
    dan.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "open")
    cy = connect(client, code, join_room(client, code, "Cy")["token"])
    caught_up(client, code, [dan, cy])
    dan.command("leave")
    cy.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == cy.seat)
    eve = connect(client, code, join_room(client, code, "Eve")["token"])
    assert eve.seat == 2
    watcher.read_until(lambda m: m["type"] == "update" and m["version"] >= eve.version)
    # The line that was Dan's names him to Eve: it was not about her.
    assert [e["text"] for e in eve.log] == [e["text"] for e in watcher.log]


def test_the_next_person_in_a_seat_left_after_the_game_reads_its_players_lines_by_name(
    client: TestClient,
) -> None:
    # Bob played the game and left after it; Dan, seated there once his stand-in was
    # removed, read the line that handed Bob the role as "You are the host now.": a line
    # of a game Dan never played, about someone else.
    code, ann, [bob, cy] = _anns_short_room(client, "Bob", "Cy")
    start_game(ann, [bob, cy])
    ann.command("leave")  # the role goes to Bob
    bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
    assert any(e["text"].endswith(" You are the host now.") for e in bob.log)
    play_to_end([bob, cy])
    bob.command("leave")  # after the game: his stand-in keeps the seat, Cy hosts
    cy.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 2)
    cy.command("remove_bot", seat=1)
    cy.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "open")
    dan = connect(client, code, join_room(client, code, "Dan")["token"])
    assert dan.seat == 1
    watcher = connect(client, code, None)
    caught_up(client, code, [cy, dan, watcher])
    assert any(e["text"].endswith(" Bob is the host now.") for e in watcher.log)
    assert [e["text"] for e in dan.log] == [e["text"] for e in watcher.log]

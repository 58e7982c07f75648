"""A player's sweep of the rooms: what people typed or did that the rooms misread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.core import Card, new_game
from gofish.online.room import Room

from .conftest import FAST
from .helpers import (
    Closed,
    connect,
    create_room,
    disconnect,
    play_to_end,
    receive,
    refused_hello,
    serving,
    start_game,
)


@pytest.mark.parametrize("name", ["You", "you", " YOU ", "Ｙｏｕ"])
def test_a_person_cannot_be_named_you(client: TestClient, name: str) -> None:
    # Each page's log calls its own reader "You": a person named You made the others'
    # pages read "You asks you for 7s" and list two "You" in the result.
    made = create_room(client, "Ann", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": name})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "invalid"
    assert "choose another name" in answer.json()["message"]
    refused = client.post("/rooms", json={"name": name, "players": 2})
    assert refused.status_code == 400
    assert client.post(f"/rooms/{made['code']}/join", json={"name": "Youssef"}).status_code == 200


@pytest.mark.parametrize("name", ["Emma (bot)", "random (BOT)", "Ann(bot)"])
def test_a_person_cannot_pass_for_a_bot(client: TestClient, name: str) -> None:
    # "(bot)" marks the bots' seats ("Emma (bot)"), so a person named so passed for one.
    made = create_room(client, "Ann", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": name})
    assert answer.status_code == 400, answer.text
    assert '"(bot)" are for the bots' in answer.json()["message"]
    info = client.get(f"/rooms/{made['code']}/info").json()
    assert [seat["kind"] for seat in info["seats"]] == ["human", "open", "open"]
    assert client.post(f"/rooms/{made['code']}/join", json={"name": "Emma"}).status_code == 200


def test_a_friend_late_for_a_finished_game_is_not_told_it_has_started(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=2, rules={
        "preset": "classic", "hand_size": 1, "book_size": 2, "refill": "none",
        "end": "first-empty"})  # one card each, pairs, no refill (R18, R19): a short game
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    play_to_end([ann])
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": "Bob"})
    assert answer.status_code == 409
    assert answer.json()["message"] == ("this room's game is over and its players keep their "
                                        "seats for a rematch: you can watch instead")


def test_one_address_cannot_flood_a_room_with_watchers(make_app: Callable[..., Starlette]) -> None:
    # Every change sends each socket a message: a client that opened 500 watching sockets
    # made the host's commands take a quarter of a second, and more with more.
    with serving(make_app(replace(FAST, watchers_per_address=2))) as client:
        made = create_room(client, "Ann", players=2)
        code = made["code"]
        watchers = [connect(client, code, None) for _ in range(2)]
        refusal, close_code = refused_hello(client, code, None)
        assert refusal["code"] == "full" and "close some of them first" in refusal["message"]
        assert close_code == 1013  # try again later
        ann = connect(client, code, made["token"])  # a seat's own socket is not a watcher
        assert ann.seat == 0
        disconnect(watchers[0])
        ann.read_until(lambda m: m["type"] == "presence" and m["spectators"] == 1)
        connect(client, code, None)  # a page closed makes room for another


@pytest.mark.parametrize("length", [25, 64, 65, 500])
def test_a_long_name_is_refused_with_the_rooms_own_limit(client: TestClient, length: int) -> None:
    # Over 64 characters the schema answered "name: String should have at most 64
    # characters", where the rooms allow 24.
    made = create_room(client, "Ann", players=2)
    for answer in (client.post("/rooms", json={"name": "x" * length, "players": 2}),
                   client.post(f"/rooms/{made['code']}/join", json={"name": "x" * length})):
        assert answer.status_code == 400
        assert answer.json()["message"] == f"a name has at most 24 characters, not {length}"


def _ask_as(room: Room, by: dict[int, str]) -> int:
    """The player whose turn it is asks (their first legal ask), made by ``by[seat]``."""
    assert room.game is not None
    seat = room.game.current_player
    assert seat is not None
    room.apply(*room.ask_entry(seat, room.game.legal_actions()[0], by[seat]))
    return seat


def _away_notices(room: Room) -> list[tuple[int, str]]:
    return [(notice.event["seat"], notice.text) for notice in room.notices
            if notice.event["type"] == "seat_away"]


def test_the_log_says_when_the_stand_in_starts_asking_for_someone_away() -> None:
    # Bob, back, found "You ask Ann for queens." in his log, an ask he never made: each
    # stretch of the stand-in's asks for him now starts with a line saying so.
    room = Room.new("ABCDEF", "classic", 2, "2026-12-01T06:00:00")
    room.apply("seat", {"seat": 0, "name": "Ann", "token_hash": "a"})
    room.apply("seat", {"seat": 1, "name": "Bob", "token_hash": "b"})
    dealt = new_game(room.rules, 2, seed=1)  # a known deck: the same asks every run
    room.apply("start", {"game": 1, "deck": [str(card) for card in dealt.deck],
                         "first_player": 0})
    away = {0: "player", 1: "stand-in"}
    assert room.game is not None
    while room.game.current_player != 1:
        _ask_as(room, away)
    events_before = len(room.game.events)
    for _ in range(12):  # Bob's turns, more than one of them, all played for him
        _ask_as(room, away)
    said = "Bob is away: Emma (bot) plays for them until they are back."
    assert _away_notices(room) == [(1, said)]  # once for the stretch, not at every ask
    assert room.notices[0].at == events_before  # before the stand-in's first ask
    back = {0: "player", 1: "player"}
    while _ask_as(room, back) != 1:  # Bob asks for himself: the stretch is over
        pass
    while _ask_as(room, away) != 1:  # away again: a new stretch, told again
        pass
    assert _away_notices(room) == [(1, said), (1, said)]


def test_an_impossible_ask_is_refused_with_the_rooms_names(client: TestClient) -> None:
    # The refusal said "you cannot ask player 1 for 9s" (seat 2 on the page), or the same
    # words for a seat the room does not have, for oneself and for a missing suit.
    made = create_room(client, "Ann", players=2, rules={"preset": "classic", "ask": "card"})
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    while not ann.my_turn():
        ann.read_until(lambda m: m["type"] == "update")
    held = {card[:-1] for card in ann.game["hand"]}
    missing = next(rank for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                     "Q", "K") if rank not in held)
    own = ann.game["hand"][0]
    pretty_own = Card.parse(own).pretty
    for ask, said in (
        ({"target": 4, "rank": "9", "suit": "H"}, "there is no seat 5: seats are 1 to 2"),
        ({"target": 0, "rank": "9", "suit": "H"}, "you cannot ask yourself: ask an opponent"),
        ({"target": 1, "rank": "9"}, "this room asks for a card: send its suit too"),
        ({"target": 1, "rank": missing, "suit": "H"},  # R5: a rank you hold
         f"you cannot ask Emma (bot) for the {missing}♥ now: ask an opponent who holds "
         "cards for a rank you hold (R5)"),
        # ask: card asks for a card of a rank you hold that you lack; the R5 words above
        # said to ask for a rank you hold, which this player did.
        ({"target": 1, "rank": own[:-1], "suit": own[-1]},
         f"you already hold the {pretty_own}: ask for a card of its rank that you lack"),
    ):
        ann.command("ask", **ask)
        refusal = ann.read_until(lambda m: m["type"] == "error")
        assert refusal["message"] == said, ask


def test_a_binary_hello_is_refused_in_words(client: TestClient) -> None:
    # It was closed with no word and no close code.
    made = create_room(client, "Ann", players=2)
    with client.websocket_connect(f"/ws/room/{made['code']}") as ws:
        ws.send_bytes(b'{"type": "hello"}')
        refusal = receive(ws)
        assert refusal["code"] == "invalid" and "JSON text frame" in refusal["message"]
        with pytest.raises(Closed) as closed:
            receive(ws)
        assert closed.value.code == 4400


def test_a_second_hello_is_refused_in_words(client: TestClient) -> None:
    # It got the schema's "Input tag 'hello' found using 'type' does not match any of the
    # expected tags: 'ask', 'fish', …".
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    ann.send({"type": "hello", "token": made["token"]})
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["message"] == ("this socket has said hello already: send commands "
                                  "(a new token needs a new socket)")


@pytest.mark.parametrize(("command", "said"), [
    ({"type": "cheat"}, "there is no message of type 'cheat' here: the types are 'ask', "
                        "'fish', 'add_bot', 'remove_bot', 'start', 'leave', 'remove_player', "
                        "'back', 'ping'"),
    ({}, "a message needs a 'type' saying what it is"),
])
def test_a_command_of_no_known_type_is_refused_in_words(
    client: TestClient, command: dict[str, str], said: str,
) -> None:
    # It got the schema's "Input tag 'cheat' found using 'type' does not match any of the
    # expected tags: …" and, with no type, "Unable to extract tag using discriminator 'type'".
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    ann.send(command)
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["message"] == said


@pytest.mark.parametrize("second", [
    "Ｂｏｂ", "BOB", "ﬁsh",
    "\u0392ob",  # a Greek capital beta
    "\u0412\u041e\u0412",  # Cyrillic capitals drawn as B, O, B
    "Bob\u034f", "Bob\u3164", "Bob\u17b4", "Bob\u2800",  # with something that draws nothing
    "B\u0585b",  # an Armenian o
    "\u0299ob", "B\u1d0fb",  # Latin small capitals B and O
    "\u13f4o\u13f4",  # Cherokee capitals drawn as B
])
def test_a_name_that_reads_like_one_in_the_room_is_taken(client: TestClient,
                                                          second: str) -> None:
    # Full-width "Ｂｏｂ" beside "Bob" made a log no one could follow ("Bob asks Ｂｏｂ…").
    made = create_room(client, "Bob" if second != "ﬁsh" else "fish", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": second})
    assert answer.status_code == 409 and answer.json()["error"] == "taken"
    seated = "Bob" if second != "ﬁsh" else "fish"  # named as seated, not as typed
    assert answer.json()["message"].startswith(f"someone in this room is already called {seated}:")


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u115f\u1160", "\uffa0", "\u034f",
                                   "\ufe0f", "\U000e0100",
                                   "\u0301\u0301"])  # accents with no letter under them
def test_a_name_of_characters_that_draw_nothing_is_refused(client: TestClient,
                                                            blank: str) -> None:
    # A Hangul filler or a blank braille cell alone showed the seat with no name at all.
    answer = client.post("/rooms", json={"name": blank, "players": 2,
                                         "rules": {"preset": "classic"}})
    assert answer.status_code == 400
    assert answer.json()["message"] == "a name needs at least one visible character"


@pytest.mark.parametrize(("name", "words"), [
    ("Y\u043eu", '"You" is how the table speaks'),  # a Cyrillic o
    ("\u0443ou", '"You" is how the table speaks'),  # a Cyrillic u, drawn as y
    ("Emma (b\u03bft)", '"(bot)" are for the bots'),  # a Greek omicron
    ("Y\u0585u", '"You" is how the table speaks'),  # an Armenian o
    ("Emma (b\u0585t)", '"(bot)" are for the bots'),
    ("Emma (\u0299\u1d0f\u1d1b)", '"(bot)" are for the bots'),  # Latin small capitals
    ("a" + "\u0489" * 23, "at most 2 accents"),  # a pile of marks drawn over the others
    # A seat's own label: "Seat 2" in seat 1 read as seat 2 in the list and the log.
    ("Seat 2", '"Seat 2" would read as seat 2 in the seat list and the log'),
    ("seat  #3", '"seat #3" would read as seat 3'),  # runs of spaces folded
    ("\uff33eat \uff15", "would read as seat 5"),  # full-width "Ｓeat ５"
    ("\u0405eat 1", "would read as seat 1"),  # a Cyrillic S
    # Whatever stands around "seat" and its number draws nothing that tells them apart
    # in "Bob asks Seat 2. for 7s" (these were accepted).
    ("Seat 2.", '"Seat 2." would read as seat 2'),
    ("Seat (2)", "would read as seat 2"),
    ("Seat_2", "would read as seat 2"),
    ("[Seat-4]", "would read as seat 4"),
    ("Seat 02", "would read as seat 2"),
    ("Seat 1\ufe0f\u20e3", "would read as seat 1"),  # a keycap emoji
    ("Seat 2 \u2764\ufe0f", "would read as seat 2"),
    # Marks drawn over a letter, and letters drawn as digits, hide nothing from a reader
    # (these were accepted): a slash over the a, a Canadian syllabic drawn as a 2.
    ("Sea\u0337t 2", "would read as seat 2"),
    ("S\u00e9at 3", "would read as seat 3"),
    ("Seat \u14bf", "would read as seat 2"),
    ("Seat \u01b7", "would read as seat 3"),  # a Latin ezh
    ("Seat l", "would read as seat 1"),
    ("Seat \u01c0", "would read as seat 1"),  # a Latin dental click: a stroke
    ("Seat_l", "would read as seat 1"),
    ("Seat2l", "\"Seat2l\" reads as a seat's label"),  # seat 21: no room has one
    ("Yo\u0337u", '"You" is how the table speaks'),
    ("Emma (bo\u0338t)", '"(bot)" are for the bots'),
])
def test_a_misleading_name_is_refused_in_words(client: TestClient, name: str,
                                                    words: str) -> None:
    answer = client.post("/rooms", json={"name": name, "players": 2,
                                         "rules": {"preset": "classic"}})
    assert answer.status_code == 400 and words in answer.json()["message"]


@pytest.mark.parametrize("name", ["Ирина", "Ελένη", "José", "李小龙", "❤️ Ann", "1️⃣ Bob",
                                  "Việt", "Արամ", "श्री", "ᓯᐊᑦ", "Zoë", "Đorđe", "Łucja"])
def test_names_in_other_alphabets_and_with_emoji_are_kept_as_typed(client: TestClient,
                                                                   name: str) -> None:
    made = create_room(client, name, players=2)
    seats = client.get(f"/rooms/{made['code']}/info").json()["seats"]
    assert seats[0]["name"] == name


@pytest.mark.parametrize("name", ["Seatool", "Seatlo", "Seatbelt", "Seat Leo", "Seat 3\u00bd",
                                  # Pinyin surnames, refused as "You" once every accent went
                                  "Y\u00f3u", "Y\u01d2u", "Yo\u0301u", "Y\u014du"])
def test_names_that_only_look_near_a_label_are_kept(client: TestClient, name: str) -> None:
    # Letters drawn like digits read as a seat's number only set apart from "seat":
    # "Seatool" was refused as "seat 1" ("ool" read as 001).
    made = create_room(client, name, players=2)
    seats = client.get(f"/rooms/{made['code']}/info").json()["seats"]
    assert seats[0]["name"] == name


def test_a_room_socket_opened_by_another_sites_page_is_refused(client: TestClient) -> None:
    # The table's socket refused another site's page; the rooms' took it, so a page of
    # any site a visitor opened could watch a room whose code it knew.
    made = create_room(client, "Ann", players=2)
    path = f"/ws/room/{made['code']}"
    with (pytest.raises(WebSocketDisconnect) as closed,
          client.websocket_connect(path, headers={"origin": "http://evil.example"})):
        pass
    assert closed.value.code == 1008
    with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        assert receive(ws)["type"] == "welcome"  # the room's own page is let in


@pytest.mark.parametrize("name", ["Seaton", "Seat", "Seat 2b", "My seat 2", "Seat two",
                                  "Seat 3\u00bd", "2 Seat",  # "Seat 3½" is no seat's number
                                  "Seat Zoë", "Séance", "Siège 2", "Место 2", "座位 2"])
def test_names_that_only_contain_seat_are_kept(client: TestClient, name: str) -> None:
    made = create_room(client, name, players=2)
    assert client.get(f"/rooms/{made['code']}/info").json()["seats"][0]["name"] == name

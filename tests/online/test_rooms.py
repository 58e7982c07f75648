"""Rooms over the websocket protocol (Starlette TestClient): lobby, play, guards, presence."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.bots.endgame import warm_up
from gofish.online import RoomSettings
from gofish.online.codes import CODE_ALPHABET, CODE_LENGTH

from .conftest import PATIENT
from .helpers import (
    Closed,
    caught_up,
    connect,
    create_room,
    disconnect,
    join_room,
    play,
    play_to_end,
    receive,
    refused_hello,
    scheduled_moves_run,
    serving,
    settle,
    start_game,
    stood_still,
    three_seat_room,
)


def test_create_gives_a_short_unambiguous_code_and_an_invite(client: TestClient) -> None:
    made = create_room(client)
    assert len(made["code"]) == CODE_LENGTH and set(made["code"]) <= set(CODE_ALPHABET)
    assert not set("01OIL") & set(CODE_ALPHABET)
    assert made["invite"] == f"/rooms/{made['code']}"
    assert client.get(made["invite"]).status_code == 200
    info = client.get(f"/rooms/{made['code'].lower()}/info").json()  # codes are typed loosely
    assert info["status"] == "lobby" and info["seats"][0]["name"] == "Ann"
    assert "token" not in json.dumps(info) and made["token"] not in json.dumps(info)


def test_two_people_and_a_bot_play_a_room_to_the_end(client: TestClient) -> None:
    code, ann, bob = three_seat_room(client)
    assert [s["kind"] for s in ann.room["seats"]] == ["human", "human", "bot"]
    start_game(ann, [bob])
    final = play_to_end([ann, bob])
    assert final["winners"], "a finished game names its winners (R10)"
    assert sum(len(b) for b in final["books"]) == 13  # classic plays to 13 books (R14)
    assert final["ending"] == "All 13 books are down."
    assert ann.log[-1]["event"]["type"] == "game_over"
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    game = server.rooms[code].room.game
    assert game.is_over and list(game.winners) == final["winners"]


def test_rematch_deals_a_new_game_to_the_same_seats(client: TestClient) -> None:
    _code, ann, bob = three_seat_room(client)
    start_game(ann, [bob])
    play_to_end([ann, bob])
    bob.command("start")  # any seated player may ask for the rematch
    bob.read_until(lambda m: m["type"] == "update" and m["game"]["number"] == 2)
    ann.read_until(lambda m: m["type"] == "update" and m["game"]["number"] == 2)
    assert ann.game["log_from"] == 0 and ann.game["winners"] is None
    assert ann.game["ending"] is None  # a game still going has no ending to tell
    assert [s["name"] for s in ann.room["seats"]] == ["Ann", "Bob", "Emma (bot)"]


def test_lobby_shows_who_is_there_and_connected(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    ann = connect(client, made["code"], made["token"])
    assert ann.room["seats"][0] == {"seat": 0, "name": "Ann", "label": "Ann", "kind": "human",
                                    "bot": None,
                                    "connected": True, "away": False, "vacated": None,
                                    "stand_in": None}
    joined = join_room(client, made["code"], "Bob")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["name"] == "Bob")
    assert ann.room["seats"][1]["connected"] is False
    bob = connect(client, made["code"], joined["token"])
    ann.read_until(lambda m: m["type"] == "presence" and m["seats"][1]["connected"])
    disconnect(bob)
    ann.read_until(lambda m: m["type"] == "presence" and not m["seats"][1]["connected"])


def test_only_the_host_seats_bots_and_starts_and_only_when_every_seat_is_filled(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=3)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    bob.command("add_bot", seat=2, bot="emma")
    assert bob.read_until(lambda m: m["type"] == "error")["code"] == "forbidden"
    ann.command("start")
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["code"] == "not_ready" and "3" in refusal["message"]
    ann.command("add_bot", seat=2, bot="no-such-bot")
    assert "unknown bot" in ann.read_until(lambda m: m["type"] == "error")["message"]
    ann.command("add_bot", seat=1, bot="emma")  # Bob's seat is not empty
    assert ann.read_until(lambda m: m["type"] == "error")["code"] == "taken"
    ann.command("add_bot", seat=2, bot="random")
    ann.read_until(lambda m: m["type"] == "update")
    ann.command("remove_bot", seat=2)
    ann.read_until(lambda m: m["type"] == "update")
    assert ann.room["seats"][2]["kind"] == "open"


def test_a_full_or_started_room_refuses_joins_and_a_join_never_reuses_a_seat(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=3)
    first = join_room(client, made["code"], "Bob")
    # A second Bob (or a double-clicked Join) takes no seat: the log could not tell them apart.
    again = client.post(f"/rooms/{made['code']}/join", json={"name": "Bob"})
    assert again.status_code == 409 and again.json()["error"] == "taken"
    second = join_room(client, made["code"], "Cy")
    assert {first["seat"], second["seat"]} == {1, 2} and first["token"] != second["token"]
    full = client.post(f"/rooms/{made['code']}/join", json={"name": "Dan"})
    assert full.status_code == 409 and full.json()["error"] == "full"
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert [s.kind for s in server.rooms[made["code"]].room.seats] == ["human"] * 3


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"name": ""}, "name"),
        ({"name": "\u200b\x00  "}, "visible"),
        ({"name": "x" * 25}, "at most 24"),
        ({"name": "Ann", "players": 6}, "players"),
        ({"name": "Ann", "rules": {"preset": "chess"}}, "preset"),
        ({"name": "Ann", "rules": {"preset": "classic", "refill": "none"}}, "first-empty"),
        ({"name": "Ann", "players": 5, "rules": {"preset": "classic", "hand_size": 13}},
         "cannot deal"),
        ({"name": "Ann", "rules": {"preset": "nordic", "end": "all-books"}}, "needs a refill"),
        ({"name": "Ann", "rules": {"preset": "classic", "hand_size": 14}}, "hand_size"),
        ({"name": "Ann", "rules": {"preset": "classic", "refill": "sometimes"}}, "refill"),
        ({"name": "Ann", "rules": {"preset": "classic", "end": "never"}}, "end"),
        ({"name": "Ann", "admin": True}, "admin"),
    ],
)
def test_bad_room_requests_get_a_clear_reason(client: TestClient, body: dict, reason: str) -> None:
    response = client.post("/rooms", json=body)
    assert response.status_code == 400
    assert reason in response.json()["message"]


def test_unknown_and_malformed_codes_are_refused(client: TestClient) -> None:
    assert client.get("/rooms/ZZZZZZ/info").status_code == 404
    assert client.post("/rooms/ZZZZZZ/join", json={"name": "A"}).status_code == 404
    bad = client.get("/rooms/not-a-code!/info")
    assert bad.status_code == 400 and "not a room code" in bad.json()["message"]
    big = client.post("/rooms", content=b'{"name": "' + b"a" * 5000 + b'"}')
    assert big.status_code == 400 and "larger than" in big.json()["message"]


def test_a_mistyped_room_link_gets_a_page_with_a_way_back(client: TestClient) -> None:
    page = client.get("/rooms/XXXX")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "is not a room code" in page.text
    # Its ways on lead to the rooms: a friend's browser is refused the table at "/" (403),
    # which its "Back to Go Fish" and "New game" links led to.
    links = re.findall(r'href="([^"]*)"', page.text)
    assert "/rooms" in links and not [link for link in links if link in ("/", "/#/history")]
    well_formed = client.get("/rooms/ZZZZZZ")  # the room page itself says there is no room
    assert well_formed.status_code == 200


def test_a_wrong_token_gets_no_seat(client: TestClient) -> None:
    code, _ann, _bob = three_seat_room(client)
    refusal, close_code = refused_hello(client, code, "A" * 32)
    assert refusal["code"] == "forbidden" and close_code == 4403 and refusal["reason"] is None
    assert "not for a seat in this room" in refusal["message"]
    with client.websocket_connect(f"/ws/room/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "short"}))
        assert receive(ws)["code"] == "invalid"


def test_a_spectator_sees_the_table_but_no_hand_and_cannot_act(client: TestClient) -> None:
    code, ann, bob = three_seat_room(client)
    watcher = connect(client, code, None)
    assert watcher.you == {"seat": None, "role": "spectator", "host": False, "name": None}
    start_game(ann, [bob, watcher])
    assert watcher.game["hand"] is None and watcher.game["legal_actions"] == []
    dealt = [e["event"] for e in watcher.log if e["event"]["type"] == "dealt"]
    assert dealt and all(e["cards"] is None for e in dealt)
    settle([ann, bob, watcher])  # nobody moves now: a person is to ask
    watcher.command("start")
    assert watcher.read_until(lambda m: m["type"] == "error")["code"] == "invalid"
    watcher.command("ask", target=0, rank="A")
    assert watcher.read_until(lambda m: m["type"] == "error")["code"] == "forbidden"


def test_an_ask_based_on_an_old_version_is_refused(client: TestClient) -> None:
    code, ann, bob = three_seat_room(client)
    start_game(ann, [bob])
    settle([ann, bob])
    actor = ann if ann.my_turn() else bob
    ask = actor.game["legal_actions"][0]
    actor.send({"type": "ask", "version": actor.version - 1, **ask})
    refusal = actor.read_until(lambda m: m["type"] == "error")
    assert refusal["code"] == "stale" and refusal["version"] == actor.version
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert server.rooms[code].room.version == actor.version  # nothing was played
    actor.command("ask", **ask)
    actor.read_until(lambda m: m["type"] == "update")


def test_out_of_turn_and_illegal_asks_are_refused_with_reasons(client: TestClient) -> None:
    _code, ann, bob = three_seat_room(client)
    start_game(ann, [bob])
    settle([ann, bob])
    actor, waiting = (ann, bob) if ann.my_turn() else (bob, ann)
    waiting.command("ask", target=actor.seat, rank="A")
    assert waiting.read_until(lambda m: m["type"] == "error")["code"] == "not_your_turn"
    held = {card[:-1] for card in actor.game["hand"]}
    missing = next(r for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
                   if r not in held)
    actor.command("ask", target=waiting.seat, rank=missing)  # R5: must hold the rank
    assert actor.read_until(lambda m: m["type"] == "error")["code"] == "illegal"
    actor.command("ask", target=actor.seat, rank=next(iter(held)))  # cannot ask oneself
    assert actor.read_until(lambda m: m["type"] == "error")["code"] == "illegal"
    actor.command("ask", target=waiting.seat, rank="Z")
    assert "rank" in actor.read_until(lambda m: m["type"] == "error")["message"]


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        ("not json at all", "invalid"),
        ("[1, 2, 3]", "invalid"),
        ('{"type": "ask"}', "version"),
        ('{"type": "shout", "version": 1}', "type"),
        ('{"type": "start", "version": "1"}', "version"),
        ('{"type": "start", "version": 1, "extra": true}', "extra"),
        ('{"type": "ask", "version": 1, "target": 9, "rank": "A"}', "target"),
        ('{"type": "ask", "version": 1, "target": 1, "rank": "AAAA"}', "rank"),
        ('{"type": "add_bot", "version": 1, "seat": 1, "bot": "' + "e" * 121 + '"}', "bot"),
    ],
)
def test_frames_that_break_the_schema_are_refused_and_the_socket_stays_usable(
    client: TestClient, frame: str, reason: str
) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    ann.ws.send_text(frame)
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["code"] == "invalid"
    assert reason in refusal["message"] or reason == "invalid"
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")


def test_oversized_and_binary_frames_are_refused(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    ann.ws.send_text(json.dumps({"type": "start", "version": 0, "pad": "x" * 5000}))
    assert ann.read_until(lambda m: m["type"] == "error")["code"] == "too_large"
    ann.ws.send_bytes(b'{"type": "start", "version": 1}')
    assert "binary" in ann.read_until(lambda m: m["type"] == "error")["message"]
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert server.rooms[made["code"]].room.version == 1  # only the host's seat entry


def test_too_many_frames_are_rate_limited_and_a_flood_is_disconnected(
    make_app: Callable[..., Starlette],
) -> None:
    # Refilled at one frame in 4 s: at 2 a second, a machine that stalled for a second
    # while the 8 frames went out refilled enough of them to leave fewer than 3 refused.
    slow = RoomSettings(away_seconds=5, bot_delay=0, rate_per_second=0.25, rate_burst=4,
                        max_violations=10)
    with serving(make_app(slow)) as client:
        made = create_room(client, "Ann", players=2)
        ann = connect(client, made["code"], made["token"])
        for _ in range(8):
            ann.command("remove_bot", seat=1)  # refused anyway: it is the rate that counts
        codes = [ann.read_until(lambda m: m["type"] == "error")["code"] for _ in range(8)]
        assert codes.count("rate_limited") >= 3 and codes[0] != "rate_limited"
        with pytest.raises(Closed) as closed:
            for _ in range(40):
                ann.command("remove_bot", seat=1)
            while True:
                ann.read()
        assert closed.value.code == 1008


def test_a_reconnect_rejoins_the_same_seat_with_the_whole_log(
    make_app: Callable[..., Starlette],
) -> None:
    # PATIENT: under FAST, Bob gone for 0.4 s (a slow reconnect on a busy machine) is away,
    # and on his turn a stand-in asks for him before he is back: a different version.
    with serving(make_app(PATIENT)) as client:
        code, ann, bob = three_seat_room(client)
        start_game(ann, [bob])
        settle([ann, bob])
        hand, log_length, version = bob.game["hand"], len(bob.log), bob.version
        disconnect(bob)
        ann.read_until(lambda m: m["type"] == "presence" and not m["seats"][1]["connected"])
        again = connect(client, code, bob.token)
        assert again.seat == 1 and again.version == version
        assert again.game["hand"] == hand and len(again.log) == log_length
        assert [e["text"] for e in again.log] == [e["text"] for e in bob.log]
        ann.read_until(lambda m: m["type"] == "presence" and m["seats"][1]["connected"])
        play_to_end([ann, again])


def test_a_seat_gone_too_long_is_played_by_a_bot_until_its_player_returns(
    client: TestClient,
) -> None:
    code, ann, bob = three_seat_room(client)
    start_game(ann, [bob])
    settle([ann, bob])
    disconnect(bob)
    ann.read_until(lambda m: m["type"] == "presence" and m["seats"][1]["away"])
    # With Bob away, only Ann is a person: play until Bob has been played for (or the end).
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    room = server.rooms[code].room
    deadline = time.monotonic() + 60
    while not any(a.get("by") == "stand-in" for a in _entries_by(room, client, code)):
        settle([ann])
        if ann.game["current_player"] is None:
            break
        ann.command("ask", **ann.game["legal_actions"][0])
        ann.read_until(lambda m: m["type"] == "update")
        assert time.monotonic() < deadline
    assert any(a.get("by") == "stand-in" for a in _entries_by(room, client, code))
    # Early in the game (the stand-in's first turn): a classic game lasts to 13 books.
    assert room.status != "over"
    back = connect(client, code, bob.token)
    assert back.seat == 1 and not back.room["seats"][1]["away"]
    ann.read_until(lambda m: m["type"] == "presence" and not m["seats"][1]["away"])
    caught_up(client, code, [ann, back])  # the stand-in's last ask may land after the welcome
    settle([ann, back])
    # Ann plays until Bob's turn comes (the stand-in had played each of his turns at once,
    # so it was seldom his turn as he came back, and this check was mostly skipped).
    chooser = random.Random(1)
    while not back.my_turn():
        assert ann.game["current_player"] is not None and time.monotonic() < deadline
        ann.command("ask", **chooser.choice(ann.game["legal_actions"]))
        ann.read_until(lambda m: m["type"] == "update")
        settle([ann, back])
    stood_still(client, code, room.version)  # the stand-in has stopped: Bob's turn waits
    play_to_end([ann, back])


def test_with_every_person_away_the_game_waits_for_the_first_one_back(
    client: TestClient,
) -> None:
    """Both people drop at once (a router restarting) for longer than the away grace: no
    stand-in plays the game out for nobody. The first one back finds it where it was, and
    only then does a stand-in ask for the one still away."""
    made = create_room(client, "Ann", players=2)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    start_game(ann, [bob])
    settle([ann, bob])
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    room = server.rooms[made["code"]].room
    version, mover = room.version, room.game.current_player
    disconnect(ann)
    disconnect(bob)
    deadline = time.monotonic() + 10  # FAST: away after 0.4 s, bots ask at once
    while not all(seat.away for seat in room.seats):
        assert time.monotonic() < deadline, "nobody was marked away"
        time.sleep(0.05)
    scheduled_moves_run(client, made["code"])
    assert room.seat_played_by_bot() is None  # no stand-in asks with nobody here
    # Nothing moved: only the stand-ins' names, given as each went away, were stored.
    assert _kinds_after(version, client, made["code"]) == ["away", "away"]
    assert not _entries_by(room, client, made["code"])
    version = room.version
    back = connect(client, made["code"], [made["token"], joined["token"]][1 - mover])
    assert back.version == version
    # Two entries may come now, in either order: the stand-in's ask and, when the one back
    # is not the host, the host role passed on to them (the host was away all along).
    while not (asks := _entries_by(room, client, made["code"])):
        assert time.monotonic() < deadline + 10, "no stand-in asked for the one still away"
        back.read_until(lambda m: m["type"] == "update")
    assert asks[0]["by"] == "stand-in" and asks[0]["player"] == mover


def _kinds_after(version: int, client: TestClient, code: str) -> list[str]:
    """The kinds of a room's entries stored after ``version``, read from the database."""
    return [kind for seq, kind, _ in _stored_entries(client, code) if seq > version]


def _entries_by(room: object, client: TestClient, code: str) -> list[dict]:
    """The stored ask entries of a room, read from the database like a restart would."""
    return [data for _, kind, data in _stored_entries(client, code) if kind == "ask"]


def _stored_entries(client: TestClient, code: str) -> list[tuple[int, str, dict]]:
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    stored = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
    return list(stored.entries)


def test_a_restarted_server_resumes_the_room_where_it_was(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app()) as client:
        code, ann, bob = three_seat_room(client)
        start_game(ann, [bob])
        play([ann, bob], asks=3)
        before = {"version": ann.version, "ann": ann.game["hand"], "bob": bob.game["hand"],
                  "log": [e["text"] for e in ann.log]}
        tokens = (ann.token, bob.token)
    # A new app on the same database. Its away clocks start as it loads the room, when Ann
    # connects: PATIENT, so that Bob's seat is not played by a stand-in (under FAST, after
    # 0.4 s) before his own socket is open.
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, tokens[0])
        bob = connect(client, code, tokens[1])
        assert ann.version == before["version"]
        assert ann.game["hand"] == before["ann"] and bob.game["hand"] == before["bob"]
        assert [e["text"] for e in ann.log] == before["log"]
        play_to_end([ann, bob])


def test_an_unusable_database_gives_a_clear_error_not_a_traceback(
    make_app: Callable[..., Starlette], tmp_path: Path
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    with serving(make_app(url=str(tmp_path / "a-file" / "rooms.sqlite3"))) as client:
        response = client.post("/rooms", json={"name": "Ann"})
        assert response.status_code == 503
        assert "cannot open the rooms database" in response.json()["message"]
        with client.websocket_connect("/ws/room/ABCDEF") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert receive(ws)["code"] == "storage"


def test_opening_and_joining_rooms_too_fast_is_refused(
    make_app: Callable[..., Starlette],
) -> None:
    settings = RoomSettings(bot_delay=0, joins_per_minute=3)
    with serving(make_app(settings)) as client:
        statuses = [client.post("/rooms", json={"name": "Ann"}).status_code for _ in range(5)]
        assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429]
        refused = client.post("/rooms", json={"name": "Ann"}).json()
        assert refused["error"] == "rate_limited" and "wait" in refused["message"]


def test_guessing_room_codes_is_slowed_to_a_few_a_minute_per_address(
    make_app: Callable[..., Starlette],
) -> None:
    """Rooms are found by their code, so codes that name no room are limited per client
    address wherever they are looked up (a code's info, a browser's rooms, a join, a
    hello): a script tried thousands a second. A real code still answers until then, and
    a join to a missing room no longer uses up the joins of friends on a shared address."""
    settings = RoomSettings(bot_delay=0, missing_rooms_per_minute=4, joins_per_minute=2)
    with serving(make_app(settings)) as client:
        made = create_room(client, "Ann")
        absent = "ABCDEF" if made["code"] != "ABCDEF" else "ABCDEG"
        assert client.post(f"/rooms/{absent}/join", json={"name": "Bob"}).status_code == 404
        assert client.get(f"/rooms/{absent}/info").status_code == 404
        assert client.get(f"/rooms/{absent.lower()}/info").status_code == 404
        assert client.get(f"/rooms/{made['code']}/info").status_code == 200  # not a miss
        mine = client.post("/rooms/mine", json={"seats": [
            {"code": absent, "token": "t" * 20}, {"code": made["code"], "token": "t" * 20}]})
        assert [room.get("status") for room in mine.json()["rooms"]] == ["missing", "lobby"]
        # Four misses: every lookup now is refused, real codes too, in words.
        refused = client.get(f"/rooms/{made['code']}/info")
        assert refused.status_code == 429 and "name no room" in refused.json()["message"]
        assert client.post("/rooms/mine", json={"seats": []}).status_code == 429
        with client.websocket_connect(f"/ws/room/{made['code']}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert receive(ws)["code"] == "rate_limited"
        # The misses took none of the joins: one is left after Ann's room.
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        server._missing_rooms.buckets.clear()  # as a minute later
        assert join_room(client, made["code"], "Bob")["seat"] == 1


def test_an_idle_room_leaves_memory_and_comes_back_from_the_database(
    make_app: Callable[..., Starlette],
) -> None:
    settings = RoomSettings(bot_delay=0, idle_seconds=0.2, rate_per_second=1000, rate_burst=1000)
    with serving(make_app(settings)) as client:
        code, ann, bob = three_seat_room(client)
        start_game(ann, [bob])
        settle([ann, bob])
        version = ann.version
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        disconnect(ann)
        disconnect(bob)
        deadline = time.monotonic() + 5
        while code in server.rooms:
            assert time.monotonic() < deadline, "the idle room stayed in memory"
            time.sleep(0.05)
        again = connect(client, code, bob.token)
        assert again.seat == 1 and again.version == version


def test_a_damaged_stored_room_is_reported_not_replayed_wrongly(
    make_app: Callable[..., Starlette], database: str
) -> None:
    with serving(make_app()) as client:
        code, _, _ = three_seat_room(client)
    with sqlite3.connect(database) as db:  # an ask that was never legal: no game has started
        db.execute("INSERT INTO online_entries VALUES (?, 4, 'ask', "
                   "'{\"player\": 0, \"target\": 1, \"rank\": \"A\"}', '')", (code,))
    with serving(make_app()) as client:
        response = client.get(f"/rooms/{code}/info")
        assert response.status_code == 503
        assert "entry 4 (ask) is damaged" in response.json()["message"]


@pytest.mark.parametrize("bot", ["random", "expert", "ismcts-quick"])
def test_any_registered_bot_can_fill_a_seat_and_finish_the_game(
    client: TestClient, bot: str
) -> None:
    if bot != "random":  # expert and ismcts play endgames out
        # Compile the endgame play-outs first: on a cold numba cache and a busy machine
        # that takes longer than a read's 5 s deadline, which is not what this test is about.
        warm_up()
    made = create_room(client, "Ann", players=2, rules={"preset": "nordic"})
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot=bot)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["bot"] == bot)
    start_game(ann, [])
    final = play_to_end([ann])
    assert final["winners"]
    # R19: the room says which nordic ending it was, to this seat ("you", not "Ann").
    names = ["you", ann.room["seats"][1]["name"].lower()]
    empty = [names[seat] for seat, size in enumerate(final["hand_sizes"]) if size == 0]
    assert ("ran dry" in final["ending"]) == (final["pond"] == 0)
    assert all(name in final["ending"].lower() for name in empty), final["ending"]


def test_every_house_rule_can_be_chosen_and_the_room_says_its_rules(client: TestClient) -> None:
    rules = {"preset": "nordic", "refill": "card", "end": "all-books", "hand_size": 4,
             "lucky_draw": False, "book_size": 2, "ask": "card"}
    made = create_room(client, "Ann", players=2, rules=rules)
    info = client.get(f"/rooms/{made['code']}/info").json()
    assert info["rules"] == rules
    assert info["rules_summary"] == [
        "nordic", "2 players, 4 cards each", "an empty hand draws a single card",
        "play until all 26 pairs are down", "no lucky draw", "pairs instead of books",
        "ask for a card by rank and suit"]
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    assert len(ann.game["hand"]) <= 4  # the deal (dealt pairs are laid at once)
    final = play_to_end([ann])
    assert sum(len(books) for books in final["books"]) == 26  # end: all-books, of pairs


def test_the_form_gets_each_presets_house_rules(client: TestClient) -> None:
    presets = client.get("/rooms/presets").json()["presets"]
    assert presets["nordic"]["refill"] == "none" and presets["nordic"]["end"] == "first-empty"
    assert presets["bicycle"]["refill"] == "turn"
    assert presets["classic"]["hand_sizes"] == {"2": 7, "3": 5, "4": 5, "5": 5}


def test_a_nordic_room_says_it_ends_at_an_empty_sea(client: TestClient) -> None:
    # Hopp i havet fishes from the sea: the table and the log say so, and so do the rules.
    made = create_room(client, "Ann", players=3, rules={"preset": "nordic"})
    summary = client.get(f"/rooms/{made['code']}/info").json()["rules_summary"]
    assert "ends at the first empty hand or sea" in summary
    made = create_room(client, "Ann", players=3, rules={"preset": "classic", "refill": "none",
                                                         "end": "first-empty"})
    summary = client.get(f"/rooms/{made['code']}/info").json()["rules_summary"]
    assert "ends at the first empty hand or pond" in summary

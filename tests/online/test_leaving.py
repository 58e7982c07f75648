"""Leaving a seat and the host removing a person: seats, bots, tokens, host role, restarts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from .conftest import PATIENT
from .helpers import (
    Message,
    Player,
    connect,
    create_room,
    disconnect,
    join_room,
    play_to_end,
    refused_hello,
    scheduled_moves_run,
    serving,
    settle,
    start_game,
    three_seat_room,
)

LEFT = "You left this room, so that seat is no longer yours"
REMOVED = "The host removed you from the room"


def leave(player: Player) -> Message:
    """``player`` leaves; return the ``unseated`` message, once the spectator welcome is in."""
    player.command("leave")
    player.read_until(lambda m: m["type"] == "welcome")
    assert player.unseated is not None and player.seat is None
    return player.unseated


def remove(host: Player, seat: int) -> None:
    host.command("remove_player", seat=seat)
    host.read_until(lambda m: m["type"] == "update" and m["notice"])


def refusal(player: Player) -> Message:
    return player.read_until(lambda m: m["type"] == "error")


def stored_kinds(client: TestClient, code: str) -> list[tuple[str, dict[str, Any]]]:
    """The room's entries as the database holds them (what a restart replays)."""
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    stored = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
    return [(kind, data) for _, kind, data in stored.entries]


def in_game(client: TestClient) -> tuple[str, Player, Player]:
    """Ann (host), Bob and Emma mid-game, with a person to ask: nothing moves on its own."""
    code, ann, bob = three_seat_room(client)
    start_game(ann, [bob])
    settle([ann, bob])
    return code, ann, bob


# ------------------------------------------------------------------ leaving


def test_leaving_in_the_lobby_opens_the_seat_and_revokes_the_token(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    told = leave(bob)
    assert told["reason"] == "left" and "You left the room" in told["message"]
    assert bob.you == {"seat": None, "role": "spectator", "host": False, "name": None}
    update = ann.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == "Bob left; seat 2 is open."
    assert ann.room["seats"][1]["kind"] == "open" and ann.room["seats"][1]["name"] is None
    assert stored_kinds(client, made["code"])[-1] == (
        "leave", {"seat": 1, "name": "Bob", "bot": None, "removed_by": None})
    error, close_code = refused_hello(client, made["code"], joined["token"])
    assert close_code == 4403 and error["code"] == "forbidden" and LEFT in error["message"]
    assert error["reason"] == "left"  # so a page can keep saying why after a reload
    again = join_room(client, made["code"], "Bob")  # an open seat can be joined afresh
    assert again["seat"] == 1 and again["token"] != joined["token"]


def test_leaving_mid_game_hands_the_seat_to_a_bot_that_plays_it_out(client: TestClient) -> None:
    code, ann, bob = in_game(client)
    bob_cards = len(bob.game["hand"])
    leave(bob)
    assert bob.game["hand"] is None  # a spectator now: only the table
    assert all(e["event"].get("cards") is None for e in bob.log
               if e["event"]["type"] == "dealt")
    update = ann.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == "Bob left; Emma 2 (bot) plays their seat."
    seat = ann.room["seats"][1]
    assert (seat["kind"], seat["bot"], seat["name"], seat["vacated"]) == (
        "bot", "emma", "Bob", "left")
    assert ann.game["hand_sizes"][1] == bob_cards  # the bot holds Bob's cards
    notice = ann.log[-1]
    assert notice == {"event": {"type": "seat_left", "seat": 1, "bot": "emma"},
                      "text": "Bob left; Emma 2 (bot) plays their seat."}
    assert bob.log[-1] == notice  # the spectator's log tells it too
    final = play_to_end([ann])
    assert final["winners"]
    asks = [data for kind, data in stored_kinds(client, code) if kind == "ask"
            and data["player"] == 1]
    assert asks and asks[-1]["by"] == "bot"


def test_a_rematch_deals_the_left_seat_to_its_bot_under_the_bots_name(
    client: TestClient,
) -> None:
    _code, ann, bob = in_game(client)
    leave(bob)
    play_to_end([ann])
    ann.command("start")
    ann.read_until(lambda m: m["type"] == "update" and m["game"]["number"] == 2)
    # Two Emmas would read "Emma (bot) asks Emma (bot)": the newcomer is numbered.
    assert [s["name"] for s in ann.room["seats"]] == ["Ann", "Emma 2 (bot)", "Emma (bot)"]
    assert ann.room["seats"][1]["vacated"] is None
    assert ann.game["log_from"] == 0 and "Bob" not in json.dumps(ann.log)


def host_connects_last(client: TestClient, players: int) -> tuple[str, Player, Player, Player]:
    """A room of Ann's (the host) where Bob and Cy are seated and their pages connect
    before hers: its code, then Ann's, Bob's and Cy's pages. Serve it PATIENT: under FAST,
    had Ann's page taken 0.4 s (a busy machine), the role would rightly pass to Bob as Ann
    being away, and her next command would name a version that is no longer the room's."""
    made = create_room(client, "Ann", players=players)
    code = made["code"]
    bob = connect(client, code, join_room(client, code, "Bob")["token"])
    cy = connect(client, code, join_room(client, code, "Cy")["token"])
    return code, connect(client, code, made["token"]), bob, cy


def test_the_host_role_passes_to_the_next_person_in_seat_order(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(PATIENT)) as client:
        code, ann, bob, cy = host_connects_last(client, players=3)
        leave(ann)
        update = bob.read_until(lambda m: m["type"] == "update" and m["notice"])
        # Bob's own page says "you", as each page calls its reader; Cy's names him.
        assert update["notice"] == "Ann left; seat 1 is open. You are the host now."
        update = cy.read_until(lambda m: m["type"] == "update" and m["notice"])
        assert update["notice"] == "Ann left; seat 1 is open. Bob is the host now."
        assert bob.room["host"] == 1
        dan = connect(client, code, join_room(client, code, "Dan")["token"])  # takes seat 1
        assert dan.seat == 0 and not dan.you["host"]
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][0]["name"] == "Dan")
        leave(bob)
        cy.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 2)
        leave(cy)  # from seat 3 the role goes round to seat 1
        dan.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 0)
        dan.command("add_bot", seat=1, bot="emma")  # the new host's rights work at once
        dan.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")


def test_the_host_leaving_passes_the_role_to_someone_here_over_a_person_gone(
    make_app: Callable[..., Starlette],
) -> None:
    """Bob, next in seat order, closed his tab long ago: the role his way would stay with
    nobody (his grace ran out while Ann held it, so no clock of his hands it on), and Cy,
    here, could not seat a bot or start for as long as he stayed. It goes to Cy, and a
    restart, with nobody here, hands it out alike (the choice is stored)."""
    with serving(make_app(PATIENT)) as client:
        made = create_room(client, "Ann", players=3)
        code = made["code"]
        bob_token = join_room(client, code, "Bob")["token"]
        cy = connect(client, code, join_room(client, code, "Cy")["token"])
        ann = connect(client, code, made["token"])
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        server.settings = replace(PATIENT, away_seconds=0.2)  # for Bob's clock, from now
        disconnect(connect(client, code, bob_token))
        time.sleep(0.6)  # past Bob's grace
        leave(ann)
        update = cy.read_until(lambda m: m["type"] == "update" and m["notice"])
        assert update["notice"] == "Ann left; seat 1 is open. You are the host now."
        assert cy.room["host"] == 2
        cy.command("add_bot", seat=0, bot="emma")  # the host's rights are Cy's at once
        cy.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][0]["kind"] == "bot")
        assert [data.get("host") for kind, data in stored_kinds(client, code)
                if kind == "leave"] == [2]
    with serving(make_app(PATIENT)) as client:
        assert client.get(f"/rooms/{code}/info").json()["host"] == 2


def test_the_host_leaving_mid_game_passes_the_role_and_its_rights(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(PATIENT)) as client:
        _code, ann, bob, cy = host_connects_last(client, players=4)
        ann.command("add_bot", seat=3, bot="random")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][3]["kind"] == "bot")
        start_game(ann, [bob, cy])
        settle([ann, bob, cy])
        leave(ann)
        update = bob.read_until(lambda m: m["type"] == "update" and m["notice"])
        assert update["notice"] == "Ann left; Emma (bot) plays their seat. You are the host now."
        assert "Ann left; Emma (bot) plays their seat. Bob is the host now." in [
            entry["text"] for entry in cy.read_until(lambda m: m["type"] == "update"
                                                     and m["notice"])["game"]["log"]]
        settle([bob, cy])
        remove(bob, 2)
        assert bob.room["seats"][2]["kind"] == "bot"
        cy.read_until(lambda m: m["type"] == "welcome")
        assert cy.unseated is not None and cy.unseated["reason"] == "removed"


def test_when_the_last_person_leaves_a_dealt_room_it_closes(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    code = made["code"]
    ann = connect(client, code, made["token"])
    watcher = connect(client, code, None)
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [watcher])
    settle([ann, watcher])
    leave(ann)
    update = watcher.read_until(lambda m: m["type"] == "update" and m["notice"])
    # No stand-in plays on in a closed room, so the sentence does not say one does.
    assert update["notice"] == ("Ann left. Nobody is left in a seat, so the room is closed "
                                "and the game stops here.")
    assert watcher.log[-1]["text"] == update["notice"]
    assert watcher.room["status"] == "closed" and watcher.room["host"] is None
    version = watcher.version
    scheduled_moves_run(client, code)  # bots do not play on for nobody
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert server.rooms[code].room.version == version
    joining = client.post(f"/rooms/{code}/join", json={"name": "Cy"})
    assert joining.status_code == 409 and "everyone has left" in joining.json()["message"]
    assert client.get(f"/rooms/{code}/info").json()["status"] == "closed"


def test_an_emptied_lobby_stays_open_and_its_next_person_is_host(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    leave(ann)
    assert ann.room["host"] is None and ann.room["status"] == "lobby"
    bob = connect(client, made["code"], join_room(client, made["code"], "Bob")["token"])
    assert bob.seat == 0 and bob.you["host"] and bob.room["host"] == 0
    bob.command("add_bot", seat=1, bot="emma")
    bob.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")


def test_every_socket_of_the_seat_is_unseated(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    first = connect(client, made["code"], made["token"])
    second = connect(client, made["code"], made["token"])  # the same person in a second tab
    leave(first)
    second.read_until(lambda m: m["type"] == "welcome")
    assert second.unseated is not None and second.seat is None


# ------------------------------------------------------------------ removing


def test_the_host_removes_a_person_in_the_lobby(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    remove(ann, 1)
    # Ann's own page says "You", as each page calls its reader; every other page "The host".
    assert ann.notices[-1] == "You removed Bob; seat 2 is open."
    assert ann.room["seats"][1]["kind"] == "open"
    bob.read_until(lambda m: m["type"] == "welcome")
    assert bob.unseated == {"type": "unseated", "reason": "removed",
                            "message": "The host removed you from the room. You can still watch."}
    assert bob.you["role"] == "spectator"
    error, close_code = refused_hello(client, made["code"], joined["token"])
    assert close_code == 4403 and REMOVED in error["message"] and error["reason"] == "removed"
    assert stored_kinds(client, made["code"])[-1] == (
        "leave", {"seat": 1, "name": "Bob", "bot": None, "removed_by": 0})


def test_the_host_removes_a_person_mid_game_and_a_bot_plays_on(client: TestClient) -> None:
    _code, ann, bob = in_game(client)
    remove(ann, 1)
    notice = "The host removed Bob; Emma 2 (bot) plays their seat."
    yours = "You removed Bob; Emma 2 (bot) plays their seat."  # on Ann's, the host's, page
    assert ann.notices[-1] == yours and ann.log[-1]["text"] == yours
    assert ann.log[-1]["event"]["type"] == "seat_removed"
    assert ann.room["seats"][1]["vacated"] == "removed"
    bob.read_until(lambda m: m["type"] == "welcome")
    assert bob.game["hand"] is None and bob.log[-1]["text"] == notice  # watching
    assert play_to_end([ann, bob])["winners"]


@pytest.mark.parametrize(
    ("who", "seat", "code", "reason"),
    [
        ("bob", 0, "forbidden", "only the host can remove"),
        ("ann", 2, "invalid", "seat 3 is played by a bot"),
        ("ann", 0, "invalid", "use Leave instead"),
        ("ann", 4, "invalid", "there is no seat 5"),
    ],
)
def test_removals_the_room_refuses(
    client: TestClient, who: str, seat: int, code: str, reason: str
) -> None:
    room_code, ann, bob = three_seat_room(client)
    bob.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
    actor = {"ann": ann, "bob": bob}[who]
    actor.command("remove_player", seat=seat)
    error = refusal(actor)
    assert error["code"] == code and reason in error["message"]
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert [s.kind for s in server.rooms[room_code].room.seats] == ["human", "human", "bot"]


def test_removing_an_empty_seat_is_refused(client: TestClient) -> None:
    made = create_room(client, "Ann", players=3)
    ann = connect(client, made["code"], made["token"])
    ann.command("remove_player", seat=1)
    error = refusal(ann)
    assert error["code"] == "invalid" and "seat 2 is empty" in error["message"]


def test_leaving_twice_or_without_a_seat_is_refused(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    version = ann.version
    ann.send({"type": "leave", "version": version})
    ann.send({"type": "leave", "version": version})  # a double click: both frames in flight
    ann.read_until(lambda m: m["type"] == "welcome")
    error = refusal(ann)
    assert error["code"] == "forbidden" and LEFT in error["message"]
    watcher = connect(client, made["code"], None)
    watcher.command("leave")
    assert "no seat" in refusal(watcher)["message"]
    watcher.command("remove_player", seat=0)
    assert refusal(watcher)["code"] == "forbidden"


def test_leave_and_remove_go_through_the_schema_and_the_version_check(
    client: TestClient,
) -> None:
    code, ann, _bob = three_seat_room(client)
    ann.send({"type": "leave", "version": ann.version - 1})
    assert refusal(ann)["code"] == "stale"
    ann.send({"type": "leave", "version": ann.version, "seat": 1})
    error = refusal(ann)
    assert error["code"] == "invalid" and "seat" in error["message"]
    ann.send({"type": "remove_player", "version": ann.version})
    error = refusal(ann)
    assert error["code"] == "invalid" and "seat" in error["message"]
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert server.rooms[code].room.seats[0].kind == "human"  # nothing happened


# ------------------------------------------------------------------ restarts


def test_a_removal_and_a_leave_mid_game_survive_a_restart(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app()) as client:
        made = create_room(client, "Ann", players=4)
        code = made["code"]
        tokens = {"Ann": made["token"]}
        for name in ("Bob", "Cy"):
            tokens[name] = join_room(client, code, name)["token"]
        players = [connect(client, code, tokens[name]) for name in ("Ann", "Bob", "Cy")]
        ann, bob, _cy = players
        ann.command("add_bot", seat=3, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][3]["kind"] == "bot")
        start_game(ann, players[1:])
        settle(players)
        remove(ann, 2)
        settle([ann, bob])
        leave(ann)
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        settle([bob])
        before = {"version": bob.version, "log": bob.log, "seats": bob.room["seats"]}
    # A new server on the same database. PATIENT: its away clocks start as Bob's hello
    # loads the room, and under FAST a stalled moment before he is seated (0.4 s) let a
    # stand-in play his turn before his welcome.
    with serving(make_app(PATIENT)) as client:
        bob = connect(client, code, tokens["Bob"])
        assert bob.you["host"] and bob.room["host"] == 1
        assert bob.version == before["version"] and bob.log == before["log"]
        assert [(s["kind"], s["vacated"]) for s in bob.room["seats"]] == [
            ("bot", "left"), ("human", None), ("bot", "removed"), ("bot", None)]
        texts = [e["text"] for e in bob.log]
        assert "The host removed Cy; Emma 2 (bot) plays their seat." in texts  # Ann, not Bob
        assert "Ann left; Emma 3 (bot) plays their seat. You are the host now." in texts
        assert LEFT in refused_hello(client, code, tokens["Ann"])[0]["message"]
        assert REMOVED in refused_hello(client, code, tokens["Cy"])[0]["message"]
        assert play_to_end([bob])["winners"]


def test_a_lobby_leave_survives_a_restart(make_app: Callable[..., Starlette]) -> None:
    with serving(make_app()) as client:
        made = create_room(client, "Ann", players=2)
        ann = connect(client, made["code"], made["token"])
        leave(ann)
    with serving(make_app()) as client:
        info = client.get(f"/rooms/{made['code']}/info").json()
        assert info["seats"][0]["kind"] == "open" and info["host"] is None
        assert LEFT in refused_hello(client, made["code"], made["token"])[0]["message"]


def test_a_name_already_in_the_room_is_refused_and_each_bot_has_its_own(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=4)
    code = made["code"]
    taken = client.post(f"/rooms/{code}/join", json={"name": " ann "})
    assert taken.status_code == 409 and taken.json() == {
        "error": "taken",
        "message": "someone in this room is already called Ann: choose another name"}
    ann = connect(client, code, made["token"])
    for seat in (1, 2):
        ann.command("add_bot", seat=seat, bot="emma")
        ann.read_until(lambda m, s=seat: m["type"] == "update"
                       and m["room"]["seats"][s]["kind"] == "bot")
    assert [s["name"] for s in ann.room["seats"][:3]] == ["Ann", "Emma (bot)", "Emma 2 (bot)"]
    # A person may not take a bot's name at all: "(bot)" is for the bots.
    as_a_bot = client.post(f"/rooms/{code}/join", json={"name": "Emma (bot)"})
    assert as_a_bot.status_code == 400
    assert '"(bot)" are for the bots' in as_a_bot.json()["message"]


# ------------------------------------------------- rejoining after a removal
# A host who removed someone expects them to stay out: the browser sends the token it
# held along with a new join, and a token the host revoked is refused. A courtesy, not
# security: another browser (no previous token) joins like anyone else.

REJOIN_REFUSED = "the host removed you from this room: you can still watch"


def rejoin(client: TestClient, code: str, name: str, previous: str | None) -> Any:
    """``POST /rooms/{code}/join`` as the room page sends it: with the token held before."""
    return client.post(f"/rooms/{code}/join", json={"name": name, "previous_token": previous})


def removed_from_lobby(client: TestClient) -> tuple[str, str, Player]:
    """Ann removed Bob from a three-seat lobby: the room code, Bob's old token, and Ann."""
    made = create_room(client, "Ann", players=3)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    remove(ann, 1)
    return made["code"], joined["token"], ann


def test_a_removed_person_rejoining_with_their_old_token_is_refused_but_may_watch(
    client: TestClient,
) -> None:
    """Reloading and joining an open seat again does not get a removed person back in."""
    code, bob_token, _ann = removed_from_lobby(client)
    refused = rejoin(client, code, "Bob", bob_token)
    assert refused.status_code == 403
    assert refused.json() == {"error": "removed", "message": REJOIN_REFUSED}
    refused = rejoin(client, code, "Robert", bob_token)  # another name changes nothing
    assert refused.json()["message"] == REJOIN_REFUSED
    assert [kind for kind, _ in stored_kinds(client, code)] == ["seat", "seat", "leave"]
    watcher = connect(client, code, None)  # "you can still watch"
    assert watcher.you["role"] == "spectator" and watcher.room["seats"][1]["kind"] == "open"


def test_a_person_who_left_rejoins_with_their_old_token(
    make_app: Callable[..., Starlette],
) -> None:
    """Only the host's removal blocks a rejoin: leaving on one's own does not."""
    # PATIENT: Ann, the host, never connects; under FAST her role rightly passed to Bob
    # once 0.4 s had gone (a busy machine), and his leave then named a stale version.
    with serving(make_app(PATIENT)) as client:
        made = create_room(client, "Ann", players=3)
        joined = join_room(client, made["code"], "Bob")
        leave(connect(client, made["code"], joined["token"]))
        again = rejoin(client, made["code"], "Bob", joined["token"])
        assert again.status_code == 200 and again.json()["seat"] == 1


def test_a_fresh_visitor_without_a_token_joins_after_a_removal(client: TestClient) -> None:
    """No previous token (a new visitor, or the removed person on another browser): seated."""
    code, _bob_token, _ann = removed_from_lobby(client)
    for name, previous in (("Cy", None), ("Bob", None)):
        response = rejoin(client, code, name, previous)
        assert response.status_code == 200, response.text
    response = client.post(f"/rooms/{code}/join", json={"name": "Dan"})  # no field at all
    assert response.status_code == 409 and response.json()["error"] == "full"


def test_a_previous_token_that_is_not_a_token_is_refused_by_the_schema(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=2)
    response = rejoin(client, made["code"], "Bob", "<script>")
    assert response.status_code == 400 and "previous_token" in response.json()["message"]


def test_the_refusal_of_a_removed_persons_rejoin_holds_after_a_restart(
    make_app: Callable[..., Starlette],
) -> None:
    """The revoked tokens are worked out again from the stored entries on a restart."""
    with serving(make_app()) as client:
        code, bob_token, _ann = removed_from_lobby(client)
    with serving(make_app()) as client:  # a new server on the same database
        refused = rejoin(client, code, "Bob", bob_token)
        assert refused.status_code == 403 and refused.json()["message"] == REJOIN_REFUSED
        assert rejoin(client, code, "Cy", None).status_code == 200

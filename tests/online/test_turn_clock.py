"""The turn clock: a person who stays connected but lets their turn sit for
``turn_seconds`` has that one move made by the stand-in, and plays on after it.

A connected person is never marked away, so without it a friend who walked off with the
tab open held the room up for good. (Its draw for a nordic miss: test_fishing.py.)"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online.room import Room

from .conftest import PATIENT
from .helpers import (
    Player,
    caught_up,
    connect,
    disconnect,
    live_room_of,
    serving,
    stood_still,
    two_people,
    wait_for,
)

Dealt = tuple[TestClient, Room, list[Player]]


@contextlib.contextmanager
def dealt(make_app: Callable[..., Starlette], turn_seconds: float) -> Iterator[Dealt]:
    """Ann and Bob, people both, dealt a classic game on a server with this turn clock.
    PATIENT: nobody is marked away while a socket is briefly closed."""
    with serving(make_app(replace(PATIENT, turn_seconds=turn_seconds))) as client:
        code, players = two_people(client)
        yield client, client.app.state.gofish_rooms.rooms[code].room, players  # type: ignore[attr-defined]


def stored(client: TestClient, code: str) -> list[tuple[str, dict[str, Any]]]:
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    room = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
    return [(kind, data) for _, kind, data in room.entries]


def first_move_by_clock(client: TestClient, code: str, player: Player) -> tuple[str, dict]:
    """The first stored move the turn clock made, reading ``player``'s updates meanwhile."""
    deadline = time.monotonic() + 10
    while not (found := [e for e in stored(client, code) if e[1].get("by") == "turn-clock"]):
        assert time.monotonic() < deadline, "the turn clock never made a move"
        player.read_until(lambda m: m["type"] == "update", timeout=10)
    return found[0]


def texts(player: Player) -> list[str]:
    return [entry["text"] for entry in player.log]


def test_a_person_here_who_lets_their_turn_sit_has_the_stand_in_ask_once_and_plays_on(
    make_app: Callable[..., Starlette],
) -> None:
    with dealt(make_app, 0.5) as (client, room, players):
        mover = room.seat_to_move()
        assert mover is not None
        name = room.names[mover]
        kind, data = first_move_by_clock(client, room.code, players[0])
        assert kind == "ask" and data["player"] == mover
        # Nobody had asked: the clock's move was the game's first.
        assert next(d for k, d in stored(client, room.code) if k == "ask") == data
        # The log says so, in both pages, just before the ask made in the mover's name.
        for player in players:
            own = player.seat == mover
            line = ("Your time ran out: Emma (bot) asks for you this once." if own
                    else f"{name}'s time ran out: Emma (bot) asks for them this once.")
            if line not in texts(player):
                player.read_until(lambda m, line=line, p=player: line in texts(p))
            told = texts(player).index(line)
            assert texts(player)[told + 1].startswith("You ask" if own else f"{name} asks")
        # They keep their seat, connected and not away: nobody removed them.
        seat = room.seats[mover]
        assert seat.kind == "human" and seat.connected and not seat.away
        # From now on turns are long again: the person to move plays on themselves.
        client.app.state.gofish_rooms.settings = PATIENT  # type: ignore[attr-defined]
        assert own_move_taken(client, room, players)


def own_move_taken(client: TestClient, room: Room, players: list[Player]) -> bool:
    """A person makes an ask of their own, tried again should a move of the quick clock
    still running come first (and the ask be refused as stale)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        actor = next(p for p in players if p.seat == room.seat_to_move())
        sent = actor.version
        if actor.game and actor.game["legal_actions"]:
            actor.command("ask", **actor.game["legal_actions"][0])
        actor.read_until(lambda m, sent=sent: m["type"] == "error"
                         or (m["type"] == "update" and m["version"] > sent))
        if any(data.get("by") == "player" for _, data in stored(client, room.code)):
            return True
    return False


def test_every_move_starts_the_clock_again_and_pages_are_told_how_long_it_has(
    make_app: Callable[..., Starlette],
) -> None:
    with dealt(make_app, 30) as (_client, room, players):
        clock = players[0].messages[-1]["turn_clock"]
        assert clock["seat"] == room.seat_to_move() and 25 < clock["seconds"] <= 30
        actor = next(p for p in players if p.seat == clock["seat"])
        time.sleep(0.3)
        actor.command("ask", **actor.game["legal_actions"][0])  # type: ignore[index]
        update = actor.read_until(lambda m: m["type"] == "update")
        # Whoever moves next (the same person after a catch) has the whole time again.
        assert update["turn_clock"]["seat"] == room.seat_to_move()
        assert update["turn_clock"]["seconds"] > 29.5


def test_with_the_clock_off_a_turn_waits_for_its_person(
    make_app: Callable[..., Starlette],
) -> None:
    with dealt(make_app, 0) as (client, room, players):
        assert players[0].messages[-1]["turn_clock"] is None
        stood_still(client, room.code, room.version)
        assert live_room_of(client, room.code).turn_timer is None  # nothing counts down


def test_a_restarted_server_starts_the_clock_afresh_when_the_person_is_back(
    make_app: Callable[..., Starlette],
) -> None:
    """No deadline is stored: the clock of a room loaded after a restart starts when the
    person to move connects, never running out at once for the time that went by."""
    with dealt(make_app, 60) as (_client, room, players):
        code, mover = room.code, room.seat_to_move()
        assert mover is not None
        name = room.names[mover]
        tokens = [p.token for p in players]
    time.sleep(0.6)  # longer than the new server's clock: a stale start would run out at once
    with serving(make_app(replace(PATIENT, turn_seconds=0.5))) as client:
        other = connect(client, code, tokens[1 - mover])
        # The person to move is not here yet: their clock has not started.
        caught_up(client, code, [other])
        assert live_room_of(client, code).turn_timer is None
        assert not [e for e in stored(client, code) if e[1].get("by") == "turn-clock"]
        back = time.monotonic()
        person = connect(client, code, tokens[mover])
        clock = person.messages[-1]["turn_clock"]
        assert clock["seat"] == mover and clock["seconds"] > 0.4
        first_move_by_clock(client, code, other)
        assert time.monotonic() - back >= 0.45
    # Replayed from the stored entries once more, the log still says whose move it was.
    with serving(make_app(replace(PATIENT, turn_seconds=0))) as client:
        again = connect(client, code, tokens[1 - mover])
        assert f"{name}'s time ran out: Emma (bot) asks for them this once." in texts(again)


def test_a_fresh_clock_for_a_person_back_on_their_turn_reaches_the_other_pages(
    make_app: Callable[..., Starlette],
) -> None:
    """Their clock ran out while they had no connection (it did nothing then): the one
    that starts when they are back is counted down on the others' pages too, not only
    on theirs: the others are told of the return by presence, which says the clock too."""
    with dealt(make_app, 2) as (client, room, players):
        mover, version = room.seat_to_move(), room.version
        assert mover is not None
        person, other = players[mover], players[1 - mover]
        live = live_room_of(client, room.code)
        clock = live.turn_timer
        assert clock is not None
        disconnect(person)
        # It runs out on nobody: waited for, not slept on (a sleep a little longer than the
        # clock could end, on a busy machine, before it ran out, and check nothing).
        wait_for(lambda: not room.seats[mover].connected, "the server never saw them go")
        wait_for(lambda: live.turn_timer is None, "the turn clock never ran out")
        assert time.monotonic() >= clock.when(), "the clock was stopped, not run out"
        stood_still(client, room.code, version)
        back = connect(client, room.code, person.token)
        assert back.messages[-1]["turn_clock"]["seat"] == mover
        told = other.read_until(lambda m: m["type"] in ("update", "presence")
                                and (m["turn_clock"] or {}).get("seat") == mover, timeout=2)
        assert told["turn_clock"]["seconds"] > 1.5 and told["version"] == version
        # And gone again, the clock stops for the others too (it cannot run out on nobody).
        disconnect(back)
        gone = other.read_until(lambda m: m["type"] == "presence"
                                and not m["seats"][mover]["connected"])
        assert gone["turn_clock"] is None

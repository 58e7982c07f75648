"""A person who lets their turn clock run out twice in a row, with no
move of their own between, counts as away though their tab is open: the stand-in plays
their turns at once (not after ``turn_seconds`` each), until a move of theirs, the
``back`` command or a fresh arrival says they are back. Nothing of it is stored, as for
any away seat."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online.room import Room

from .conftest import PATIENT
from .helpers import (
    Message,
    Player,
    caught_up,
    connect,
    create_room,
    disconnect,
    join_room,
    serving,
    start_game,
)
from .test_turn_clock import stored, texts

Table = tuple[TestClient, Room, Player]
AWAY_LINE = "You are away: Emma 2 (bot) plays for you until you are back."  # on her page


@contextlib.contextmanager
def ann_and_emma(make_app: Callable[..., Starlette], turn_seconds: float) -> Iterator[Table]:
    """Ann (seat 0), the only person, and Emma (bot) dealt a classic game: Ann's stand-in
    is Emma 2 (bot)."""
    with serving(make_app(replace(PATIENT, turn_seconds=turn_seconds))) as client:
        made = create_room(client, "Ann", players=2)
        ann = connect(client, made["code"], made["token"])
        ann.command("add_bot", seat=1, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
        start_game(ann, [])
        yield client, client.app.state.gofish_rooms.rooms[made["code"]].room, ann  # type: ignore[attr-defined]


def set_clock(client: TestClient, turn_seconds: float, bot_delay: float = 0.0) -> None:
    """The clock (and the bots' pause) for every turn from now on."""
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    server.settings = replace(PATIENT, turn_seconds=turn_seconds, bot_delay=bot_delay)


def moves_of_ann(client: TestClient, room: Room) -> list[str]:
    """Who made each of Ann's stored moves (``by``), in order."""
    return [data["by"] for kind, data in stored(client, room.code)
            if kind in ("ask", "fish", "miss") and data["player"] == 0]


def away(message: Message) -> bool:
    return message["type"] in ("presence", "update", "welcome") and bool(
        (message.get("seats") or message["room"]["seats"])[0]["away"])


def gone_away(client: TestClient, ann: Player) -> Message:
    """Wait for Ann's seat to be marked away by her idle turns; the clock is long after."""
    marked = ann.read_until(away, timeout=15)
    set_clock(client, 60)
    return marked


def ann_to_move(client: TestClient, room: Room, ann: Player) -> Message:
    """Wait until it is Ann's turn, her page up to date (no older update still to read);
    the last update it had."""
    deadline = time.monotonic() + 10
    while True:
        caught_up(client, room.code, [ann])
        if ann.game is not None and ann.game["current_player"] == 0:
            return next(m for m in reversed(ann.messages) if m["type"] in ("update", "welcome"))
        assert time.monotonic() < deadline, "it never was Ann's turn"
        ann.read_until(lambda m: m["type"] == "update")


def clock_told(player: Player) -> Message:
    """The turn clock as the page last heard of it: from an update, or from a presence,
    which alone tells of a return on the page's own turn."""
    clock: Message = next(m["turn_clock"] for m in reversed(player.messages)
                          if m["type"] in ("update", "welcome", "presence"))
    return clock


def test_two_idle_turns_in_a_row_make_a_connected_person_away_and_the_stand_in_plays_at_once(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        marked = gone_away(client, ann)
        seat = (marked.get("seats") or marked["room"]["seats"])[0]
        assert seat["connected"] and seat["away"]  # the tab is open: away all the same
        # Her first idle turn was made for her "this once"; from the second the stand-in plays.
        assert moves_of_ann(client, room)[0] == "turn-clock"
        # Her clock is now 60 s, yet her next turns are played at once, with no clock.
        deadline = time.monotonic() + 10
        while moves_of_ann(client, room).count("stand-in") < 3:
            assert time.monotonic() < deadline, moves_of_ann(client, room)
            update = ann.read_until(lambda m: m["type"] == "update", timeout=5)
            assert update["turn_clock"] is None or update["turn_clock"]["seat"] != 0
            if update["game"]["current_player"] is None:
                break
        assert moves_of_ann(client, room).count("turn-clock") == 1
        assert moves_of_ann(client, room).count("stand-in") >= 1
        # The log says so once for the stretch, not at each of the stand-in's moves: to her
        # in her page's words, to the others in her name.
        caught_up(client, room.code, [ann])
        assert texts(ann).count(AWAY_LINE) == 1
        watcher = connect(client, room.code, None)
        assert texts(watcher).count(
            "Ann is away: Emma 2 (bot) plays for them until they are back.") == 1
        assert room.seats[0].kind == "human" and room.host == 0  # the seat and the role kept


def test_one_idle_turn_then_a_move_of_their_own_is_not_away(
    make_app: Callable[..., Starlette],
) -> None:
    # Long enough for her to ask on her next turn before its clock runs out too.
    with ann_and_emma(make_app, 1.5) as (client, room, ann):
        deadline = time.monotonic() + 10
        while "turn-clock" not in moves_of_ann(client, room):
            assert time.monotonic() < deadline, "the turn clock never moved for Ann"
            ann.read_until(lambda m: m["type"] == "update")
        own_ask(client, room, ann)
        # Her next idle turn is made for her "this once" again: the count started afresh.
        before = moves_of_ann(client, room).count("turn-clock")
        deadline = time.monotonic() + 15
        while moves_of_ann(client, room).count("turn-clock") == before:
            assert time.monotonic() < deadline, moves_of_ann(client, room)
            ann.read_until(lambda m: m["type"] in ("update", "presence"))
        assert "stand-in" not in moves_of_ann(client, room)
        assert not room.seats[0].away and AWAY_LINE not in texts(ann)


def own_ask(client: TestClient, room: Room, ann: Player) -> None:
    """Ann asks for herself on her turn, again should the stand-in's move come first."""
    deadline = time.monotonic() + 15
    while "player" not in moves_of_ann(client, room):
        assert time.monotonic() < deadline, moves_of_ann(client, room)
        game = ann_to_move(client, room, ann)["game"]
        sent = ann.version
        ann.command("ask", **game["legal_actions"][0])
        ann.read_until(lambda m, sent=sent: m["type"] == "error"
                       or (m["type"] == "update" and m["version"] > sent))


def test_the_back_command_ends_the_away_state_and_the_clock_is_theirs_again(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        set_clock(client, 60, bot_delay=0.3)
        ann.command("back")
        back = ann.read_until(lambda m: m["type"] in ("update", "presence") and not away(m))
        # Presence alone says it: a whole update would clear what other pages show.
        assert back["type"] == "presence" and not ann.errors
        # Her next turn waits for her, with her clock running, and she plays it herself.
        update = ann_to_move(client, room, ann)
        assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        stand_ins = moves_of_ann(client, room).count("stand-in")
        time.sleep(0.6)  # longer than the stand-in's pause: it does not move for her
        assert moves_of_ann(client, room).count("stand-in") == stand_ins
        ann.command("ask", **update["game"]["legal_actions"][0])
        ann.read_until(lambda m: m["type"] == "update" and m["version"] > update["version"])
        assert moves_of_ann(client, room)[-1] == "player"
        # A spectator has no seat to be back in: told so, plainly.
        watcher = connect(client, room.code, None)
        watcher.command("back")
        refusal = watcher.read_until(lambda m: m["type"] == "error")
        assert refusal["code"] == "forbidden" and "no seat" in refusal["message"], refusal


def test_an_ask_of_their_own_while_away_is_played_and_ends_the_away_state(
    make_app: Callable[..., Starlette],
) -> None:
    """On her turn, before the stand-in (pausing, as bots do) has moved, her ask is played as
    hers; should the stand-in's move come first, hers is refused as stale, and she is back
    all the same."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        set_clock(client, 60, bot_delay=1.0)
        own_ask(client, room, ann)
        assert all(error["code"] == "stale" for error in ann.errors), ann.errors
        assert not room.seats[0].away and not ann.room["seats"][0]["away"]


def test_a_fresh_arrival_is_back(make_app: Callable[..., Starlette]) -> None:
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        again = connect(client, room.code, ann.token)  # a reload: a new socket says hello
        assert not again.room["seats"][0]["away"] and not room.seats[0].away
        assert room.seats[0].turns_run_out == 0


def test_a_rematch_she_asks_for_herself_ends_the_away_state(
    make_app: Callable[..., Starlette],
) -> None:
    """Away at the end of a game, she clicks Rematch: she is plainly here, so the new deal
    is hers to play, not her stand-in's from its first turn ("You are away" on a game she
    just asked for)."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["status"] == "over",
                       timeout=30)
        assert room.seats[0].away  # the stand-in played her game out
        set_clock(client, 60, bot_delay=0.3)
        ann.command("start")
        ann.read_until(lambda m: m["type"] == "update" and m["game"] is not None
                       and m["game"]["number"] == 2)
        assert not room.seats[0].away and room.seats[0].turns_run_out == 0
        ann_to_move(client, room, ann)
        assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        stand_ins = moves_of_ann(client, room).count("stand-in")
        time.sleep(0.6)  # longer than the stand-in's pause: it does not move for her
        assert moves_of_ann(client, room).count("stand-in") == stand_ins
        caught_up(client, room.code, [ann])
        assert not ann.room["seats"][0]["away"] and AWAY_LINE not in texts(ann)


def play_their_turns(players: list[Player], until: Callable[[], bool]) -> None:
    """The ``players`` ask (or fish) at once on each of their turns, until ``until()``."""
    deadline = time.monotonic() + 15
    while not until():
        assert time.monotonic() < deadline, "it never came to pass"
        for player in players:
            with contextlib.suppress(TimeoutError):
                message = player.read(timeout=0.05)
                game = message.get("game") if message["type"] == "update" else None
                if game and game["current_player"] == player.seat and game["legal_actions"]:
                    player.command("ask", **game["legal_actions"][0])


def test_a_host_gone_hands_the_role_to_someone_here_not_to_a_person_away_for_idle_turns(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann, the host, drops while Bob is away for his idle turns, the tab open, and Cy plays
    on: the role goes to Cy. Bob, counted away "as if he had no connection", was given it
    ("Ann is away, so Bob is the host now.") and left the others with a host who is gone."""
    with serving(make_app(replace(PATIENT, turn_seconds=0.3))) as client:
        made = create_room(client, "Ann", players=3)
        bob_token = join_room(client, made["code"], "Bob")["token"]
        cy_token = join_room(client, made["code"], "Cy")["token"]
        ann = connect(client, made["code"], made["token"])
        connect(client, made["code"], bob_token)  # his page open, nobody at it
        cy = connect(client, made["code"], cy_token)
        start_game(ann, [cy])
        room = client.app.state.gofish_rooms.rooms[made["code"]].room  # type: ignore[attr-defined]
        play_their_turns([ann, cy], lambda: room.seats[1].away)
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=0.3)
        disconnect(ann)
        play_their_turns([cy], lambda: room.host != 0 or room.status != "playing")
        assert room.seats[1].away and room.host == 2, (room.host, room.status)


def test_a_gone_hosts_role_waits_for_a_person_back_from_idle_turns(
    make_app: Callable[..., Starlette],
) -> None:
    """With nobody else here when Ann, the host, is gone (Bob away for his idle turns), the
    role waits, and goes to Bob as he says he is back, as to a person who connects."""
    with serving(make_app(replace(PATIENT, turn_seconds=0.3))) as client:
        made = create_room(client, "Ann", players=3)
        bob = connect(client, made["code"], join_room(client, made["code"], "Bob")["token"])
        ann = connect(client, made["code"], made["token"])
        ann.command("add_bot", seat=2, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
        start_game(ann, [bob])
        room = client.app.state.gofish_rooms.rooms[made["code"]].room  # type: ignore[attr-defined]
        play_their_turns([ann], lambda: room.seats[1].away)
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=0.3)
        disconnect(ann)
        time.sleep(0.8)
        assert room.host == 0  # nobody here to take it
        bob.command("back")
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        assert bob.notices[-1] == "Ann is away, so Bob is the host now."

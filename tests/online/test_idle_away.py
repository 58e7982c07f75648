"""A person who lets their turn clock run out twice in a row, with no
move of their own between, counts as away though their tab is open: the stand-in plays
their turns at once (not after ``turn_seconds`` each), until a move of theirs, the
``back`` command or a fresh arrival says they are back. Nothing of it is stored, as for
any away seat.

Stand-ins play only while an active person (seated, connected, not away) is here: with
nobody active, the game waits at an away person's turn, as with every tab closed."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
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
    live_room_of,
    scheduled_moves_run,
    serving,
    start_game,
    stood_still,
    wait_for,
)
from .test_turn_clock import stored, texts

Table = tuple[TestClient, Room, Player]
Table3 = tuple[TestClient, Room, Player, Player]
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


@contextlib.contextmanager
def ann_bob_and_emma(make_app: Callable[..., Starlette], turn_seconds: float) -> Iterator[Table3]:
    """Ann (seat 0) and Bob (seat 1), people both and connected, and Emma (bot) dealt a
    classic game: Ann's stand-in is Emma 2 (bot). Bob is here for the stand-in to play
    on for Ann while she is away."""
    with serving(make_app(replace(PATIENT, turn_seconds=turn_seconds))) as client:
        made = create_room(client, "Ann", players=3)
        bob_token = join_room(client, made["code"], "Bob")["token"]
        ann = connect(client, made["code"], made["token"])
        bob = connect(client, made["code"], bob_token)
        ann.command("add_bot", seat=2, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
        start_game(ann, [bob])
        room = client.app.state.gofish_rooms.rooms[made["code"]].room  # type: ignore[attr-defined]
        yield client, room, ann, bob


def gone_away_while_bob_plays(client: TestClient, room: Room, ann: Player,
                              bob: Player) -> Message:
    """Bob asks at once on his turns while Ann lets hers run out, until she is away; the
    clock is long after. Ann's message that marked her away."""
    play_their_turns([bob], lambda: room.seats[0].away)
    marked = ann.read_until(away, timeout=15)
    set_clock(client, 60)
    return marked


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


def ann_to_move(client: TestClient, room: Room, ann: Player,
                others: tuple[Player, ...] = ()) -> Message:
    """Wait until it is Ann's turn, her page up to date (no older update still to read),
    the ``others`` asking meanwhile on their own turns; the last update it had."""
    deadline = time.monotonic() + 10
    while True:
        caught_up(client, room.code, [ann, *others])
        if ann.game is not None and ann.game["current_player"] == 0:
            return next(m for m in reversed(ann.messages) if m["type"] in ("update", "welcome"))
        assert time.monotonic() < deadline, "it never was Ann's turn"
        mover = next((p for p in others if p.my_turn()), None)
        if mover is not None and mover.game is not None and mover.game["legal_actions"]:
            mover.command("ask", **mover.game["legal_actions"][0])
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
    """Bob, here and playing, keeps the game going: the stand-in plays Ann's turns."""
    with ann_bob_and_emma(make_app, 0.5) as (client, room, ann, bob):
        marked = gone_away_while_bob_plays(client, room, ann, bob)
        seat = (marked.get("seats") or marked["room"]["seats"])[0]
        assert seat["connected"] and seat["away"]  # the tab is open: away all the same
        # Her first idle turn was made for her "this once"; from the second the stand-in plays.
        assert moves_of_ann(client, room)[0] == "turn-clock"
        # Her clock is now 60 s, yet her next turns are played at once, with no clock.
        play_their_turns([bob], lambda: moves_of_ann(client, room).count("stand-in") >= 3
                         or room.status != "playing")
        caught_up(client, room.code, [ann])
        since = ann.messages[ann.messages.index(marked):]
        assert all((m.get("turn_clock") or {}).get("seat") != 0 for m in since
                   if m["type"] in ("update", "presence"))
        assert moves_of_ann(client, room).count("turn-clock") == 1
        assert moves_of_ann(client, room).count("stand-in") >= 1
        # The log says so once for the stretch, not at each of the stand-in's moves: to her
        # in her page's words, to the others in her name.
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


def test_a_clock_that_runs_out_while_their_own_move_is_being_stored_does_not_count(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann asks as her clock ends, and it runs out while her ask is written (a database
    slow to answer, or reconnecting): her move, stored, is a move of her own between, so
    her next run-out is her first, the stand-in's "this once", not her second in a row
    making her away (alone, the game would stop and wait for her)."""
    with ann_and_emma(make_app, 60) as (client, room, ann):
        update = ann_to_move(client, room, ann)
        server, live = client.app.state.gofish_rooms, live_room(client, room)  # type: ignore[attr-defined]
        append = server.store.append

        async def written_as_the_clock_runs_out(*entry: Any) -> None:
            server._turn_ran_out(live, 0)  # the timer's callback, between her ask and its write
            await append(*entry)

        server.store.append = written_as_the_clock_runs_out
        set_clock(client, 0.5)  # for her next turn, started as her ask is played
        try:
            ann.command("ask", **update["game"]["legal_actions"][0])
            ann.read_until(lambda m: m["type"] == "update" and m["version"] > update["version"])
        finally:
            server.store.append = append
        assert moves_of_ann(client, room) == ["player"]
        deadline = time.monotonic() + 15
        while "turn-clock" not in moves_of_ann(client, room) and not room.seats[0].away:
            assert time.monotonic() < deadline, "her next clock never ran out"
            ann.read_until(lambda m: m["type"] in ("update", "presence"), timeout=15)
        assert not room.seats[0].away, moves_of_ann(client, room)
        assert moves_of_ann(client, room)[1] == "turn-clock"


def own_ask(client: TestClient, room: Room, ann: Player, others: tuple[Player, ...] = ()) -> None:
    """Ann asks for herself on her turn, again should the stand-in's move come first
    (the ``others`` asking on theirs meanwhile)."""
    deadline = time.monotonic() + 15
    while "player" not in moves_of_ann(client, room):
        assert time.monotonic() < deadline, moves_of_ann(client, room)
        game = ann_to_move(client, room, ann, others)["game"]
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
        stood_still(client, room.code, room.version)  # the stand-in does not move for her
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
    """With Bob here the stand-in plays for her: on her turn, before it (pausing, as bots
    do) has moved, her ask is played as hers; should the stand-in's move come first, hers
    is refused as stale, and she is back all the same."""
    with ann_bob_and_emma(make_app, 0.5) as (client, room, ann, bob):
        gone_away_while_bob_plays(client, room, ann, bob)
        set_clock(client, 60, bot_delay=1.0)
        own_ask(client, room, ann, others=(bob,))
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
    """Away at the end of a game (Bob here, the stand-in played hers out), she clicks
    Rematch: she is plainly here, so the new deal is hers to play, not her stand-in's from
    its first turn ("You are away" on a game she just asked for)."""
    with ann_bob_and_emma(make_app, 0.5) as (client, room, ann, bob):
        gone_away_while_bob_plays(client, room, ann, bob)
        play_their_turns([bob], lambda: room.status == "over", deadline=30)
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["status"] == "over",
                       timeout=30)
        assert room.seats[0].away  # the stand-in played her game out
        set_clock(client, 60, bot_delay=0.3)
        ann.command("start")
        ann.read_until(lambda m: m["type"] == "update" and m["game"] is not None
                       and m["game"]["number"] == 2)
        assert not room.seats[0].away and room.seats[0].turns_run_out == 0
        ann_to_move(client, room, ann, others=(bob,))
        assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        stand_ins = moves_of_ann(client, room).count("stand-in")
        stood_still(client, room.code, room.version)  # the stand-in does not move for her
        assert moves_of_ann(client, room).count("stand-in") == stand_ins
        caught_up(client, room.code, [ann])
        assert not ann.room["seats"][0]["away"] and AWAY_LINE not in texts(ann)


def play_their_turns(players: list[Player], until: Callable[[], bool],
                     deadline: float = 15) -> None:
    """The ``players`` ask at once on each of their turns, until ``until()``: on a turn
    their page shows already, too (a welcome's, or one that waited)."""
    ends = time.monotonic() + deadline
    asked: dict[int, int] = {}  # the version each player last asked at: one ask a turn
    while not until():
        assert time.monotonic() < ends, "it never came to pass"
        for player in players:
            with contextlib.suppress(TimeoutError):
                player.read(timeout=0.05)
            game = player.game
            if (player.my_turn() and game is not None and game["legal_actions"]
                    and asked.get(id(player)) != player.version):
                asked[id(player)] = player.version
                player.command("ask", **game["legal_actions"][0])


def bob_away_for_idle_turns_between_ann_and_cy(client: TestClient) -> tuple[Any, Any, Room]:
    """A game of three in play: Ann the host, and Cy, playing; Bob, next in seat order,
    away for his idle turns with his page open. Ann's and Cy's pages, and the room."""
    made = create_room(client, "Ann", players=3)
    bob_token = join_room(client, made["code"], "Bob")["token"]
    cy_token = join_room(client, made["code"], "Cy")["token"]
    ann = connect(client, made["code"], made["token"])
    connect(client, made["code"], bob_token)  # his page open, nobody at it
    cy = connect(client, made["code"], cy_token)
    start_game(ann, [cy])
    room = client.app.state.gofish_rooms.rooms[made["code"]].room  # type: ignore[attr-defined]
    play_their_turns([ann, cy], lambda: room.seats[1].away)
    return ann, cy, room


def test_a_host_gone_hands_the_role_to_someone_here_not_to_a_person_away_for_idle_turns(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann, the host, drops while Bob is away for his idle turns, the tab open, and Cy plays
    on: the role goes to Cy. Bob, counted away "as if he had no connection", was given it
    ("Ann is away, so Bob is the host now.") and left the others with a host who is gone."""
    with serving(make_app(replace(PATIENT, turn_seconds=0.3))) as client:
        ann, cy, room = bob_away_for_idle_turns_between_ann_and_cy(client)
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=0.3)
        disconnect(ann)
        play_their_turns([cy], lambda: room.host != 0 or room.status != "playing")
        assert room.seats[1].away and room.host == 2, (room.host, room.status)


def test_the_host_leaving_passes_the_role_to_someone_here_not_to_a_person_away_for_idle_turns(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann, the host, gives up her seat while Bob, next in seat order, is away for his idle
    turns and Cy plays on: the role goes to Cy, as from a host gone away. Bob, given it,
    kept it while gone (it passes on only from a host with no connection, and his page is
    open), and Cy could not seat a bot after the game for as long as Bob stayed away."""
    with serving(make_app(replace(PATIENT, turn_seconds=0.3))) as client:
        ann, cy, room = bob_away_for_idle_turns_between_ann_and_cy(client)
        set_clock(client, 60)
        leave_as_the_page_does(client, room, ann)
        update = cy.read_until(lambda m: m["type"] == "update" and m["notice"]
                               and "left" in m["notice"])
        assert update["notice"].endswith(" You are the host now."), update["notice"]  # Cy's page
        assert room.host == 2 and room.seats[1].away


def leave_as_the_page_does(client: TestClient, room: Room, player: Player) -> None:
    """``player`` leaves, sent again when refused as stale: the stand-in playing for a
    person away may move between the update read and the command."""
    for _ in range(10):
        caught_up(client, room.code, [player])
        refused = len(player.errors)
        player.command("leave")
        player.read_until(lambda m, before=refused: len(player.errors) > before
                          or m["type"] == "unseated")
        if player.unseated is not None:
            return
        assert player.errors[-1]["code"] == "stale", player.errors[-1]
    raise AssertionError("the leave was refused as stale ten times")


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
        wait_for(lambda: room.seats[0].away, "Ann's grace never ended")
        scheduled_moves_run(client, made["code"])
        assert room.host == 0  # nobody here to take it
        bob.command("back")
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        assert bob.notices[-1] == "Ann is away, so you are the host now."


# ------------------------------------------- nobody active here: the game waits

def live_room(client: TestClient, room: Room) -> Any:
    return live_room_of(client, room.code)


def stands_still(client: TestClient, room: Room, players: list[Player]) -> None:
    """The game waits: a move already scheduled has had its go without moving it, and no
    turn clock runs nor bot's turn is scheduled that could move it, nor any is told."""
    caught_up(client, room.code, players)
    live = live_room(client, room)
    stood_still(client, room.code, room.version)
    assert live.turn_timer is None and (live.bot_task is None or live.bot_task.done())
    for player in players:
        player.read_all_sent()  # presence too, which has no version to wait for
        assert clock_told(player) is None


WAITING_SEATS = (0, 1)  # Ann's and Bob's: Emma (bot) plays on to the next of them


@pytest.mark.parametrize("comes_back", ["back", "ask"])
def test_a_lone_person_away_for_idle_turns_stops_the_game_at_their_turn_until_back(
    make_app: Callable[..., Starlette], comes_back: str,
) -> None:
    """Ann alone against Emma, the tab open: as with it closed, the game waits for her at
    her turn, not played out to the end at bot speed by her stand-in; the "back" button or
    an ask of hers goes on with it, her own move."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)  # her first run-out the stand-in played: she was here then
        stands_still(client, room, [ann])
        assert room.seat_to_move() == 0 and room.seats[0].away
        assert moves_of_ann(client, room) == ["turn-clock"]
        assert AWAY_LINE not in texts(ann)  # the stand-in does not play for her
        if comes_back == "back":
            ann.command("back")
            ann.read_until(lambda m: m["type"] == "presence" and not away(m))
            assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        update = ann_to_move(client, room, ann)
        ann.command("ask", **update["game"]["legal_actions"][0])
        ann.read_until(lambda m: m["type"] == "update" and m["version"] > update["version"])
        assert moves_of_ann(client, room) == ["turn-clock", "player"] and not ann.errors
        assert not room.seats[0].away


def test_bots_play_on_to_the_turn_of_a_person_away_for_idle_turns_and_it_waits_there(
    make_app: Callable[..., Starlette],
) -> None:
    """Bob, here, kept the stand-in playing for Ann; he leaves on his turn (his page
    watches on, a spectator): the bots, his seat's among them, play on, and the game
    waits at Ann's turn."""
    with ann_bob_and_emma(make_app, 0.5) as (client, room, ann, bob):
        gone_away_while_bob_plays(client, room, ann, bob)
        deadline = time.monotonic() + 10
        while room.seat_to_move() != 1:  # Emma and Ann's stand-in play to Bob's turn
            assert time.monotonic() < deadline, "it never was Bob's turn"
            bob.read_until(lambda m: m["type"] == "update")
        caught_up(client, room.code, [bob])
        bob.command("leave")
        bob.read_until(lambda m: m["type"] == "unseated")
        deadline = time.monotonic() + 10
        while room.seat_to_move() != 0 and room.status == "playing":
            assert time.monotonic() < deadline, "the bots never came to Ann's turn"
            ann.read_until(lambda m: m["type"] == "update")
        entries = stored(client, room.code)
        left_at = next(i for i, (kind, _) in enumerate(entries) if kind == "leave")
        after = [data for kind, data in entries[left_at:] if kind == "ask"]
        assert after and after[0]["player"] == 1 and after[0]["by"] == "bot", after
        stands_still(client, room, [ann])
        assert room.seat_to_move() == 0 and room.seats[0].away


def both_gone_away(client: TestClient, room: Room, ann: Player) -> None:
    """Ann's and Bob's turns run out until both are away, read on Ann's page; the clock
    is long after."""
    ann.read_until(lambda m: m["type"] in ("presence", "update", "welcome") and all(
        (m.get("seats") or m["room"]["seats"])[seat]["away"] for seat in WAITING_SEATS),
        timeout=20)
    set_clock(client, 60)


def both_away_and_waiting(client: TestClient, room: Room, ann: Player, bob: Player
                          ) -> tuple[int, Player, Player]:
    """Ann and Bob both away for their idle turns and the game standing still at one of
    theirs: that seat, its person's page and the other's."""
    both_gone_away(client, room, ann)
    stands_still(client, room, [ann, bob])
    waiting = room.seat_to_move()
    assert waiting in WAITING_SEATS
    return waiting, [ann, bob][waiting], [ann, bob][1 - waiting]


@pytest.mark.parametrize("how", ["back", "reload"])
def test_with_both_people_away_for_idle_turns_the_game_waits_until_one_is_back(
    make_app: Callable[..., Starlette], how: str,
) -> None:
    """Ann and Bob both let their turns run out, tabs open: the game waits at whichever of
    their turns comes next. The other back (their button, or a reload) makes someone
    active again: the stand-in plays the waiting seat's turn at once again."""
    with ann_bob_and_emma(make_app, 0.3) as (client, room, ann, bob):
        waiting, _waited_for, other = both_away_and_waiting(client, room, ann, bob)
        played = [data["by"] for data in asks_of(client, room, waiting)]
        if how == "back":
            other.command("back")
        else:
            other = connect(client, room.code, other.token)
        deadline = time.monotonic() + 10
        while [data["by"] for data in asks_of(client, room, waiting)] == played:
            assert time.monotonic() < deadline, "the stand-in never played on"
            other.read_until(lambda m: m["type"] == "update")
        assert asks_of(client, room, waiting)[len(played)]["by"] == "stand-in"
        assert room.seats[waiting].away and not room.seats[1 - waiting].away
        assert room.host == 0  # Ann's role stays hers all along: she has a connection


@contextlib.contextmanager
def restarted_with_ann_away(make_app: Callable[..., Starlette]
                            ) -> Iterator[tuple[TestClient, Room, str]]:
    """Ann away for her idle turns, the game waiting for her; then the server restarts
    (a long clock) and reloads the room: its client, the room and Ann's token."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        stands_still(client, room, [ann])
        code, token, version = room.code, ann.token, room.version
    with serving(make_app(replace(PATIENT, turn_seconds=60))) as client:
        assert client.get(f"/rooms/{code}/info").json()["version"] == version  # loaded
        yield client, client.app.state.gofish_rooms.rooms[code].room, token  # type: ignore[attr-defined]


def asks_of(client: TestClient, room: Room, seat: int) -> list[dict[str, Any]]:
    """The stored asks made in ``seat``'s name, in order."""
    return [data for kind, data in stored(client, room.code)
            if kind == "ask" and data["player"] == seat]


def test_a_restart_while_the_game_waits_for_a_person_away_keeps_waiting_for_them(
    make_app: Callable[..., Starlette],
) -> None:
    """Presence is not stored: rebuilt, the room has nobody here, so it waits on as it
    did; Ann's page connecting again is her back, her clock running, her turn hers."""
    with restarted_with_ann_away(make_app) as (client, room, token):
        stood_still(client, room.code, room.version)
        assert room.seat_to_move() == 0
        code = room.code
        ann = connect(client, code, token)
        assert not room.seats[0].away and clock_told(ann)["seat"] == 0
        update = ann_to_move(client, room, ann)
        ann.command("ask", **update["game"]["legal_actions"][0])
        ann.read_until(lambda m: m["type"] == "update" and m["version"] > update["version"])
        assert moves_of_ann(client, room) == ["turn-clock", "player"] and not ann.errors

"""Edges of presence around idle turns: what counts as a person back (a page opened, a
move, ``back``; not a page reconnecting by itself), a run-out the stand-in had not played
when its person went, the log line when a waiting game goes on, ``back`` from a page whose
seat was given up, and the clean slate a new deal gives everyone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online.room import Room

from .conftest import PATIENT
from .helpers import (
    Player,
    caught_up,
    connect,
    disconnect,
    play_to_end,
    serving,
    stood_still,
    three_seat_room,
    two_people,
    wait_for,
)
from .test_idle_away import (
    ann_and_emma,
    ann_bob_and_emma,
    ann_to_move,
    asks_of,
    both_away_and_waiting,
    clock_told,
    gone_away,
    gone_away_while_bob_plays,
    live_room,
    moves_of_ann,
    own_ask,
    play_their_turns,
    restarted_with_ann_away,
    set_clock,
    stands_still,
)
from .test_turn_clock import texts


def gone_unseen(client: TestClient, room: Room, ann: Player) -> None:
    """Ann's page closes; wait until the server has seen it go."""
    disconnect(ann)
    wait_for(lambda: not room.seats[0].connected, "her socket never closed")


# ------------------------------------------- a run-out its person went away from

def test_a_run_out_the_stand_in_had_not_played_when_its_person_went_is_theirs_on_return(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann alone against Emma: her clock runs out, and she closes the tab while the stand-in
    pauses before that move, so with nobody active the game waits. Back, the turn is hers,
    with a fresh clock: the stand-in did not make it for her the moment she arrived."""
    with ann_and_emma(make_app, 60) as (client, room, ann):
        ann_to_move(client, room, ann)
        set_clock(client, 60, bot_delay=3.0)  # time enough to see her page close first
        server, live = client.app.state.gofish_rooms, live_room(client, room)  # type: ignore[attr-defined]

        async def run_out() -> None:
            live.turn_timer.cancel()
            server._turn_ran_out(live, 0)  # the timer's callback, now

        client.portal.call(run_out)  # type: ignore[union-attr]
        assert room.out_of_time == 0
        version = room.version
        gone_unseen(client, room, ann)
        wait_for(lambda: live.bot_task is None or live.bot_task.done(),
                 "the stand-in's pause never ended")
        assert room.version == version  # nobody active: the game waited
        set_clock(client, 60)  # the stand-in would now move at once
        ann = connect(client, room.code, ann.token)
        # The stand-in, with no pause now, would have moved for her at once.
        stood_still(client, room.code, version)
        caught_up(client, room.code, [ann])
        assert moves_of_ann(client, room) == [] and room.version == version
        assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        own_ask(client, room, ann)
        assert moves_of_ann(client, room) == ["player"]


# ------------------------------------------- a page reconnecting by itself

def test_a_page_reconnecting_by_itself_is_not_its_person_back(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann away for her idle turns, alone, the game waiting: her page's connection drops
    and the page says hello again by itself (``away``). Nobody clicked anything, so she
    is still away and the game still waits; a page opened by her (a reload) is her back."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        stands_still(client, room, [ann])
        gone_unseen(client, room, ann)
        page = connect(client, room.code, ann.token, away=True)
        assert page.room["seats"][0]["away"] and page.room["seats"][0]["connected"]
        assert room.seats[0].away and room.seats[0].turns_run_out >= 2
        stands_still(client, room, [page])
        again = connect(client, room.code, ann.token)  # a reload
        assert not room.seats[0].away and room.seats[0].turns_run_out == 0
        assert clock_told(again)["seat"] == 0


def test_after_a_restart_a_page_reconnecting_by_itself_keeps_its_person_away(
    make_app: Callable[..., Starlette],
) -> None:
    """Presence is not stored: the restarted server learns that Ann was away for her idle
    turns from her page's reconnecting hello, and her clock does not start for nobody."""
    with restarted_with_ann_away(make_app) as (client, room, token):
        code = room.code
        page = connect(client, code, token, away=True)
        assert room.seats[0].away and page.room["seats"][0]["away"]
        assert clock_told(page) is None
        stands_still(client, room, [page])
        connect(client, code, token)  # she opens the page herself: back
        assert not room.seats[0].away


def test_a_reconnecting_page_says_nothing_against_another_page_of_theirs_here(
    make_app: Callable[..., Starlette],
) -> None:
    """Back on another device, Ann is active: an older page of hers reconnecting by itself
    with a stale ``away`` does not make her away again."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        other = connect(client, room.code, ann.token)  # her other device: back
        assert not room.seats[0].away
        disconnect(ann)  # the first page drops, and comes back by itself
        wait_for(lambda: room.seats[0].connections == 1, "her first page never closed")
        connect(client, room.code, ann.token, away=True)
        assert not room.seats[0].away and room.seats[0].connections == 2
        assert not other.read_until(lambda m: m["type"] == "presence")["seats"][0]["away"]


# ------------------------------------------- a waiting game going on, in the log

@pytest.mark.parametrize("how", ["back", "reload"])
def test_a_waiting_game_going_on_because_someone_is_back_is_told_in_the_log(
    make_app: Callable[..., Starlette], how: str,
) -> None:
    """Ann and Bob both away for their idle turns, the game waiting: the other of them
    back sets the stand-in playing for the waiting seat, and the log says so, once, before
    the stand-in's move (a screen reader hears the log: presence alone said nothing)."""
    with ann_bob_and_emma(make_app, 0.3) as (client, room, ann, bob):
        waiting, _waited_for, other = both_away_and_waiting(client, room, ann, bob)
        name = room.names[1 - waiting]
        played = len(asks_of(client, room, waiting))
        if how == "back":
            other.command("back")
        else:
            other = connect(client, room.code, other.token)
        wait_for(lambda: len(asks_of(client, room, waiting)) > played,
                 "the stand-in never played on")
        watcher = connect(client, room.code, None)
        caught_up(client, room.code, [other, watcher])
        line = f"{name} is back: the game goes on."
        assert texts(watcher).count(line) == 1, texts(watcher)[-6:]
        assert texts(other).count("You are back: the game goes on.") == 1
        after = texts(watcher)[texts(watcher).index(line) + 1:]
        assert any(room.names[waiting] in text for text in after)


def test_nothing_is_told_when_the_person_back_is_the_one_the_game_waited_for(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann alone, the game waiting for her: back, she plays herself, as her turn line
    says; no "back: the game goes on" for a game that goes on only when she moves."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        stands_still(client, room, [ann])
        ann.command("back")
        ann.read_until(lambda m: m["type"] == "presence" and not m["seats"][0]["away"])
        assert not any(notice.event["type"] == "seat_back" for notice in room.notices)


# ------------------------------------------- back from a seat given up

@pytest.mark.parametrize("how", ["left", "removed"])
def test_back_from_a_page_whose_seat_was_given_up_says_so_in_the_leaves_words(
    client: TestClient, how: str,
) -> None:
    """Bob (seat 2) left, or the host removed him; his page, watching now, sends ``back``:
    it is told why it has no seat, not the spectator's "you hold no seat"."""
    code, ann, bob = three_seat_room(client)
    caught_up(client, code, [ann, bob])
    if how == "left":
        bob.command("leave")
    else:
        ann.command("remove_player", seat=1)
    bob.read_until(lambda m: m["type"] == "unseated")
    bob.read_until(lambda m: m["type"] == "welcome")
    bob.command("back")
    refusal = bob.read_until(lambda m: m["type"] == "error")
    said = "you left seat 2" if how == "left" else "the host removed you from seat 2"
    assert refusal["code"] == "forbidden" and refusal["message"].startswith(said), refusal
    assert "hold no seat" not in refusal["message"]


# ------------------------------------------- a new deal: a clean slate

def test_a_rematch_someone_else_starts_starts_an_idle_away_person_afresh(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann away for her idle turns as the game ends (her run-outs counted); Bob asks for
    the rematch. The new deal starts her as everyone: here (her page is open), no
    run-outs counted, her turn hers with its clock, not the stand-in's from the start."""
    with ann_bob_and_emma(make_app, 0.5) as (client, room, ann, bob):
        gone_away_while_bob_plays(client, room, ann, bob)
        play_their_turns([bob], lambda: room.status == "over", deadline=30)
        caught_up(client, room.code, [ann, bob])
        assert room.seats[0].away and room.seats[0].turns_run_out >= 2
        set_clock(client, 60, bot_delay=0.3)
        bob.command("start")
        ann.read_until(lambda m: m["type"] == "update" and m["game"] is not None
                       and m["game"]["number"] == 2)
        assert not room.seats[0].away and room.seats[0].turns_run_out == 0
        assert not ann.room["seats"][0]["away"]
        ann_to_move(client, room, ann, others=(bob,))
        assert clock_told(ann)["seat"] == 0 and clock_told(ann)["seconds"] > 50
        stand_ins = moves_of_ann(client, room).count("stand-in")
        stood_still(client, room.code, room.version)  # the stand-in does not move for her
        assert moves_of_ann(client, room).count("stand-in") == stand_ins


def test_a_run_out_at_the_end_of_a_game_does_not_count_in_the_next(
    make_app: Callable[..., Starlette],
) -> None:
    """One run-out counted as a game ends (the stand-in made its last move for Ann), and
    Bob asks for the rematch: her first run-out in the new game is her first, the
    stand-in's "this once", not her second in a row making her away."""
    with serving(make_app(replace(PATIENT, turn_seconds=60))) as client:
        code, players = two_people(client)
        play_to_end(players)
        room = live_room_of(client, code)
        room.seats[0].turns_run_out = 1  # as if her clock had made the game's last move
        players[1].command("start")
        players[0].read_until(lambda m: m["type"] == "update" and m["game"] is not None
                              and m["game"]["number"] == 2)
        assert room.seats[0].turns_run_out == 0 and not room.seats[0].away


def live_room_of(client: TestClient, code: str) -> Room:
    return client.app.state.gofish_rooms.rooms[code].room  # type: ignore[no-any-return,attr-defined]


# ------------------------------------------- what the server knows better than a page

@pytest.mark.parametrize("sign", ["back", "ask"])
def test_a_page_reconnecting_with_away_after_its_person_was_back_leaves_them_back(
    make_app: Callable[..., Starlette], sign: str,
) -> None:
    """Ann, away for her idle turns, says she is back (her button, or her own ask), and her
    connection drops before the page hears of it: it reconnects by itself saying ``away``,
    as it last knew. The server saw her back: she stays back, her clock running, not made
    away again for the stand-in to play her turns (or for the game to wait on her)."""
    with ann_and_emma(make_app, 0.3) as (client, room, ann):
        gone_away(client, ann)
        stands_still(client, room, [ann])
        if sign == "back":
            ann.command("back")
        else:
            own_ask(client, room, ann)
        wait_for(lambda: not room.seats[0].away, "she was never back")
        gone_unseen(client, room, ann)
        page = connect(client, room.code, ann.token, away=True)
        assert not room.seats[0].away and room.seats[0].turns_run_out == 0
        assert not page.room["seats"][0]["away"]
        ann_to_move(client, room, page)
        assert clock_told(page)["seat"] == 0


def test_a_page_saying_away_in_the_lobby_is_not_taken_for_idle_turns(
    client: TestClient,
) -> None:
    """No turn has been dealt, so no idle turn can have run out: a hello saying ``away``
    in the lobby (only a hand-made one can) leaves its person here, not away."""
    code, _, bob = three_seat_room(client)
    disconnect(bob)
    room = live_room_of(client, code)
    wait_for(lambda: not room.seats[1].connected, "his socket never closed")
    page = connect(client, code, bob.token, away=True)
    assert not room.seats[1].away and not page.room["seats"][1]["away"]


# ------------------------------------------- "back: the game goes on", only when it is true

def test_a_person_away_who_leaves_is_not_told_back_before_their_seat_is_given_up(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann and Bob both away for their idle turns, the game waiting for one of them; the
    other leaves. A leave is no return: the log does not say they are back and the game
    goes on, for it does not (nobody is active), and it waits on."""
    with ann_bob_and_emma(make_app, 0.3) as (client, room, ann, bob):
        waiting, staying, leaving = both_away_and_waiting(client, room, ann, bob)
        leaving.command("leave")
        leaving.read_until(lambda m: m["type"] == "unseated")
        watcher = connect(client, room.code, None)
        caught_up(client, room.code, [staying, watcher])
        assert not any("is back" in text for text in texts(watcher)), texts(watcher)[-4:]
        assert not any(notice.event["type"] == "seat_back" for notice in room.notices)
        stands_still(client, room, [staying])
        assert room.seat_to_move() == waiting


def test_a_person_back_twice_before_the_game_moves_is_told_back_once(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann and Bob both away, the game waiting: the other comes back, and their page
    reloads (or their connection flickers) before the stand-in has moved. The log said
    the game goes on already; it does not say so again for every reconnect."""
    with ann_bob_and_emma(make_app, 0.3) as (client, room, ann, bob):
        waiting, _waited_for, other = both_away_and_waiting(client, room, ann, bob)
        set_clock(client, 60, bot_delay=4.0)  # time enough to reload before it moves
        version, played = room.version, len(asks_of(client, room, waiting))
        other.command("back")
        wait_for(lambda: not room.seats[1 - waiting].away, "they were never back")
        gone_unseen_from(room, other, 1 - waiting)
        other = connect(client, room.code, other.token)  # the reload
        assert room.version == version  # the stand-in has not moved yet
        set_clock(client, 60)
        wait_for(lambda: len(asks_of(client, room, waiting)) > played,
                 "the stand-in never played on")
        watcher = connect(client, room.code, None)
        caught_up(client, room.code, [watcher])
        line = f"{room.names[1 - waiting]} is back: the game goes on."
        assert texts(watcher).count(line) == 1, texts(watcher)[-6:]


def gone_unseen_from(room: Room, player: Player, seat: int) -> None:
    """``player``'s page (seat ``seat``'s only one) closes; wait until the server saw it."""
    disconnect(player)
    wait_for(lambda: not room.seats[seat].connected, "the socket never closed")

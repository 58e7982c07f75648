"""A host whose turn clock runs out twice in a row, the tab left open, is away as surely as
one who closed it: after the same grace (``away_seconds``) the role passes to the next
person here, as from a host gone ("Ann is away, so Bob is the host now."). Before, such
a host kept it for good, and nobody could seat a bot or remove a player between games.
Back within the grace (their button, a move, a reload), they keep it."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.online.room import Room

from .conftest import PATIENT
from .helpers import Player, caught_up, connect, disconnect, live_room_of
from .test_idle_away import ann_bob_and_emma, play_their_turns

HAND_ON = "Ann is away, so you are the host now."  # as Bob's page, the new host's, says it


@contextlib.contextmanager
def ann_away_as_host(make_app: Callable[..., Starlette], grace: float
                     ) -> Iterator[tuple[TestClient, Room, Player, Player]]:
    """Ann, the host, lets her turns run out, her page open, while Bob plays, until she is
    away for them; every absence from the start has a grace of ``grace`` seconds."""
    with ann_bob_and_emma(make_app, 0.3) as (client, room, ann, bob):
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=0.3, away_seconds=grace)
        play_their_turns([bob], lambda: room.seats[0].away)
        yield client, room, ann, bob


def back(ann: Player) -> None:
    """Ann presses "Play again myself"; her page hears she is."""
    ann.command("back")
    ann.read_until(lambda m: m["type"] == "presence" and not m["seats"][0]["away"])


def test_a_host_away_for_idle_turns_hands_the_role_on_after_the_grace(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_away_as_host(make_app, 0.5) as (_, room, ann, bob):
        assert room.seats[0].connected and room.host == 0  # the grace is running
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1, timeout=10)
        assert HAND_ON in bob.notices
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        back(ann)  # back now, she plays on as a guest; the role stays with Bob
        assert room.host == 1


def test_a_host_back_from_idle_turns_within_the_grace_keeps_the_role(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_away_as_host(make_app, 1.5) as (client, room, ann, bob):
        # From now on no clock runs out: only the grace her idle turns started counts.
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=1.5)
        back(ann)
        # Her idle grace stopped with her back: no timer is left to hand the role on.
        assert 0 not in live_room_of(client, room.code).idle_timers
        time.sleep(2.0)  # past the grace the idle turns started
        bob.read_all_sent()
        assert room.host == 0 and HAND_ON not in bob.notices


def test_a_host_away_for_idle_turns_who_closes_the_tab_waits_no_second_grace(
    make_app: Callable[..., Starlette],
) -> None:
    """The grace runs from when her idle turns made her away: closing the tab later started
    it again from then, so the room waited up to twice ``away_seconds`` for a host."""
    grace = 3.0
    with ann_away_as_host(make_app, grace) as (client, _, ann, bob):
        away_at = time.monotonic()
        # Bob's own clock must not run out meanwhile: he would be away too, nobody to hand to.
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=grace)
        time.sleep(grace * 0.6)
        disconnect(ann)
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1, timeout=10)
        waited = time.monotonic() - away_at
        # One grace (and scheduling slack), not the grace again from the disconnect (4.8 s).
        assert waited < grace + 1.2, waited
        assert HAND_ON in bob.notices


def test_a_host_back_from_idle_turns_has_the_idle_clock_stopped(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_away_as_host(make_app, 30) as (client, room, ann, _):
        live = client.app.state.gofish_rooms.rooms[room.code]  # type: ignore[attr-defined]
        assert 0 in live.idle_timers and room.seats[0].idle_since is not None
        back(ann)
        assert 0 not in live.idle_timers and room.seats[0].idle_since is None


def rematch_with_ann_gone(client: TestClient, room: Room, ann: Player, bob: Player) -> float:
    """Ann, away as host, loses her connection; Bob plays the game out and asks for the
    rematch (no clock runs out meanwhile, the grace 30 s). When he asked."""
    client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
        PATIENT, turn_seconds=60, away_seconds=30)
    disconnect(ann)
    play_their_turns([bob], lambda: room.status == "over", deadline=30)
    caught_up(client, room.code, [bob])
    asked = time.monotonic()
    bob.command("start")
    bob.read_until(lambda m: m["type"] == "update" and m["game"] is not None
                   and m["game"]["number"] == 2)
    return asked


def test_a_rematch_gives_a_host_gone_after_idle_turns_a_fresh_grace(
    make_app: Callable[..., Starlette],
) -> None:
    """A new deal starts everyone's away clock afresh, a host who closed the tab after their
    idle turns as one who just closed it: the last game's idle turns say nothing of this one
    (they counted from them, so the new game took the seat from its first turn)."""
    with ann_away_as_host(make_app, 30) as (client, room, ann, bob):
        asked = rematch_with_ann_gone(client, room, ann, bob)
        seat = room.seats[0]
        assert seat.idle_since is None and seat.gone_since is not None
        assert seat.gone_since >= asked, (seat.gone_since, asked)


def test_the_away_hosts_own_page_reads_the_hand_over_as_theirs(
    make_app: Callable[..., Starlette],
) -> None:
    """Her page still open, Ann hears the role go: her page calls her "you", as her log's
    "You are away: …" line does, where it named her ("Ann is away, so Bob …")."""
    with ann_away_as_host(make_app, 0.5) as (_, _room, ann, bob):
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1, timeout=10)
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        yours = "You are away, so Bob is the host now."
        assert ann.notices[-1] == yours
        assert [entry["text"] for entry in ann.log if entry["event"]["type"] == "seat_host"
                ] == [yours]
        assert "Ann is away" not in " ".join(entry["text"] for entry in ann.log)


def test_a_host_still_away_after_a_rematch_whose_page_reconnects_has_a_grace_running(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann's page, away for her idle turns, lost its connection; Bob asked for the rematch,
    which forgot her idle turns, and her page reconnected by itself, still away. The role
    then passed on never: away and here, she had no grace running (no idle stamp)."""
    with ann_away_as_host(make_app, 30) as (client, room, ann, bob):
        rematch_with_ann_gone(client, room, ann, bob)
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=0.5)  # a grace from here on: short
        connect(client, room.code, ann.token, away=True)  # her page, by itself
        assert room.seats[0].away and room.host == 0
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1, timeout=10)
        assert HAND_ON in bob.notices


def test_a_leave_clears_the_seats_idle_stamp_and_clocks(
    make_app: Callable[..., Starlette],
) -> None:
    """Whoever sits there next is someone new: the idle stamp and the grace of the person
    who left (away for idle turns, the tab open) were kept, theirs to inherit."""
    with ann_away_as_host(make_app, 30) as (client, room, ann, bob):
        live = client.app.state.gofish_rooms.rooms[room.code]  # type: ignore[attr-defined]
        assert 0 in live.idle_timers and room.seats[0].idle_since is not None
        client.app.state.gofish_rooms.settings = replace(  # type: ignore[attr-defined]
            PATIENT, turn_seconds=60, away_seconds=30)
        for _ in range(5):  # her stand-in may move between the catching up and the leave
            caught_up(client, room.code, [ann, bob])
            ann.command("leave")
            answer = ann.read_until(lambda m: m["type"] in ("welcome", "error"), timeout=15)
            if answer.get("code") != "stale":
                break
        assert answer["type"] == "welcome", answer
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        assert room.seats[0].token_hash is None  # the stand-in holds her cards
        assert room.seats[0].idle_since is None
        assert 0 not in live.idle_timers and 0 not in live.away_timers

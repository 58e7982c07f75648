"""No frame names a card its receiver could not see, through what happens to a room mid-game.

test_privacy.py plays random games through with every socket connected from the deal to
the end. Here one game also lives through the rest: a person gone (the stand-in plays their
cards), a watcher arriving late (sent the log so far), a page reconnecting with its seat's
token, a restarted server (each page catches up from the stored entries), a page opened
with a token already given up, a person removed (their page watches on), and the cards said
in refusals. Each frame each page got is checked against what its receiver could know at
that version (test_privacy's replay): a seat what it held and was shown, a spectator and a
removed person's page only what was shown to all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.applications import Starlette
from tests.hidden_cards import cards_named

from .conftest import FAST, PATIENT
from .helpers import (
    Player,
    caught_up,
    connect,
    create_room,
    disconnect,
    join_room,
    play,
    play_to_end,
    refused_hello,
    serving,
)
from .test_privacy import seen_by_version

Received = list[tuple[int | None, dict[str, Any]]]  # (whose view, frame)


def _received(pages: list[tuple[Player, int | None]]) -> Received:
    return [(viewer, frame) for page, viewer in pages for frame in page.messages]


def _refused_asks(page: Player) -> None:
    """Asks a page may send at its turn that are refused, their refusals naming cards only
    of its own hand: one for a card it holds, one to itself, one out of date."""
    game = page.game
    assert game is not None and game["hand"]
    held = game["hand"][0]
    rank, suit = held[:-1], held[-1]
    page.command("ask", target=page.seat, rank=rank, suit=suit)
    page.command("ask", target=1 - page.seat, rank=rank, suit=suit)
    page.send({"type": "ask", "version": page.version - 1, "target": 1 - page.seat,
               "rank": rank, "suit": suit})
    for _ in range(3):
        page.read_until(lambda m: m["type"] == "error")


@pytest.mark.parametrize("preset", ["classic", "nordic"])
def test_no_frame_leaks_a_card_as_people_come_go_and_the_server_restarts(
    make_app: Callable[..., Starlette], preset: str,
) -> None:
    # Under ask: card, asks name cards aloud: the checker counts those as shown to all.
    rules = {"preset": preset, "ask": "card"}
    with serving(make_app(FAST)) as client:  # a seat gone 0.4 s is played by the stand-in
        made = create_room(client, "Ann", players=3, rules=rules)
        code = made["code"]
        bob_token = join_room(client, code, "Bob")["token"]
        ann, bob = connect(client, code, made["token"]), connect(client, code, bob_token)
        early = connect(client, code, None)
        ann.command("add_bot", seat=2, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
        ann.command("start")
        ann.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
        start_version = ann.version
        play([ann, bob], asks=4)
        late = connect(client, code, None)  # sent the log so far
        disconnect(bob)
        while ann.game is not None and ann.game["current_player"] is not None and not any(
                entry["event"]["type"] == "seat_away" for entry in ann.log):
            play([ann], asks=1)  # until the stand-in plays Bob's turn, from his seat's view
        again = connect(client, code, bob_token)  # Bob back, on another page
        play([ann, again], asks=4)
        # Refusals that name cards: only the asker's own.
        mover = ann if ann.my_turn() else again
        if mover.game is not None and mover.game["current_player"] is not None and (
                mover.game.get("fishing") is None):
            _refused_asks(mover)
        pages = [(ann, 0), (bob, 1), (again, 1), (early, None), (late, None)]
        received = _received(pages)
    # The same database, a new server: every page catches up from the stored entries.
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, made["token"])
        bob = connect(client, code, bob_token)
        watcher = connect(client, code, None)
        play([ann, bob], asks=4)
        ann.command("remove_player", seat=1)  # Bob's page watches on, told the spectators' log
        bob.read_until(lambda m: m["type"] == "welcome")
        removed_at = ann.read_until(lambda m: m["type"] == "update")["version"]
        refusal, _ = refused_hello(client, code, bob_token)  # his token, given up
        assert refusal["code"] == "forbidden" and not cards_named(refusal)
        final = play_to_end([ann])
        caught_up(client, code, [bob, watcher])
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        game = server.rooms[code].room.game
        stored = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
        received += _received([(ann, 0), (watcher, None)])
        # Bob's page: his seat's view until the removal, a spectator's from then on.
        received += [(1 if frame.get("version", removed_at) < removed_at else None, frame)
                     for frame in bob.messages]
    assert final["current_player"] is None
    entries = [(kind, data) for seq, kind, data in stored.entries if seq > start_version]
    allowed = {viewer: seen_by_version(game, entries, start_version, viewer)
               for viewer in (0, 1, None)}
    checked = 0
    for viewer, frame in received:
        assert bob_token not in json.dumps(frame) and made["token"] not in json.dumps(frame)
        version = frame.get("version")
        if version is None or version < start_version:
            assert not cards_named(frame) - allowed[viewer][start_version], frame
            continue
        leaked = cards_named(frame) - allowed[viewer][version]
        assert not leaked, f"{viewer} was sent {sorted(leaked)} at version {version}: {frame}"
        checked += 1
    assert checked > 50

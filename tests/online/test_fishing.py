"""Fishing from the nordic sea in rooms: a person's miss waits for their ``fish``."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.core import Ask, Game, WentFishing, new_game
from gofish.online.protocol import SeatLog, game_part
from gofish.online.room import Room

from .conftest import PATIENT
from .helpers import (
    Message,
    Player,
    connect,
    create_room,
    disconnect,
    play_to_end,
    serving,
    settle,
    start_game,
    two_people,
)

SEED = 3  # a deal whose first player has a miss to make


@pytest.fixture(autouse=True)
def _fixed_deal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Rooms deal from a seeded shuffle, so each test knows its game."""

    def seeded(rules: object, players: object) -> Game:
        return new_game(rules, players, seed=SEED)

    monkeypatch.setattr("gofish.online.room.new_game", seeded)
    yield


def nordic_pair(client: TestClient) -> tuple[str, list[Player]]:
    """Ann and Bob, both people, dealt a nordic game: nothing moves unless they do."""
    return two_people(client, "nordic")


def live_room(client: TestClient, code: str) -> Room:
    return client.app.state.gofish_rooms.rooms[code].room  # type: ignore[attr-defined,no-any-return]


def mover(players: list[Player]) -> Player:
    game = players[0].game
    assert game is not None
    return next(p for p in players if p.seat == game["current_player"])


def a_miss(room: Room) -> dict[str, Any]:
    """An ask of the player to move that the target cannot answer (a "Go fish!")."""
    game = room.game
    assert game is not None
    for ask in game.legal_actions():
        if all(card.rank != ask.rank for card in game.hand(ask.target)):
            return ask.to_dict()
    raise AssertionError("no miss to make in this deal: pick another SEED")


def replayed(room: Room, ask: dict[str, Any] | None = None) -> Game:
    """The room's game played afresh from its deck, plus ``ask`` drawn at once."""
    game = room.game
    assert game is not None
    copy = Game(game.rules, game.num_players, game.deck, game.first_player)
    for _, action in game.actions:
        copy.play(action)
    if ask is not None:
        copy.play(Ask.from_dict(ask))
    return copy


def log_texts(room: Room, game: Game, seat: int | None) -> list[str]:
    entries = SeatLog(room.names, seat).catch_up(game.view(seat))
    return [json.loads(entry)["text"] for entry in entries]


def table_of(game_message: Message) -> Message:
    return {k: v for k, v in game_message.items() if k not in ("log", "log_from")}


def updated(player: Player, after: int) -> Message:
    return player.read_until(lambda m: m["type"] == "update" and m["version"] > after)


def stored_entries(client: TestClient, code: str) -> list[tuple[str, dict[str, Any]]]:
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    stored = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
    return [(kind, data) for _, kind, data in stored.entries]


def test_a_miss_waits_for_its_fish_which_plays_the_turn_as_an_immediate_draw_would(
    client: TestClient,
) -> None:
    code, players = nordic_pair(client)
    watcher = connect(client, code, None)
    room = live_room(client, code)
    actor = mover(players)
    ask = a_miss(room)
    expected = replayed(room, ask)
    hand, pond = actor.game["hand"], actor.game["pond"]  # type: ignore[index]

    actor.command("ask", **ask)
    for player in [*players, watcher]:
        waiting = updated(player, player.version)["game"]
        assert waiting["fishing"] == actor.seat and waiting["legal_actions"] == []
        assert waiting["pond"] == pond and waiting["current_player"] == actor.seat
        texts = [entry["text"] for entry in player.log]
        assert texts[-1].endswith('"Go fish!"') and texts.count(texts[-1]) == 1
    assert actor.game["hand"] == hand  # type: ignore[index]
    assert stored_entries(client, code)[-1] == ("miss", {"player": actor.seat, **ask,
                                                         "by": "player"})

    actor.command("fish")
    for player in [*players, watcher]:
        done = updated(player, player.version)["game"]
        view = game_part(expected.view(player.seat), 1, 0, None, names=room.game_names,
                         labels=room.game_labels)
        assert table_of(done) == table_of(view)
        assert [entry["text"] for entry in player.log] == log_texts(room, expected, player.seat)
    assert stored_entries(client, code)[-1] == ("fish", {"player": actor.seat, "by": "player"})


def test_fish_refusals_say_why_and_change_nothing(client: TestClient) -> None:
    code, players = nordic_pair(client)
    watcher = connect(client, code, None)
    room = live_room(client, code)
    actor = mover(players)
    other = next(p for p in players if p is not actor)

    def refused(player: Player, payload: Message) -> Message:
        version = room.version
        player.send(payload)
        error = player.read_until(lambda m: m["type"] == "error")
        assert room.version == version
        return error

    now = {"type": "fish", "version": room.version}
    assert refused(actor, now)["code"] == "not_fishing"
    assert refused(other, now)["code"] == "not_your_turn"
    actor.command("ask", **a_miss(room))
    updated(actor, actor.version)
    now = {"type": "fish", "version": room.version}
    assert refused(other, now)["code"] == "not_your_turn"
    assert refused(watcher, now)["code"] == "forbidden"
    stale = refused(actor, {"type": "fish", "version": room.version - 1})
    assert stale["code"] == "stale" and "version" in stale["message"]
    assert refused(actor, {**now, "index": 3})["code"] == "invalid"  # no card is named
    asked = refused(actor, {**now, "type": "ask", **a_miss(room)})
    assert asked["code"] == "must_fish" and "go fish" in asked["message"]
    actor.command("fish")
    assert updated(actor, actor.version)["game"]["fishing"] is None


def test_a_restart_mid_fish_resumes_waiting_for_the_same_player(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app()) as client:
        code, players = nordic_pair(client)
        room = live_room(client, code)
        actor = mover(players)
        ask = a_miss(room)
        expected = replayed(room, ask)
        actor.command("ask", **ask)
        updated(actor, actor.version)
        before = {"version": actor.version, "log": [e["text"] for e in actor.log]}
        seat, tokens = actor.seat, [p.token for p in players]
    # A new server on the same database, PATIENT: its away clocks start when the first
    # socket loads the room, and under FAST a stand-in would fish for an actor whose socket
    # opened 0.4 s later (a busy machine).
    with serving(make_app(PATIENT)) as client:
        players = [connect(client, code, token) for token in tokens]
        actor = next(p for p in players if p.seat == seat)
        assert actor.version == before["version"] and actor.game["fishing"] == seat  # type: ignore[index]
        assert [e["text"] for e in actor.log] == before["log"]
        actor.command("fish")
        done = updated(actor, actor.version)["game"]
        assert done["hand"] == [str(card) for card in expected.view(seat).hand or ()]
        assert [e["text"] for e in actor.log] == log_texts(live_room(client, code), expected, seat)


def gone_before_the_draw(client: TestClient, goes: str) -> tuple[str, Room, Player, Player]:
    """A nordic pair whose player to move misses and, told "Go fish!", goes away (the
    socket closes) or leaves before the draw; returned once the other player has seen the
    stand-in draw: the room's code, the room, who went and who stayed."""
    code, players = nordic_pair(client)
    room = live_room(client, code)
    actor = mover(players)
    other = next(p for p in players if p is not actor)
    actor.command("ask", **a_miss(room))
    for player in players:
        updated(player, player.version)
    if goes == "away":
        disconnect(actor)
    else:
        actor.command("leave")
    other.read_until(lambda m: m["type"] == "update" and m["game"]["fishing"] is None)
    return code, room, actor, other


@pytest.mark.parametrize("goes", ["away", "leaves"])
def test_the_stand_in_fishes_for_a_player_who_goes_away_or_leaves(
    client: TestClient, goes: str
) -> None:
    code, room, actor, other = gone_before_the_draw(client, goes)
    fished = [data for kind, data in stored_entries(client, code) if kind == "fish"]
    # As for its asks: a seat given up is the bot's own, an away one only stood in for.
    # The away one's stand-in is stored by the name its page was told.
    by = ({"by": "stand-in", "stand_in": "Emma (bot)"} if goes == "away" else {"by": "bot"})
    assert fished == [{"player": actor.seat, **by}]
    settle([other])
    game = room.game
    assert game is not None
    fishing_said = sum(isinstance(e, WentFishing) for e in game.events)
    assert sum(e["text"].endswith('"Go fish!"') for e in other.log) == fishing_said


@pytest.mark.parametrize("goes", ["away", "leaves"])
def test_the_line_for_a_player_gone_before_their_draw_keeps_its_place_after_a_restart(
    make_app: Callable[..., Starlette], goes: str
) -> None:
    """A player told "Go fish!" who goes away (or leaves) before the draw: the log says
    so between the "Go fish!" and the stand-in's draw, live, to a page that connects
    later, and after a restart. (The line was once placed before the ask on a rebuilt
    log, and the away stand-in's draw said nothing at all.)"""
    with serving(make_app()) as client:
        code, _, _, other = gone_before_the_draw(client, goes)
        settle([other])
        live = [entry["text"] for entry in other.log]
        token = other.token
        late = [entry["text"] for entry in connect(client, code, token).log]  # a second tab
    said = "is away: " if goes == "away" else " left; "
    (where,) = [index for index, text in enumerate(live) if said in text]
    assert live[where - 1].endswith('"Go fish!"') and "draws" in live[where + 1]
    assert late == live
    with serving(make_app(PATIENT)) as client:
        assert [entry["text"] for entry in connect(client, code, token).log] == live


def test_bots_never_wait_to_fish(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2, rules={"preset": "nordic"})
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=1, bot="emma")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][1]["kind"] == "bot")
    start_game(ann, [])
    play_to_end([ann])
    entries = stored_entries(client, made["code"])
    misses = [data for kind, data in entries if kind == "miss"]
    assert misses and all(data["player"] == 0 for data in misses)
    assert len(misses) == sum(kind == "fish" for kind, _ in entries)
    assert all(data["by"] == "bot" for kind, data in entries if kind == "ask" and data["player"])


def test_a_person_told_to_fish_who_lets_it_sit_has_the_stand_in_fish_for_them(
    make_app: Callable[..., Starlette],
) -> None:
    """The turn clock runs for the draw too: a miss waits for its person's fish only so long."""
    with serving(make_app(replace(PATIENT, turn_seconds=0.5))) as client:
        code, players = nordic_pair(client)
        actor = mover(players)
        actor.command("ask", **a_miss(live_room(client, code)))
        deadline = time.monotonic() + 10
        while not (fished := [e for e in stored_entries(client, code) if e[0] == "fish"]):
            assert time.monotonic() < deadline, "nobody fished for the person told to"
            time.sleep(0.05)
        assert fished[0] == ("fish", {"player": actor.seat, "by": "turn-clock",
                                      "stand_in": "Emma (bot)"})
        # The clock made only the draw: the ask was the person's own.
        entries = stored_entries(client, code)
        assert entries[entries.index(fished[0]) - 1][1]["by"] == "player"
        room = live_room(client, code)
        other = next(p for p in players if p is not actor)
        line = f"{room.names[actor.seat]}'s time ran out: Emma (bot) fishes for them this once."
        other.read_until(lambda m: line in [e["text"] for e in other.log])
        told = [e["text"] for e in other.log]
        assert told[told.index(line) - 1].endswith('"Go fish!"')

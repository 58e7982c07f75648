"""No message to a seat ever names a card that seat could not see (other hands, the pond).

Random games are played through the server by random people, bots and a
spectator; every frame each connection receives is kept. The test then replays
the game with full knowledge and, for each frame, allows only the cards the
receiver had held by that version, plus cards shown to everyone (lucky draws)
or named aloud (asks under ``ask: card``).
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gofish.core import (
    Asked,
    BookLaid,
    Card,
    Dealt,
    Drew,
    Game,
    HandedOver,
    LuckyDraw,
    Rank,
    Refilled,
    Suit,
)
from gofish.online import create_rooms_app
from gofish.online.room import entry_ask

from .conftest import FAST
from .helpers import connect, create_room, join_room, play_to_end, serving, settle

_EXACT = re.compile(r"(10|[2-9AJQK])([SHDC])")
_PRETTY = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
_SYMBOL_TO_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

rooms = st.fixed_dictionaries({
    "preset": st.sampled_from(["classic", "bicycle", "nordic"]),
    "players": st.integers(2, 4),
    "ask": st.sampled_from(["rank", "card"]),
    "people": st.integers(1, 4),
    "seed": st.integers(0, 2**32),
})


def cards_named(value: Any) -> set[str]:
    """Every card a frame names: exact strings like ``"7H"`` and pretty ones like ``7♥``."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards_named(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_named(item)
    elif isinstance(value, str):
        if _EXACT.fullmatch(value):
            found.add(value)
        for rank, symbol in _PRETTY.findall(value):
            found.add(rank + _SYMBOL_TO_LETTER[symbol])
    return found


def visible_cards(event: Any, viewer: int | None) -> list[Card]:
    """The cards an event shows ``viewer``, by the table's rules (not by the code under test)."""
    if isinstance(event, LuckyDraw):
        return [event.card]  # shown to everyone (R8)
    if isinstance(event, BookLaid):
        return list(event.cards)  # books go down face up (R3)
    if isinstance(event, Asked):
        return [] if event.suit is None else [Card(event.rank, event.suit)]  # said aloud
    if isinstance(event, (Dealt, Refilled)) and event.player == viewer:
        return list(event.cards or ())
    if isinstance(event, Drew) and event.player == viewer and event.card is not None:
        return [event.card]
    if isinstance(event, HandedOver) and viewer in (event.giver, event.receiver):
        return list(event.cards or ())
    return []


def seen_by_version(game: Game, entries: list[tuple[str, dict[str, Any]]], start_version: int,
                    viewer: int | None) -> dict[int, set[str]]:
    """For each room version, the cards ``viewer`` may know of by then (replayed in full).

    ``entries``: the room's from the deal on. A ``miss`` is only said aloud (its ask)
    until its ``fish`` plays it; an entry that plays no card (a leave) shows nothing.
    """
    replay = Game(game.rules, game.num_players, game.deck, game.first_player)
    seen: set[str] = set()

    def look(events: list[Any]) -> None:
        if viewer is not None:
            seen.update(str(card) for card in replay.hand(viewer))
        for event in events:
            seen.update(str(card) for card in visible_cards(event, viewer))
        if replay.is_over:  # every hand is shown at the end (View.hands_at_end); the pond never
            for seat in range(replay.num_players):
                seen.update(str(card) for card in replay.hand(seat))

    look(list(replay.events))
    allowed = {start_version: set(seen)}
    actions = iter(game.actions)
    for index, (kind, data) in enumerate(entries, start=1):
        if kind == "miss":
            ask = entry_ask(data)
            look([Asked(data["player"], ask.target, ask.rank, ask.suit)])
        elif kind in ("ask", "fish"):
            look(replay.play(next(actions)[1]))
        allowed[start_version + index] = set(seen)
    return allowed


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(choice=rooms)
def test_no_frame_names_a_card_its_receiver_could_not_see(choice: dict[str, Any]) -> None:
    rng = random.Random(choice["seed"])
    people = min(choice["people"], choice["players"])
    with tempfile.TemporaryDirectory() as folder, serving(
        create_rooms_app(str(Path(folder) / "rooms.sqlite3"), FAST)
    ) as client:
        rules = {"preset": choice["preset"], "ask": choice["ask"]}
        made = create_room(client, "P0", players=choice["players"], rules=rules)
        code = made["code"]
        tokens = [made["token"]] + [join_room(client, code, f"P{i}")["token"]
                                    for i in range(1, people)]
        seats = [connect(client, code, token) for token in tokens]
        watcher = connect(client, code, None)
        host = seats[0]
        for seat in range(people, choice["players"]):
            host.command("add_bot", seat=seat, bot=rng.choice(["emma", "random"]))
            host.read_until(lambda m, s=seat: m["type"] == "update"
                            and m["room"]["seats"][s]["kind"] == "bot")
        host.command("start")
        host.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
        start_version = host.version
        play_to_end(seats, chooser=rng)
        settle([*seats, watcher])
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        game = server.rooms[code].room.game
        assert game.is_over
        stored = client.portal.call(server.store.load_room, code)  # type: ignore[attr-defined]
        entries = [(kind, data) for seq, kind, data in stored.entries if seq > start_version]
        # A book dealt whole goes down face up at once (R3): those cards are no secret.
        dealt = Game(game.rules, game.num_players, game.deck, game.first_player)
        laid_at_deal = sum(len(cards) for cards in dealt.laid)
        for player in [*seats, watcher]:
            # No seat's token goes out over a socket, not even to its own seat: a page
            # carries its seat to another device from its own storage only.
            said = json.dumps(player.messages)
            assert not [token for token in tokens if token in said]
            allowed = seen_by_version(game, entries, start_version, player.seat)
            hidden_at_start = {str(card) for card in game.deck} - allowed[start_version]
            # A leak would show: no more than a hand and the books laid at the deal is known.
            assert len(hidden_at_start) >= 52 - game.rules.hand_size - laid_at_deal
            for frame in player.messages:
                version = frame.get("version")
                if frame["type"] == "error" or version is None or version < start_version:
                    assert not cards_named(frame), frame
                    continue
                leaked = cards_named(frame) - allowed[version]
                assert not leaked, (
                    f"seat {player.seat} was sent {sorted(leaked)} at version {version}"
                )


def test_the_checker_finds_a_leak_when_there_is_one() -> None:
    frame = {"type": "update", "game": {"hand": ["AS"], "log": [{"text": "You draw the 10♥."}]}}
    assert cards_named(frame) == {"AS", "10H"}
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"

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
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.hidden_cards import cards_named, visible_cards

from gofish.core import Asked, Card, Game, Rank, Suit
from gofish.online import create_rooms_app
from gofish.online.room import entry_ask

from .conftest import FAST
from .helpers import connect, create_room, join_room, play_to_end, serving, settle

rooms = st.fixed_dictionaries({
    "preset": st.sampled_from(["classic", "bicycle", "nordic"]),
    "players": st.integers(2, 4),
    "ask": st.sampled_from(["rank", "card"]),
    "book_size": st.sampled_from([4, 2]),
    "lucky_draw": st.booleans(),
    "people": st.integers(1, 4),
    "seed": st.integers(0, 2**32),
})


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
        rules = {key: choice[key] for key in ("preset", "ask", "book_size", "lucky_draw")}
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

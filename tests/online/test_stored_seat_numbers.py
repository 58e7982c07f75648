"""A room entry edited by hand to name a seat the room does not have is refused as damaged,
naming the entry and the seat (docs/online.md). Python reads -1 as the last seat and true
as seat 1: a "seat": -1 put Bob in the bot's seat and the room was served as if nothing
were wrong; an ask stored with "player": -1 was played for whoever was to move."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from starlette.applications import Starlette

from gofish.core import Ask, new_game
from gofish.online.room import Room
from gofish.online.server import _replayed
from gofish.online.store import StoredRoom, StoreError

from .helpers import serving, three_seat_room

Entry = tuple[str, dict[str, Any]]


def _rebuilt(entries: list[Entry], players: int = 3) -> Room:
    """The room rebuilt from ``entries`` as a restarted server rebuilds it."""
    stored = StoredRoom("ROOMAB", {"preset": "classic"}, players, "",
                        [(seq, kind, data) for seq, (kind, data) in enumerate(entries, 1)])
    return _replayed(stored, "emma")


def _seated(*names: str) -> list[Entry]:
    return [("seat", {"seat": seat, "name": name, "token_hash": f"hash-{seat}"})
            for seat, name in enumerate(names)]


@pytest.mark.parametrize(("seat", "said"), [(-1, "-1"), (3, "3"), (True, "true"),
                                            ("1", "'1'"), (1.0, "1.0"), (None, "null")])
def test_a_seat_entry_naming_no_seat_is_damaged(seat: object, said: str) -> None:
    entries = [*_seated("Ann"), ("seat", {"seat": seat, "name": "Bob", "token_hash": "b"})]
    with pytest.raises(StoreError) as refused:
        _rebuilt(entries)
    assert str(refused.value) == (
        "room ROOMAB cannot be rebuilt: entry 2 (seat) is damaged: "
        f'"seat" must be a whole number from 0 to 2, not {said}')


@pytest.mark.parametrize(("entry", "key"), [
    (("bot", {"seat": -1, "bot": "emma", "name": "Emma (bot)"}), "seat"),
    (("unseat", {"seat": -1}), "seat"),
    (("leave", {"seat": -1, "name": "Bob", "bot": None, "removed_by": None}), "seat"),
    (("leave", {"seat": 0, "name": "Ann", "bot": None, "removed_by": None, "host": -1}),
     "host"),
    (("host", {"seat": -1, "from": 0}), "seat"),
    (("host", {"seat": 1, "from": -1}), "from"),
])
def test_every_entry_naming_a_seat_refuses_minus_one(entry: Entry, key: str) -> None:
    with pytest.raises(StoreError) as refused:
        _rebuilt([*_seated("Ann", "Bob"), entry])
    assert str(refused.value).startswith(f"room ROOMAB cannot be rebuilt: entry 3 ({entry[0]})")
    assert str(refused.value).endswith(f'"{key}" must be a whole number from 0 to 2, not -1')


def _dealt_pair() -> list[Entry]:
    """Ann and Bob seated and dealt a game whose first ask is Ann's."""
    game = new_game("classic", 2, seed=3)
    deck = [str(card) for card in game.deck]
    return [*_seated("Ann", "Bob"),
            ("start", {"deck": deck, "first_player": 0, "game": 1})]


def test_an_ask_stored_for_no_seat_or_out_of_turn_is_damaged() -> None:
    entries = _dealt_pair()
    room = _rebuilt(entries, players=2)
    assert room.game is not None and room.game.current_player == 0
    ask = room.game.legal_actions()[0]
    assert isinstance(ask, Ask)
    for player, why in [(-1, '"player" must be a whole number from 0 to 1, not -1'),
                        (1, "seat 2 asks, but it is seat 1's turn")]:
        stored = ("ask", {"player": player, **ask.to_dict(), "by": "player"})
        with pytest.raises(StoreError) as refused:
            _rebuilt([*entries, stored], players=2)
        assert str(refused.value) == (
            f"room ROOMAB cannot be rebuilt: entry 4 (ask) is damaged: {why}")
    played = _rebuilt([*entries, ("ask", {"player": 0, **ask.to_dict(), "by": "player"})],
                      players=2)
    assert played.version == 4  # the ask as stored is still played


def test_a_room_whose_seat_entry_says_minus_one_is_not_served(
    make_app: Callable[..., Starlette], database: str
) -> None:
    with serving(make_app()) as client:
        code, _, _ = three_seat_room(client)
    with sqlite3.connect(database) as db:  # Bob's seat, edited to the last one
        db.execute("UPDATE online_entries SET data = json_set(data, '$.seat', -1) "
                   "WHERE room = ? AND seq = 2", (code,))
    with serving(make_app()) as client:
        response = client.get(f"/rooms/{code}/info")
        assert response.status_code == 503, response.text
        message = response.json()["message"]
        assert "entry 2 (seat) is damaged" in message
        assert '"seat" must be a whole number from 0 to 2, not -1' in message

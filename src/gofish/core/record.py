"""Game records: the portable JSON form of a game, and replaying it (RULES.md "Game records")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from gofish.core.actions import Ask
from gofish.core.cards import parse_deck
from gofish.core.errors import GoFishError, MalformedInputError
from gofish.core.game import Game
from gofish.core.rules import check_players, make_rules


class RecordError(MalformedInputError):
    """A record that cannot be replayed.

    ``action_index`` is the failing action's index, or None when the record itself is at fault.
    """

    def __init__(self, message: str, action_index: int | None = None) -> None:
        super().__init__(message)
        self.action_index = action_index


def game_to_record(game: Game) -> dict[str, Any]:
    """Export ``game`` (finished or not) as a record."""
    return {
        "rules": game.rules.to_json(game.num_players),
        "players": game.num_players,
        "deck": [str(card) for card in game.deck],
        "first_player": game.first_player,
        "actions": [action.to_dict(player) for player, action in game.actions],
    }


def json_kind(value: object) -> str:
    """What a JSON value is, in JSON's own words ("an array", "null"), for error messages."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    for kind, name in ((Mapping, "an object"), (list, "an array"), (str, "a string"),
                       ((int, float), "a number")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _field(record: Mapping[str, Any], name: str) -> Any:
    if name not in record:
        raise RecordError(f"the record has no '{name}'")
    return record[name]


def start_from_record(record: object) -> tuple[Game, list[Any]]:
    """Set up the game a record describes, before any action; return it with the actions."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, not {json_kind(record)}")
    try:
        players = check_players(_field(record, "players"))
        rules = make_rules(_field(record, "rules")).for_players(players)
        deck = parse_deck(_field(record, "deck"))
        first_player = record.get("first_player", 0)
        game = Game(rules, players, deck, first_player)
    except RecordError:
        raise
    except GoFishError as error:
        raise RecordError(str(error)) from None
    actions = record.get("actions", [])
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list of actions, not {json_kind(actions)}")
    return game, actions


def apply_record_action(game: Game, index: int, data: object) -> None:
    """Play one record action, checking that it is the named player's turn."""
    try:
        if not isinstance(data, Mapping):
            raise MalformedInputError(f"an action must be an object, not {json_kind(data)}")
        if "player" not in data:
            raise MalformedInputError("the action has no 'player'")
        player = data["player"]
        if game.current_player is None:
            raise MalformedInputError("the game is already over")
        if player != game.current_player or not isinstance(player, int) or isinstance(player, bool):
            raise MalformedInputError(
                f"it is player {game.current_player}'s turn, not player {player}'s"
            )
        game.play(Ask.from_dict(data))
    except GoFishError as error:
        raise RecordError(str(error), index) from None


def game_from_record(record: object) -> Game:
    """Rebuild the game a record describes by replaying every action."""
    game, actions = start_from_record(record)
    for index, data in enumerate(actions):
        apply_record_action(game, index, data)
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """The replay result for a game: RULES.md's ``ok: true`` object."""
    return {
        "ok": True,
        "over": game.is_over,
        "current_player": game.current_player,
        "pond": game.pond_size,
        "hands": [[str(card) for card in game.hand(p)] for p in range(game.num_players)],
        "books": [[str(rank) for rank in books] for books in game.books],
        "winners": None if game.winners is None else list(game.winners),
    }


def replay_record(record: object) -> dict[str, Any]:
    """Replay one record; the result object of RULES.md, never an exception for bad input."""
    try:
        return snapshot(game_from_record(record))
    except RecordError as error:
        return {"ok": False, "action_index": error.action_index, "error": str(error)}


def replay_line(line: str) -> dict[str, Any]:
    """Replay one JSON Lines line (a line that is not JSON is a record at fault)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as error:  # also too deep, or a number too long
        return {"ok": False, "action_index": None, "error": f"the line is not valid JSON: {error}"}
    return replay_record(record)

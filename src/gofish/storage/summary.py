"""What the store derives from a game record by replaying it with the rules core."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gofish.core import Game, RecordError, Rules, game_from_record, game_to_record
from gofish.storage.errors import StorageError

# Lone surrogates (bytes that were not UTF-8), which SQLite refuses. As in
# gofish.narrate.printable, which storage may not import (core and stdlib only).
_SURROGATES = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class GameSummary:
    """The facts about one game that history and stats are built from."""

    record: dict[str, Any]  # canonical form, as the core writes it
    rules: str | dict[str, Any]  # the record's ``rules`` value
    preset: str
    options: dict[str, Any]
    rules_label: str
    players: int
    over: bool
    winners: tuple[int, ...] | None
    books: tuple[int, ...]
    actions: int


def summarize(record: object) -> GameSummary:
    """Replay ``record``; raise StorageError if it is not a game the core can replay."""
    try:
        game = game_from_record(record)
    except RecordError as error:
        # Counted from 1, as gofish replay's readable form counts them for people.
        where = "" if error.action_index is None else f" (action {error.action_index + 1})"
        raise StorageError(f"the game record cannot be replayed{where}: {error}") from None
    return summary_of(game)


def summary_of(game: Game) -> GameSummary:
    canonical = game_to_record(game)
    return GameSummary(
        record=canonical,
        rules=canonical["rules"],
        preset=game.rules.preset,
        options=game.rules.options(game.num_players),
        rules_label=rules_label(game.rules, game.num_players),
        players=game.num_players,
        over=game.is_over,
        winners=game.winners,
        books=tuple(len(books) for books in game.books),
        actions=len(game.actions),
    )


def rules_label(rules: Rules, players: int) -> str:
    """``classic``, or ``classic (lucky_draw=false, ask=card)`` when house rules differ."""
    options = rules.options(players)
    if not options:
        return rules.preset
    shown = ", ".join(
        f"{name}={value if isinstance(value, str) else json.dumps(value)}"
        for name, value in options.items()
    )
    return f"{rules.preset} ({shown})"


def check_seats(seats: object, players: int) -> list[dict[str, str | None]]:
    """Validate the seat list: one ``{"name": str, "bot": str | None}`` per player.

    Undecodable bytes in a name become U+FFFD rather than refusing the game.
    """
    if not isinstance(seats, list) or len(seats) != players:
        count = len(seats) if isinstance(seats, list) else "no list of"
        raise StorageError(f"the game has {players} players but {count} seats were given")
    checked: list[dict[str, str | None]] = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, Mapping):
            raise StorageError(f"seat {index} must be an object with a name and a bot")
        name, bot = seat.get("name"), seat.get("bot")
        if not isinstance(name, str) or not name.strip():
            raise StorageError(f"seat {index} needs a name")
        if bot is not None and (not isinstance(bot, str) or not bot.strip()):
            raise StorageError(f"seat {index}: bot must be a bot name or null, not {bot!r}")
        checked.append({"name": _SURROGATES.sub("\ufffd", name.strip()),
                        "bot": None if bot is None else _SURROGATES.sub("\ufffd", bot.strip())})
    return checked

"""Helpers for the storage tests: finished and unfinished games with known seats."""

from __future__ import annotations

import base64
import json
import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gofish
from gofish.bots import bot_turn, make_bot, play_out
from gofish.storage import Store

YOU = {"name": "You", "bot": None}
EMMA = {"name": "Emma", "bot": "emma"}
RANDOM = {"name": "Randy", "bot": "random"}


def denied_for(*paths: Path) -> Any:
    """os.access as for a user who may not write ``paths`` (root may write anything)."""
    refused = {os.path.abspath(path) for path in paths}
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        writing = bool(mode & os.W_OK)  # reading them is still allowed
        return not (writing and os.path.abspath(path) in refused) and real_access(
            path, mode, **kwargs)

    return access


def played_game(
    rules: Any = "classic", players: int = 2, seed: int = 1, asks: int | None = None
) -> gofish.Game:
    """A seeded game played by bots: to the end, or only ``asks`` asks."""
    game = gofish.new_game(rules, players=players, seed=seed)
    bots = [make_bot("emma") if seat % 2 else make_bot("random") for seat in range(players)]
    rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
    if asks is None:
        return play_out(game, bots, rngs)
    for _ in range(asks):
        seat = game.current_player
        assert seat is not None, "the game ended before the wanted number of asks"
        game.play(bot_turn(game, bots[seat], rngs[seat]))
    return game


class TickingClock:
    """Timestamps that move on by one second per call, so ordering is certain."""

    def __init__(self) -> None:
        self.ticks = 0

    def __call__(self) -> str:
        self.ticks += 1
        return f"2026-01-01T00:{self.ticks // 60:02d}:{self.ticks % 60:02d}.000+00:00"


def damage(db_path: Path, statement: str, parameters: tuple[Any, ...] = ()) -> None:
    """Change a stored game as another program might: one SQL statement, committed."""
    with sqlite3.connect(db_path) as db:
        db.execute(statement, parameters)
    db.close()


def copies_of_one_game(db_path: Path, games: int,
                       updated_at: Callable[[int], str] | None = None) -> None:
    """``games`` stored games: one played (seed 41, You against Emma), then copied by SQL,
    since playing each takes too long. ``updated_at(id)``, if given, is each game's time
    of its last move; else every copy keeps the first game's."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=41)), seats=[YOU, EMMA])
    columns = ("record, source, rules, rules_preset, rules_options, rules_label, players, "
               "over, winners, books, actions, created_at, finished_at, updated_at")
    with sqlite3.connect(db_path) as db:
        for copy in range(2, games + 1):
            db.execute(f"INSERT INTO games (id, {columns}) SELECT ?, {columns} FROM games "
                       "WHERE id = 1", (copy,))
        if updated_at is not None:
            db.executemany("UPDATE games SET updated_at = ? WHERE id = ?",
                           [(updated_at(game_id), game_id) for game_id in range(1, games + 1)])
        db.execute("INSERT INTO seats SELECT g.id, s.seat, s.name, s.bot, s.books, s.result "
                   "FROM games g JOIN seats s ON s.game_id = 1 WHERE g.id > 1")
    db.close()


def listed_ids(out: str, *, as_json: bool) -> list[int]:
    """The game ids ``gofish history`` printed, in its order: one JSON object a line with
    ``--json``, else a table whose two header lines come first."""
    if as_json:
        return [json.loads(line)["id"] for line in out.splitlines()]
    return [int(line.split()[0]) for line in out.splitlines()[2:]]


def cursor_of(fields: object) -> str:
    """``fields`` encoded as a page cursor is (PageKey.cursor), whatever they hold: the
    cursors a client might make up, for the tests of their refusal."""
    return base64.urlsafe_b64encode(json.dumps(fields).encode()).decode().rstrip("=")

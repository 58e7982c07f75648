"""``gofish history``: the games stored on this computer, newest first."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gofish.cli import one_line_errors
from gofish.cli._database import add_database_option, local_time, player_seat, table, with_store

if TYPE_CHECKING:
    from gofish.storage import Store, StoredGame


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "history",
        help="list the games stored on this computer",
        description="List stored games, most recently played first: id, date, rules, "
        "opponents, result and books. Use the id with gofish show, export or resume.",
    )
    parser.add_argument("--limit", type=_count, default=20, metavar="N",
                        help="show at most N games (default 20)")
    parser.add_argument("--unfinished", action="store_true", help="only games still in progress")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead")
    add_database_option(parser)
    one_line_errors(parser)
    parser.set_defaults(run=run)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:  # 0 listed nothing, then claimed no games were stored
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    def show(store: Store) -> int:
        games = store.list_games(limit=args.limit, finished=False if args.unfinished else None)
        if args.json:
            for game in games:
                print(json.dumps(summary_dict(game)))
        elif not games:
            print(f"No games stored yet in {store.path}.")
        else:
            print(history_table(games))
        return 0

    def missing(path: Path) -> int:
        if not args.json:
            print(f"No games stored yet ({path} does not exist).")
        return 0

    return with_store(args, "history", show, when_missing=missing)


def history_table(games: list[StoredGame]) -> str:
    rows = [
        [str(game.id), local_time(game.updated_at), game.rules_label, opponents_text(game),
         result_text(game), books_text(game)]
        for game in games
    ]
    return table(["id", "date", "rules", "opponents", "result", "books"], rows, right={0})


def opponents_text(game: StoredGame) -> str:
    seat = player_seat(game)
    return ", ".join(name for index, name in enumerate(game.names) if index != seat)


def result_text(game: StoredGame) -> str:
    """The result from the person's side: won, lost, shared win, or in progress."""
    if game.winners is None:
        return "in progress"
    seat = player_seat(game)
    if seat is None:
        winners = " and ".join(game.names[w] for w in game.winners)
        return f"{winners} won" if len(game.winners) == 1 else f"shared: {winners}"
    return {"win": "won", "loss": "lost", "shared": "shared win"}[game.result(seat) or "loss"]


def books_text(game: StoredGame) -> str:
    """``6 (vs 7)``: the person's books, then the others' in seat order."""
    seat = player_seat(game)
    if seat is None:
        return " / ".join(str(count) for count in game.books)
    others = ", ".join(str(c) for index, c in enumerate(game.books) if index != seat)
    return f"{game.books[seat]} (vs {others})"


def summary_dict(game: StoredGame) -> dict[str, Any]:
    """A history line as JSON: everything but the record itself."""
    return {
        "id": game.id, "created_at": game.created_at, "updated_at": game.updated_at,
        "finished_at": game.finished_at, "rules": game.rules, "rules_label": game.rules_label,
        "players": game.players, "seats": game.seats, "over": game.over,
        "winners": game.winners, "books": game.books, "actions": game.actions,
        "source": game.source,
    }

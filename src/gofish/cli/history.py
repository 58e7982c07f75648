"""``gofish history``: the games stored on this computer, newest first."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gofish.cli import at_least_one, shown
from gofish.cli._database import (
    EXIT_STORAGE,
    add_database_option,
    damaged_groups,
    damaged_subject,
    local_time,
    report_changed,
    with_store,
)
from gofish.cli._messages import standard_output, table, tell

if TYPE_CHECKING:
    from gofish.storage import DamagedGameError, Store, StoredGame


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "history",
        help="list the games stored on this computer",
        description="List stored games, most recently played first: id, date, rules, "
        "opponents, result and books. Use the id with gofish show, export or resume.",
    )
    parser.add_argument("--limit", type=at_least_one, default=20, metavar="N",
                        help="show at most N games (at least 1; default 20)")
    parser.add_argument("--unfinished", action="store_true", help="only games still in progress")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead")
    add_database_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    standard_output()  # started with it closed (>&-): an error, not silent success
    def show(store: Store) -> int:
        with store.one_snapshot():  # pages of one read, the count of more_stored too
            return listed(store)

    def listed(store: Store) -> int:
        games = listed_games(store, args.limit, False if args.unfinished else None)
        damaged: list[DamagedGameError] = []
        changed: list[StoredGame] = []
        listed = 0
        shown_ids: set[int] = set()
        if args.json:
            for game in games:
                print(json.dumps(summary_dict(game)))
                listed += 1
                shown_ids.add(entry_id(game))
                damaged += damaged_entry(game)
                changed += changed_game(game)
            # Said on stderr, as JSON has no count line: those may be the newest games.
            if unplaced := unplaced_past_limit(store, shown_ids, args):
                tell(f"gofish history: {past_limit(unplaced)}: --limit N lists them")
            return max(report_damaged(damaged, listed), report_changed("history", changed))
        rows = []
        for game in games:
            rows.append(history_row(game))
            shown_ids.add(entry_id(game))
            damaged += damaged_entry(game)
            changed += changed_game(game)
        if not rows:
            print(f"No unfinished games in {store.path}." if args.unfinished
                  else f"No games stored yet in {store.path}.")
        else:
            print(history_table(rows))
            if more := more_stored(store, shown_ids, args):
                print(more)
        return max(report_damaged(damaged, len(rows)), report_changed("history", changed))

    def missing(path: Path) -> int:
        if not args.json:
            print(f"No games stored yet ({path} does not exist).")
        return 0

    return with_store(args, "history", show, when_missing=missing)


def more_stored(store: Store, shown_ids: set[int], args: argparse.Namespace) -> str | None:
    """A line saying the list stops at --limit while more games are stored, or None: a
    cut list looked like every game there is. Call it after listing: a damaged file is
    only then known (``store.damage``)."""
    listed = len(shown_ids)
    if listed < args.limit:
        return None
    finished = False if args.unfinished else None
    total = store.count(finished=finished)
    if total <= listed:
        return None
    which = "games" if not args.unfinished else (
        "unfinished games" if store.damage is None
        else "games that are unfinished or cannot be read")  # as listed around damage
    unplaced = unplaced_past_limit(store, shown_ids, args)
    order = "the most recent" + (f"; {past_limit(unplaced)}" if unplaced else "")
    return f"({listed} of {total} {which} shown, {order}: --limit N lists more)"


def unplaced_past_limit(store: Store, shown_ids: set[int], args: argparse.Namespace
                        ) -> list[str]:
    """The damaged games past --limit whose time cannot be read, largest id first. Read
    around a damaged page, such a game has no known place in the order and comes last:
    the newest may be among them, so they are named. Call it after listing, as
    more_stored."""
    if len(shown_ids) < args.limit:  # not cut: every game was listed, these too
        return []
    finished = False if args.unfinished else None
    return [str(game_id) for game_id in store.time_unknown_ids(finished)
            if game_id not in shown_ids]


def past_limit(unplaced: list[str]) -> str:
    """"games 44, 43 are damaged, past the limit: …", of unplaced_past_limit's ids."""
    return (f"{damaged_subject(unplaced)} damaged, past the limit: with no time that can be "
            "read, listed last")


#: Games read at a time: each game is read with its whole record, and --limit 100000 read
#: at once held every one of them in memory (1.7 GB for 80,000 games) before a line showed.
PAGE = 200


def listed_games(store: Store, limit: int, finished: bool | None
                 ) -> Iterator[StoredGame | DamagedGameError]:
    """The first ``limit`` games of the history, read a page at a time: call it within
    ``store.one_snapshot()``, or a game played on meanwhile is skipped if not yet listed."""
    before = None
    while limit > 0:
        page = store.list_page(min(limit, PAGE), before=before, finished=finished)
        yield from page.entries
        limit -= len(page.entries)
        if page.next_before is None:
            return
        before = page.next_before


def entry_id(game: StoredGame | DamagedGameError) -> int:
    from gofish.storage import DamagedGameError

    return game.game_id if isinstance(game, DamagedGameError) else game.id


def damaged_entry(game: StoredGame | DamagedGameError) -> list[DamagedGameError]:
    from gofish.storage import DamagedGameError

    return [game] if isinstance(game, DamagedGameError) else []


def changed_game(game: StoredGame | DamagedGameError) -> list[StoredGame]:
    """``game`` if its row said otherwise than its record (listed as the record plays)."""
    from gofish.storage import DamagedGameError

    return [] if isinstance(game, DamagedGameError) or not game.changed else [game]


def history_table(rows: list[list[str]]) -> str:
    """The rows of ``history_row``, in columns."""
    return table(["id", "date", "rules", "opponents", "result", "books"], rows, right={0})


def history_row(game: StoredGame | DamagedGameError) -> list[str]:
    from gofish.session import game_rules_in_words
    from gofish.storage import DamagedGameError

    if isinstance(game, DamagedGameError):  # marked in its place, so the rest still shows
        damage = "(damaged: seats unreadable)" if game.seats_lost else "(damaged: cannot be read)"
        return [str(game.game_id), "", damage, "", "", ""]
    return [str(game.id), local_time(game.updated_at), shown(game_rules_in_words(game)),
            opponents_text(game), result_text(game), books_text(game)]


def report_damaged(damaged: list[DamagedGameError], listed: int) -> int:
    """Name the damaged games of the ``listed`` on stderr: exit 1 if there are any."""
    others = "; the other games are listed" if listed > len(damaged) else ""
    for number, (ids, words) in enumerate(damaged_groups(damaged)):
        tell(f"gofish history: {damaged_subject(ids)} {words}{'' if number else others}")
    return EXIT_STORAGE if damaged else 0


def opponents_text(game: StoredGame) -> str:
    from gofish.bots import seat_labels

    seat = game.player_seat
    names = seat_labels(game.seats)
    return ", ".join(shown(name) for index, name in enumerate(names) if index != seat)


def result_text(game: StoredGame) -> str:
    """The result from the person's side: won, lost, shared win, or in progress."""
    from gofish.bots import seat_labels

    if game.winners is None:
        return "in progress"
    seat = game.player_seat
    if seat is None:
        names = seat_labels(game.seats)
        winners = [shown(names[w]) for w in game.winners]
        if len(winners) == 1:
            return f"{winners[0]} won"
        return f"shared: {', '.join(winners[:-1])} and {winners[-1]}"  # A, B and C
    return {"win": "won", "loss": "lost", "shared": "shared win"}[game.result(seat) or "loss"]


def books_text(game: StoredGame) -> str:
    """``6 (vs 7)``: the person's books, then the others' in seat order; ``pairs`` after
    them in a game under the pairs rule, which lays pairs (R3)."""
    seat = game.player_seat
    sets = " pairs" if game.book_size == 2 else ""
    if seat is None:
        return " / ".join(str(count) for count in game.books) + sets
    others = ", ".join(str(c) for index, c in enumerate(game.books) if index != seat)
    return f"{game.books[seat]} (vs {others}){sets}"


def summary_dict(game: StoredGame | DamagedGameError) -> dict[str, Any]:
    """A history line as JSON: everything but the record itself."""
    from gofish.storage import DamagedGameError

    if isinstance(game, DamagedGameError):
        return {"id": game.game_id, "damaged": True}
    return {
        "id": game.id, "created_at": game.created_at, "updated_at": game.updated_at,
        "finished_at": game.finished_at, "rules": game.rules, "rules_label": game.rules_label,
        "players": game.players, "seats": game.seats, "over": game.over,
        "winners": game.winners, "books": game.books, "book_size": game.book_size,
        "actions": game.actions, "source": game.source,
    }

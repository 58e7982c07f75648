"""``gofish stats``: wins, losses and books per game, per opponent and rule set."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gofish.cli import shown
from gofish.cli._database import (
    EXIT_STORAGE,
    add_database_option,
    damaged_groups,
    damaged_subject,
    with_store,
)
from gofish.cli._messages import report, standard_output, table

if TYPE_CHECKING:
    from gofish.storage import DamagedGameError, StatsRow, Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="your wins, losses and books per game against each opponent",
        description="Results of finished games from the human player's side, per "
        "opponent line-up and rule set. A shared win is a tie for the most books; the win "
        "rate counts it as a win, as the browser's Stats page does.",
    )
    parser.add_argument("--all-seats", action="store_true",
                        help="count every seat, computer players included")
    parser.add_argument("--json", action="store_true", help="one JSON object per row instead")
    add_database_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    standard_output()  # started with it closed (>&-): an error, not silent success
    def show(store: Store) -> int:
        from gofish.bots.base import stored_spelling
        from gofish.session import stats_opponents_named

        # By player first, the first column of --all-seats: the store's order (rules,
        # opponents, player) scattered one bot's rows among the others'.
        skipped: list[DamagedGameError] = []
        changed: list[int] = []
        unknown: list[int] = []
        rows = sorted(store.stats(human_only=not args.all_seats, skipped=skipped,
                                  changed=changed, bot_spelling=stored_spelling,
                                  unknown=unknown),
                      key=lambda row: (row.player, row.rules, row.opponents))
        if args.json:
            for row in rows:
                # rules_label, as history's JSON names the label (its rules is the record's).
                print(json.dumps({**row.to_dict(), "rules_label": row.rules,
                                  "opponent_names": stats_opponents_named(row)}))
        elif not rows:
            print(nothing_counted(store, all_seats=args.all_seats, damaged=len(skipped),
                                  unknown=len(unknown)))
        else:
            print(stats_table(rows, with_player=args.all_seats))
            if any(row.shared_wins for row in rows):  # 100% for one shared win, said why
                print(SHARED_WIN_COUNTED)
            if skipped:  # the figures above are not of every game, as they look
                print(left_out_line(len(skipped)))
        store.newest_first(skipped, changed, unknown)
        report_whose_seat_unknown(unknown)
        return max(report_left_out(skipped), report_counted_as_played(changed))

    def missing(path: Path) -> int:
        if not args.json:
            print(f"No finished games yet ({path} does not exist): play one with gofish play.")
        return 0

    return with_store(args, "stats", show, when_missing=missing)


def report_left_out(skipped: list[DamagedGameError]) -> int:
    """Name the damaged games on stderr, as history does: left out without a word, they
    made the figures look whole. Exit 1 if there are any."""
    for ids, words in damaged_groups(skipped):
        report("stats", f"{damaged_subject(ids)} {words}, so "
                        f"{'it is' if len(ids) == 1 else 'they are'} not counted")
    return EXIT_STORAGE if skipped else 0


#: Under a table with a shared win: the win rate counts it as one (R10: every player with
#: the most books wins), so one shared win in one game reads 100%, which needs saying.
SHARED_WIN_COUNTED = ("(the win rate counts a shared win as a win: every player tied for "
                      "the most books or pairs wins)")


def left_out_line(damaged: int) -> str:
    """The line under the table saying how many damaged games it leaves out, as history
    marks each in its place: named on stderr alone, they were easily missed."""
    if damaged == 1:
        return "(1 damaged game is not counted: gofish history marks it)"
    return f"({damaged:,} damaged games are not counted: gofish history marks them)"


def report_whose_seat_unknown(unknown: list[int]) -> None:
    """Name on stderr the games recover brought back without knowing who sat where, which
    are not counted as yours: counted as a person's at every seat, a game of one person
    and two bots was three games of yours, the bots' wins among them."""
    if unknown:
        ids = [str(game_id) for game_id in unknown]
        report("stats", f"{damaged_subject(ids)} not counted: gofish recover brought "
                        f"{'it' if len(ids) == 1 else 'them'} back without who sat in "
                        "which seat (--all-seats counts every seat)")


def report_counted_as_played(changed: list[int]) -> int:
    """Name on stderr the games whose rows said otherwise than their records, counted as
    their records play (history and show say the same of them): exit 1 if there are any."""
    from gofish.storage.errors import changed_row

    if not changed:
        return 0
    report("stats", changed_row(changed))
    return EXIT_STORAGE


def nothing_counted(store: Store, *, all_seats: bool, damaged: int = 0,
                    unknown: int = 0) -> str:
    """Why there are no rows: "no finished games" was wrong when the finished games stored
    were all played by computer players, which only --all-seats counts, or all damaged,
    or all brought back by recover without who sat where (``unknown``)."""
    if not all_seats and store.count(finished=True) > damaged + unknown:
        return (f"No finished games with a person at the table in {store.path}: "
                "--all-seats counts the computer players' games too.")
    if unknown and not damaged:
        return f"No finished games known to be yours in {store.path}."
    if damaged:
        return f"No finished games that can be read in {store.path}."
    return f"No finished games yet in {store.path}: play one with gofish play."


def stats_table(rows: list[StatsRow], *, with_player: bool) -> str:
    # House rules and bots as the table words them, as history does
    from gofish.session import stats_names, stats_opponents_named, stats_rules_in_words

    # Games under the pairs rule lay pairs (R3): their column says so, and beside books of
    # four each figure names its sets.
    sizes = {row.book_size for row in rows}
    mixed = len(sizes) > 1
    sets_heading = "books or pairs" if mixed else _sets(sizes.pop())
    headers = ["rules", "opponents", "games", "wins", "losses", "shared", "win rate",
               f"{sets_heading}/game"]
    body = [
        [shown(stats_rules_in_words(row)), ", ".join(map(shown, stats_opponents_named(row))),
         str(row.games), str(row.wins), str(row.losses), str(row.shared_wins),
         f"{row.win_rate:.0%}",
         f"{row.books_per_game:.1f}" + (f" {_sets(row.book_size)}" if mixed else "")]
        for row in rows
    ]
    if with_player:
        headers.insert(0, "player")
        for row, cells in zip(rows, body, strict=True):
            [player] = stats_names([row.player])  # "Emma", as she is named among opponents
            cells.insert(0, shown(player))
    first_number = 3 if with_player else 2
    return table(headers, body, right=set(range(first_number, len(headers))))


def _sets(book_size: int) -> str:
    return "pairs" if book_size == 2 else "books"

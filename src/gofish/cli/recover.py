"""``gofish recover``: get the games of a damaged games database back into a sound one."""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import TYPE_CHECKING, Any

from gofish.cli import shown
from gofish.cli._database import (
    EXIT_STORAGE,
    EXIT_USAGE,
    add_database_option,
    database_path,
    fail,
    mention_unsaved_left,
)
from gofish.cli._messages import brief, report, standard_output, write_whole

#: The exit status after Ctrl-C (128 + SIGINT), as main gives it.
INTERRUPTED = 130

if TYPE_CHECKING:
    from gofish.storage.recovery import Recovery
    from gofish.tournament.run import ProgressBar


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "recover",
        help="get the games of a damaged games database back into a sound one",
        description="Copy every game a damaged games database still holds (ids, dates, "
        "seats, results and records as they are) into a new file, and put it in the "
        "damaged one's place; the damaged file is kept beside it, renamed "
        "FILE.damaged-YYYYMMDD-HHMMSS, and never written. Games it cannot read are named, "
        "and so are games kept without seats it cannot read (each named 'seat N (name "
        "lost)'). "
        "A database that is not damaged is left as it is. Close every other gofish first.",
    )
    add_database_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gofish.leaving import Signalled, leaving_on_signals
    from gofish.storage import StorageError
    from gofish.storage.recovery import RecoveryInterrupted, RecoveryRefused, recover_database

    standard_output()  # started with it closed (>&-): an error before anything is done
    bar = _progress_bar()
    try:
        with leaving_on_signals():  # kill and a closed terminal end it as Ctrl-C does
            recovery = recover_database(database_path(args), progress=bar)
    except RecoveryRefused as error:
        report("recover", str(error))
        return EXIT_USAGE
    except StorageError as error:  # a full disk mid-copy: said below the bar, not after it
        if bar is not None:
            bar.end_line()
        return fail("recover", error)
    except RecoveryInterrupted as stopped:  # whether the new file is in place is said
        # Past the ^C the terminal shows; a hangup may have taken stderr (not exit 1 then).
        with contextlib.suppress(OSError):
            print("\n" + brief(f"gofish recover: {stopped}"), file=sys.stderr)
        return stopped.stop.status if isinstance(stopped.stop, Signalled) else INTERRUPTED
    return told(recovery)


def _progress_bar() -> ProgressBar | None:
    """A bar on a terminal's stderr: a large file takes minutes to copy, which silence
    would pass off as a hang. Not in a pipe or a log, where its redraws are clutter."""
    if not sys.stderr.isatty():
        return None
    from gofish.tournament.run import ProgressBar

    return ProgressBar()


def told(recovery: Recovery) -> int:
    """Say what ``recovery`` did; the exit status: 1 if a game did not come back."""
    path = shown(str(recovery.path))
    if recovery.damage is None:
        print(f"The games database {path} is not damaged (SQLite's integrity check finds "
              "nothing wrong): there is nothing to recover, and nothing was changed.")
        return 0
    total = len(recovery.recovered) + len(recovery.lost)
    kept = shown(str(recovery.kept_as))
    said = [f"Recovered {len(recovery.recovered)} of {total} games of the damaged games "
            f"database {path}: a new database holding them is in its place.",
            f"The damaged file is kept as {kept}."]
    if recovery.moved_in:  # named: one may be a later copy of a game said to be lost
        one = len(recovery.moved_in) == 1
        said.append(f"{_games(list(recovery.moved_in))}, saved while the database could "
                    f"not take {'it' if one else 'them'}, went into it too.")
    unsaid = False
    try:
        write_whole(standard_output(), "".join(f"{line}\n" for line in said))
    except OSError as error:  # a full disk: what was done and where the file went, still
        report("recover", f"recovered {len(recovery.recovered)} of {total} games of the "
                          f"damaged games database {path} into a new database in its place, "
                          f"and kept the damaged file as {kept}, but standard output could "
                          f"not take this: {error.strerror or error}")
        unsaid = True
    _mention_unsaved_left(recovery)
    seats_lost = _report_seats_lost(recovery)
    return _report_lost(recovery) or seats_lost or (EXIT_STORAGE if unsaid else 0)


def _report_seats_lost(recovery: Recovery) -> int:
    """Say which games came back without who sat in them; 1 if any did."""
    if not recovery.seats_lost:
        return 0
    report("recover", f"{_games(sorted(recovery.seats_lost))} came back with seats lost: who "
                      "sat there (names, and which were bots) was on a damaged page. Each "
                      "seat lost is named \"seat N (name lost)\" (stats do not count it as yours); "
                      f"what is left of them stays in {shown(str(recovery.kept_as))}")
    return EXIT_STORAGE


def _report_lost(recovery: Recovery) -> int:
    """Name the games that did not come back on stderr; 1 if there are any."""
    from gofish.storage.errors import DAMAGE_CAUSES

    kept = shown(str(recovery.kept_as))
    damaged = [game.id for game in recovery.lost if game.damaged]
    if damaged:
        it_is, them = ("it is", "it") if len(damaged) == 1 else ("they are", "them")
        subject = f"{_games(damaged)} {'is' if len(damaged) == 1 else 'are'}"
        report("recover", f"{subject} damaged and cannot be read "
                          f"({DAMAGE_CAUSES}), so {it_is} not in the new database; what is "
                          f"left of {them} stays in {kept}")
    for game in recovery.lost:
        if not game.damaged:
            report("recover", f"game {game.id} does not replay ({game.reason}), so it is "
                              f"not in the new database; it stays in {kept}")
    return EXIT_STORAGE if recovery.lost else 0


def _games(ids: list[int]) -> str:
    """``game 2``, or ``games 1 to 577, 901``."""
    return f"game {ids[0]}" if len(ids) == 1 else f"games {', '.join(_runs(ids))}"


def _runs(ids: list[int]) -> list[str]:
    """``ids`` in order, each run of three or more as ``1 to 577``: a damaged inner page of
    the games table loses hundreds of games in a row."""
    runs: list[list[int]] = []
    for game_id in sorted(ids):
        if runs and game_id == runs[-1][-1] + 1:
            runs[-1].append(game_id)
        else:
            runs.append([game_id])
    said: list[str] = []
    for run in runs:
        said += [f"{run[0]} to {run[-1]}"] if len(run) >= 3 else [str(each) for each in run]
    return said


def _mention_unsaved_left(recovery: Recovery) -> None:
    """Name the fallback files that still hold lines for the database, as history does."""
    from gofish.storage import StorageError, Store

    try:
        with Store(recovery.path) as store:
            mention_unsaved_left("recover", store)
    except StorageError as error:  # the games are in: only this look failed
        report("recover", str(error))

"""What the history, stats, show and export commands share: the --database option,
opening the store, and turning storage failures into one line on stderr."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gofish.cli import file_name, shown
from gofish.cli._messages import report

if TYPE_CHECKING:
    from gofish.storage import DamagedGameError, Store, StoredGame

EXIT_STORAGE = 1  # the database is damaged, locked or unreadable
EXIT_USAGE = 2  # the user asked for something that is not there


def latest_playable(store: Store, skipped: list[Any] | None = None) -> StoredGame | None:
    """The latest readable unfinished game with a person's seat, or None (resume picks it
    up; play names it). A game stored by bots alone (through the API) is passed over: it
    hid the player's own game. So is one that cannot be resumed here (a record edited by
    hand that no longer replays, a bot not installed), added to ``skipped`` (with the
    damaged ones) as why: it stopped a bare ``gofish resume`` short of the older games.
    Read page by page from the newest: a game saved meanwhile no longer pushes the
    oldest out of a list counted beforehand."""
    from gofish.session import TableSession

    def playable(game: StoredGame) -> bool:
        if not game.human_seats:
            return False
        problem = TableSession.resume_problem(game.record, game.seats, game.id)
        if problem is not None and skipped is not None:
            skipped.append(problem)
        return problem is None

    return store.latest_unfinished(skipped, wanted=playable)


def game_id(text: str) -> int:
    """The argparse type of a stored game's id, refused in resume's words (not argparse's
    "invalid int value", nor int()'s limit on digits)."""
    from gofish.cli.play import OptionError, whole_number

    try:
        value = whole_number(text, "the game id")
    except OptionError as error:
        raise argparse.ArgumentTypeError(f"{error}{where_ids_are(text)}") from None
    assert value is not None  # whole_number returns None only for None
    return value


def where_ids_are(typed: str) -> str:
    """" (gofish history lists the ids)" after a game id typed as a word ("latest"), which
    is no mistyped number; "" for one with digits in it."""
    return "" if any(char.isdigit() for char in typed) else " (gofish history lists the ids)"


#: The one --database help of every command on the games database (README, "History and
#: stats"): play's and serve's said "the user data dir", history's "i.e." the home folder's
#: file even when $XDG_DATA_HOME names another.
GAMES_DATABASE_HELP = ("the games database (default: $GOFISH_DB, else games.sqlite3 in "
                       "$XDG_DATA_HOME/gofish, or in ~/.local/share/gofish when that is not set)")


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", metavar="PATH", type=file_name, help=GAMES_DATABASE_HELP)


def command_line(args: argparse.Namespace, *words: str) -> str:
    """``gofish WORDS``, with the --database that was given: a hint naming another command
    must find the same games, not the default database's."""
    from gofish.session import option_words

    database = option_words("--database", args.database) if args.database else []
    return shlex.join(["gofish", *words, *database])


def database_path(args: argparse.Namespace) -> Path:
    from gofish.storage.paths import chosen_db_path

    return chosen_db_path(args.database or None)


def with_store(
    args: argparse.Namespace, command: str, body: Callable[[Store], int],
    *, when_missing: Callable[[Path], int],
) -> int:
    """Open the database, run ``body``, close it; storage errors become one line on stderr.

    A database that does not exist yet is not created by a command that only reads:
    ``when_missing`` decides what to say instead. Unless games wait in a fallback file
    for it: then it is created, so they are moved in and shown. Lines of those files that
    stay there are mentioned on stderr, so that nobody thinks them lost or in.
    """
    from gofish.storage import StorageError
    from gofish.storage.access import database_exists
    from gofish.storage.errors import damage_message
    from gofish.storage.fallback import fallback_waits, waits_in_temp_folder

    try:
        path = database_path(args)
        waiting = fallback_waits(path) or waits_in_temp_folder(path)
        if not (database_exists(path) or waiting):
            return when_missing(path)
        store = open_to_read(path, only_read=not waiting and empty_file(path))
        with store:
            if store.older_schema is not None:
                report(command, f"the games database {shown(str(path))} is of an older gofish "
                                f"(schema {store.older_schema}) and may not be written, so it "
                                "is read as it is; gofish upgrades it once it can write it")
            code = body(store)
            if store.damage is not None:  # read around it: the games listed look whole
                report(command, damage_message(path, store.damage))
                code = code or EXIT_STORAGE
            mention_unsaved_left(command, store)
            return code
    except StorageError as error:
        return fail(command, error)


def mention_unsaved_left(command: str, store: Store) -> None:
    """Say on stderr which fallback files still hold lines for ``store``'s database (or
    that one cannot be read); the command's result stands either way."""
    from gofish.storage import StorageError

    try:
        left = store.unsaved_left()
    except StorageError as error:  # a pipe where the file beside it should be
        report(command, str(error))
        return
    from gofish.narrate import plural

    for path, count, unreadable in left:
        where = shown(str(path))
        waiting = count - unreadable
        if waiting:
            report(command, f"{plural(waiting, 'line')} of unsaved games "
                            f"{'waits' if waiting == 1 else 'wait'} in {where}: "
                            f"{when_unsaved_go_in(store)}")
        if unreadable:
            report(command, f"{plural(unreadable, 'line')} in {where} could not be moved into "
                            "the database (not a game gofish can read: edited by hand?), so "
                            f"{'it is' if unreadable == 1 else 'they are'} kept there")


def when_unsaved_go_in(store: Store) -> str:
    """When games waiting in a fallback file go into ``store``'s database."""
    if store.opened_read_only:
        return "they go into the database once it can be written"
    if store.damage is not None:  # never moved into a damaged file
        return "they go in once a sound database is in its place"
    # Games the database did not take just now:
    return ("the database did not take them (locked by another program, or the disk "
            "full?); they go in the next time gofish opens it")


def empty_file(path: Path) -> bool:
    """Whether ``path`` is an empty file with no moves waiting beside it (an SQLite
    database with no tables yet, or a file of no kind at all)."""
    wal = Path(f"{path}-wal")
    try:
        return path.stat().st_size == 0 and (not wal.exists() or wal.stat().st_size == 0)
    except OSError:  # the opening says what is wrong
        return False


def open_to_read(path: Path, *, only_read: bool = False) -> Store:
    """The store at ``path``; one that cannot be written (a read-only file or folder) is
    opened read-only, since these commands only read it, and so is one ``only_read``: an
    empty file, which reads as holding no games, and which these commands do not make a
    games database any more than they create a missing one. Any other failure is
    raised."""
    from gofish.storage import StorageError, open_store
    from gofish.storage.access import problem_saving
    from gofish.storage.store import open_store_to_read

    if only_read:
        return open_store(path, read_only=True)
    try:
        return open_store_to_read(path)  # read around damage, saying so after
    except StorageError as error:
        if problem_saving(path) is None:  # locked, damaged: not a matter of permissions
            raise
        try:
            return open_store(path, read_only=True)
        except StorageError:
            raise error from None


def fail(command: str, error: Exception) -> int:
    """Print ``error`` as ``gofish COMMAND: message`` and return the exit code for it."""
    from gofish.storage import UnknownGameError

    report(command, str(error))
    return EXIT_USAGE if isinstance(error, UnknownGameError) else EXIT_STORAGE


def no_such_game(command: str, game_id: int) -> Callable[[Path], int]:
    def say_so(path: Path) -> int:
        report(command, f"there is no stored game with id {game_id} "
                        f"(no games database at {path} yet)")
        return EXIT_USAGE

    return say_so


def not_replaying(stored: StoredGame, args: argparse.Namespace) -> str | None:
    """Why stored game ``stored`` does not replay (a row edited by hand), or None if it does."""
    from gofish.core import GoFishError

    try:
        stored.game()
    except GoFishError as error:
        return (f"game {stored.id} in the games database {database_path(args)} does not "
                f"replay ({error}); it may have been edited by hand")
    return None


def report_changed(command: str, games: list[StoredGame]) -> int:
    """Name on stderr the games whose rows said otherwise than their records (shown as
    their records play): exit 1, as for a damaged game, or 0 if there are none."""
    from gofish.storage.errors import changed_row

    changed = [game for game in games if game.changed]
    if not changed:
        return 0
    report(command, changed_row([game.id for game in changed],
                                [column for game in changed for column in game.changed]))
    return EXIT_STORAGE


def damaged_subject(ids: list[str]) -> str:
    """``game 2 is`` or ``games 2, 3 are``: the start of a line naming damaged games."""
    return f"game {ids[0]} is" if len(ids) == 1 else f"games {', '.join(ids)} are"


def damaged_groups(damaged: Sequence[DamagedGameError]) -> list[tuple[list[str], str]]:
    """The damaged games' ids in groups, each with what is wrong with them in words: those
    that cannot be read, then those whose seats alone cannot be (gofish recover brings
    them back, where "cannot be read" said they were lost). Empty groups left out."""
    from gofish.storage.errors import DAMAGE_CAUSES, SEATS_LOST

    lost = [str(game.game_id) for game in damaged if not game.seats_lost]
    seatless = [str(game.game_id) for game in damaged if game.seats_lost]
    back = "it" if len(seatless) == 1 else "them"
    groups = [(lost, f"damaged and cannot be read ({DAMAGE_CAUSES})"),
              (seatless, f"damaged: {SEATS_LOST} ({DAMAGE_CAUSES}); gofish recover brings "
                         f"{back} back, each seat it cannot read named by its number")]
    return [(ids, words) for ids, words in groups if ids]


def local_time(stamp: str | None) -> str:
    """A stored UTC timestamp as local ``YYYY-MM-DD HH:MM`` (blank if unset)."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:  # a row edited by hand: as it is, but never an escape sequence
        return shown(stamp)

"""``gofish resume``: pick up an unfinished game from the games database."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gofish.cli._database import (
    EXIT_STORAGE,
    command_line,
    latest_playable,
    mention_unsaved_left,
    where_ids_are,
)
from gofish.cli._messages import report
from gofish.cli.play import (
    OptionError,
    add_front_end_options,
    check_saving,
    launch,
    line_mode,
    open_games_store,
    parse_speed,
    require_open_streams,
    whole_number,
)
from gofish.core import GoFishError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "resume",
        help="go on with an unfinished game (the latest one, or game ID)",
        description="Resume the most recent unfinished game, or the stored game ID.",
    )
    parser.add_argument("id", nargs="?", default=None,
                        help="the game id (see gofish history --unfinished); without it, the "
                        "latest unfinished game")
    add_front_end_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gofish.session import TableSession
    from gofish.storage import StorageError

    speed = parse_speed(args.speed)
    try:
        game_id = whole_number(args.id, "the game id")
    except OptionError as error:  # "resume last": the help's "the latest one" invites it
        if not where_ids_are(args.id):  # a number mistyped: its own words say it
            raise
        raise OptionError(f"{error}: leave it out to resume the latest unfinished game"
                          f"{where_ids_are(args.id)}") from None
    require_open_streams()
    refuse_a_missing_database(args, game_id)
    store = open_games_store(args.database, required=True, check=False)
    try:
        stored = _game_to_resume(store, game_id,
                                 lambda shown_id: command_line(args, "show", str(shown_id)))
        session = TableSession.resume(_latest_record(store, stored), stored.seats, store,
                                      stored.id, deal=store.seeded_deal(stored.id))
    except OptionError:
        store.close()
        raise
    except (StorageError, GoFishError) as error:  # a damaged game, as show and export say
        store.close()
        report("resume", str(error))
        return EXIT_STORAGE
    # Only now: a warning that the game will not be saved, before "there is no game", misled.
    check_saving(store, "resume")
    plain = line_mode(args.plain, "resume")
    session.source = "plain" if plain else "terminal"  # chosen once the game is known good
    return launch(session, plain=plain, speed=speed, command="resume",
                  asked_for_plain=args.plain)


def _game_to_resume(store: Any, game_id: int | None, show: Callable[[int], str]) -> Any:
    """The stored game to resume: ``game_id``, or the latest unfinished one that can be
    read and has a seat for a person; OptionError saying why there is none. ``show``: the
    command that replays a game instead (with the --database given, if one was)."""
    from gofish.storage import DamagedGameError, UnknownGameError

    skipped: list[DamagedGameError | str] = []  # damaged, or why it cannot be resumed
    try:
        stored = latest_playable(store, skipped) if game_id is None else store.get(game_id)
    except UnknownGameError as error:
        raise OptionError(str(error)) from None
    for damaged in skipped:  # newer than the one resumed, so the player may be looking for it
        report("resume", f"warning: {damaged}, so it is passed over")
    if stored is None:  # games that wait outside the database are not lost: say where
        mention_unsaved_left("resume", store)
        raise OptionError(f"there is no unfinished game{_which(store, skipped)} to resume: "
                          "start one with gofish play")
    if stored.over:
        raise OptionError(
            f"game {stored.id} is already finished: {show(stored.id)} replays it"
        )
    if not stored.human_seats:  # not damaged (exit 1): a game no one can sit down at
        raise OptionError(f"game {stored.id} is played by computer players only, with no "
                          f"seat for you to take: {show(stored.id)} replays it")
    return stored


def _latest_record(store: Any, stored: Any) -> Any:
    """The record to go on from: the stored one, or a copy carrying it on that waits in the
    fallback file (the database could not take it), which is said."""
    waiting = store.waiting_record(stored)
    if waiting is None:
        return stored.record
    report("resume", f"game {stored.id} goes on from its last moves, which wait outside the "
                     "database until it can take them")
    return waiting


def _which(store: Any, skipped: list[Any]) -> str:
    """What the unfinished games passed over lacked, for "there is no unfinished game…":
    history --unfinished lists those, so a bare "no unfinished game" contradicted it."""
    if store.count(finished=False) > len(skipped):
        return " with a seat for you" + (" that can be read" if skipped else "")
    return " that can be read" if skipped else ""


def refuse_a_missing_database(args: argparse.Namespace, game_id: int | None) -> None:
    """Resuming only reads: a database that is not there (a mistyped path) is reported,
    not created empty (unless games wait in its fallback file, to be moved in); nor is
    an existing empty file made one (gofish's tables written into it), as history and
    the other commands that read leave it."""
    from gofish.cli._database import database_path, empty_file
    from gofish.storage.access import database_exists
    from gofish.storage.fallback import fallback_waits

    path = database_path(args)  # StorageError with no home: exit status 1, as for history
    if fallback_waits(path):
        return
    if not database_exists(path):
        why = f"there is no games database at {path}"
    elif empty_file(path):
        why = f"the games database {path} is an empty file"
    else:
        return
    what = ("no unfinished game to resume" if game_id is None
            else f"no stored game with id {game_id}")
    raise OptionError(f"there is {what}: {why} (gofish play starts a game)")

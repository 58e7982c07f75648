"""``gofish export ID``: a stored game's record as one JSON line (docs/rules.md, "Records and
replay")."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from gofish.cli import file_name
from gofish.cli._database import (
    EXIT_STORAGE,
    EXIT_USAGE,
    add_database_option,
    game_id,
    no_such_game,
    not_replaying,
    with_store,
)
from gofish.cli._messages import report, standard_output
from gofish.cli._outputs import refusal
from gofish.whole_files import written_whole

if TYPE_CHECKING:
    from gofish.storage import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a stored game's record as one JSON line",
        description="Write the game record of stored game ID, as one JSON line that "
        "gofish replay (or any tool reading the records of docs/rules.md, \"Records and "
        "replay\") accepts.",
    )
    parser.add_argument("id", type=game_id, help="the game id (see gofish history)")
    parser.add_argument("-o", "--output", metavar="FILE", type=file_name,
                        help="write to FILE instead of standard output (- is standard output, "
                             "as for gofish replay)")
    add_database_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.output not in (None, "-") and (refused := refusal(args.output)):
        report("export", refused)  # before anything is read
        return EXIT_USAGE

    def export(store: Store) -> int:
        stored = store.get(args.id)
        line = json.dumps(stored.record, separators=(",", ":")) + "\n"
        written = write_stdout(line) if args.output in (None, "-") else write_file(
            args.output, line)
        if written == 0 and not stored.over:
            # The record is the whole deck in order: reading it shows every hidden card.
            # Said once it is written: a record that could not be (-o into a missing
            # folder, a full disk) spoils nothing, and the warning came before its failure.
            report("export", f"warning: game {args.id} is still in progress; its record "
                             "shows every hand and the pond, so reading it spoils the game")
        # Written all the same, to be mended by hand; but exit 1 (a damaged game), as show
        # does: it was exported with status 0 as if gofish replay would take it.
        if written == 0 and (broken := not_replaying(stored, args)) is not None:
            report("export", f"{broken}: its record is written as it is stored")
            return EXIT_STORAGE
        return written

    return with_store(args, "export", export, when_missing=no_such_game("export", args.id))


def write_stdout(line: str) -> int:
    try:
        output = standard_output()
        output.write(line)
        output.flush()
    except BrokenPipeError:
        raise
    except OSError as error:  # e.g. > /dev/full: the disk is full
        report("export", f"cannot write the record: {error.strerror or error}")
        return EXIT_STORAGE
    return 0


def write_file(path: str, line: str) -> int:
    try:
        with written_whole(path, encoding="utf-8") as stream:  # a failure keeps the old file
            stream.write(line)
    except OSError as error:
        report("export", f"cannot write {path}: {error.strerror or error}")
        return EXIT_STORAGE
    return 0

"""``gofish serve``: play in the browser, on the same engine, bots and games database."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gofish.cli._database import add_database_option
from gofish.cli._hosts import add_host_options, only_this_machine
from gofish.cli._messages import report, standard_output
from gofish.cli._server import (
    address,
    hosts_refused,
    listen_or_explain,
    port,
    rooms_database_ok,
    seconds,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: start the web server and print its address",
        description=(
            "Start the web table (a FastAPI app on uvicorn) and print the address to open. "
            "Games, history and stats use the same database as the terminal game."
        ),
    )
    add_host_options(parser)
    parser.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    add_database_option(parser)
    parser.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
                        help="seconds between computer players' asks (default 1.4)")
    parser.set_defaults(run=run)


MAX_PACE = 60.0
_pace = seconds("the pace", MAX_PACE, zero=" (instant)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from gofish.online.app import quiet_server_log, server_config
    from gofish.web import create_app
    from gofish.web.session import DEFAULT_PACE

    if hosts_refused("serve", args.host, args.allow_host):
        return 2
    # The table has rooms too, on $GOFISH_ROOMS_DB; its default file is made when needed.
    if not rooms_database_ok("serve", None, open_default=False):
        return 2
    if not games_database_checked(args.database):
        return 2
    # The address is told there: started with it closed (>&-), uvicorn's log set-up failed
    # with a traceback. OSError, which main reports in one line, as every command's output.
    standard_output()
    listener = listen_or_explain("serve", args.host, args.port)
    if listener is None:
        return 1
    app = create_app(args.database, pace=DEFAULT_PACE if args.pace is None else args.pace)
    only_this_machine(app, args.host, args.allow_host, "serve")
    # As gofish rooms runs: the same rooms are served here, and the table's frames are small.
    config = server_config(app)
    quiet_server_log()  # the table's rooms take websockets too, and Ctrl-C is as for rooms
    server = uvicorn.Server(config)
    print(f"gofish is serving the table at {address(args.host, listener)}  (Ctrl-C stops it)",
          flush=True)
    server.run(sockets=[listener])
    return 0


def games_database_checked(database: str | None) -> bool:
    """Say on the console when the games database cannot be opened, made or written: the
    server ran silently, and every game played at its table was lost. The table still
    opens (its page says why) while games could be kept somewhere, as play deals; False,
    saying why, when none could be kept anywhere (no home directory to find the database
    in; a database that cannot take one, and no fallback file either), so that serve
    refuses to start (README, "Exit statuses"), as play refuses to deal."""
    from gofish.storage import StorageError
    from gofish.storage.fallback import can_keep_games, fallback_targets
    from gofish.storage.paths import chosen_db_path
    from gofish.web.app import REOPEN_AFTER

    try:
        path = chosen_db_path(database or None)
    except StorageError as error:  # no home directory: no database to try, now or later
        report("serve", str(error))
        return False
    problem = problem_saving_to(path)
    if problem and not can_keep_games(path):
        kept = " nor ".join(map(str, fallback_targets(path)))
        report("serve", f"{problem}, and no fallback file can be written either ({kept}): "
                        "choose another file with --database")
        return False
    if problem:
        report("serve", f"warning: {problem}. Games played at this table are kept in a "
                        "fallback file meanwhile, and added to the database once it can be "
                        "written; the server tries the database again every "
                        f"{REOPEN_AFTER:.0f} seconds.")
    return True


def problem_saving_to(path: Path) -> str | None:
    """Why the games database at ``path`` cannot take a game now, or None. One that is not
    there yet is made when the first game is saved, as by gofish play, not at start-up."""
    from gofish.storage import StorageError, open_store
    from gofish.storage.access import database_exists, problem_saving

    try:
        if database_exists(path):
            open_store(path).close()
        # A read-only file opens, and a folder that cannot be written is only found out
        # at the first save: both are said now.
        return problem_saving(path)
    except StorageError as error:
        return str(error)

"""``gofish serve``: play in the browser, on the same engine, bots and games database."""

from __future__ import annotations

import argparse
from typing import Any

from gofish.cli._database import add_database_option
from gofish.cli._hosts import add_host_options, only_this_machine
from gofish.cli._messages import report
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

    from gofish.web import create_app
    from gofish.web.session import DEFAULT_PACE

    if hosts_refused("serve", args.host, args.allow_host):
        return 2
    # The table has rooms too, on $GOFISH_ROOMS_DB; its default file is made when needed.
    if not rooms_database_ok("serve", None, open_default=False):
        return 2
    listener = listen_or_explain("serve", args.host, args.port)
    if listener is None:
        return 1
    warn_if_games_database_unusable(args.database)
    app = create_app(args.database, pace=DEFAULT_PACE if args.pace is None else args.pace)
    only_this_machine(app, args.host, args.allow_host, "serve")
    config = uvicorn.Config(app, log_level="warning")
    server = uvicorn.Server(config)
    print(f"gofish is serving the table at {address(args.host, listener)}  (Ctrl-C stops it)",
          flush=True)
    server.run(sockets=[listener])
    return 0


def warn_if_games_database_unusable(database: str | None) -> None:
    """Say on the console when the games database cannot be opened, made or written. The
    table still opens (its page says why), but whoever started the server saw nothing and
    lost every game."""
    from gofish.storage import StorageError, open_store
    from gofish.storage.access import database_exists, problem_saving
    from gofish.storage.paths import chosen_db_path
    from gofish.web.app import REOPEN_AFTER

    try:
        path = chosen_db_path(database or None)
        if database_exists(path):  # else made when the first game is saved, as by gofish play
            open_store(path).close()
        # A read-only file opens, and a folder that cannot be written is only found out
        # at the first save: both are said now.
        problem = problem_saving(path)
    except StorageError as error:
        problem = str(error)
    if problem:
        report("serve", f"warning: {problem}. Games played at this table will not be saved "
                        "while this lasts; the server tries the database again every "
                        f"{REOPEN_AFTER:.0f} seconds.")

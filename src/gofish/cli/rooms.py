"""``gofish rooms``: the browser table with online rooms, for playing with friends."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gofish.cli._hosts import add_host_options, only_this_machine
from gofish.cli._messages import standard_output, tell
from gofish.cli._server import (
    address,
    hosts_refused,
    listen_or_explain,
    port,
    rooms_database_ok,
    seconds,
)

if TYPE_CHECKING:
    from starlette.applications import Starlette


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rooms",
        help="host online rooms: friends join by link or code, bots fill empty seats",
        description=(
            "Start the web app with online rooms (open /rooms). Every action is stored "
            "before it is shown, so a restarted server resumes every room where it was. "
            "The table against the computer (your games, history and stats) answers only "
            "a browser on this machine."
        ),
    )
    add_host_options(parser)
    parser.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="rooms database: a file path, sqlite:///relative/path, "
                             "sqlite:////absolute/path or postgresql://… (default: "
                             "$GOFISH_ROOMS_DB, else rooms.sqlite3 in $XDG_DATA_HOME/gofish, "
                             "or in ~/.local/share/gofish when that is not set)")
    parser.add_argument("--away-seconds", type=_seconds, default=60.0, metavar="SECONDS",
                        help="a player gone this long is played by a bot until they return "
                             "(default 60)")
    parser.add_argument("--turn-seconds", type=_turn_seconds, default=90.0, metavar="SECONDS",
                        help="a player here who has not moved for this long on their turn "
                             "has that move made by a bot, and plays on after it; if that "
                             "happens twice in a row the bot plays for them until they are back, "
                             "or, with nobody else here, the game waits for them "
                             "(default 90; 0: never)")
    parser.add_argument("--bot-delay", type=_seconds, default=1.0, metavar="SECONDS",
                        help="pause before each bot ask (default 1)")
    parser.set_defaults(run=run)


_seconds = seconds("a pause", 86400)
_turn_seconds = seconds("a turn's time", 86400, zero=" (no limit)")


def rooms_app(args: argparse.Namespace) -> Starlette:
    """The web app with the rooms, as ``gofish rooms`` serves it."""
    from gofish.online import RoomSettings, mount_rooms
    from gofish.web import create_app
    from gofish.web.hosts import TableForThisMachineOnly

    app = create_app()
    # Friends come for the rooms; the table against the computer opens on the host's own
    # games, history and stats (the default database), so it stays the host's.
    app.add_middleware(TableForThisMachineOnly)
    # Added last, so it answers first: a request from another site, through a visitor's
    # browser, is refused as under serve, whatever it asks for.
    only_this_machine(app, args.host, args.allow_host, "rooms")
    settings = RoomSettings(away_seconds=args.away_seconds, bot_delay=args.bot_delay,
                            turn_seconds=args.turn_seconds)
    mount_rooms(app, database_url=args.database, settings=settings)
    return app


def run(args: argparse.Namespace) -> int:
    from gofish.online import serve
    from gofish.online.store import StoreError

    if hosts_refused("rooms", args.host, args.allow_host):
        return 2
    if not rooms_database_ok("rooms", args.database):
        return 2
    # The address is told there: started with it closed (>&-), uvicorn's log set-up failed
    # with a traceback. OSError, which main reports in one line, as every command's output.
    standard_output()
    listener = listen_or_explain("rooms", args.host, args.port)
    if listener is None:
        return 1
    app = rooms_app(args)
    url = address(args.host, listener, "/rooms")
    try:
        serve(app, args.host, args.port, listener=listener,
              on_ready=lambda: print(f"gofish rooms at {url}  (Ctrl-C stops it)", flush=True))
    except StoreError as error:  # another server took the database since the check above
        tell(f"gofish rooms: {error}")
        return 2
    return 0

"""``gofish serve``: play in the browser, on the same engine, bots and games database."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: start the web server and print its address",
        description=(
            "Start the web table (a FastAPI app on uvicorn) and print the address to open. "
            "Games, history and stats use the same database as the terminal game."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    parser.add_argument("--database", metavar="PATH", default=None,
                        help="games database file (default: $GOFISH_DB or the user data dir)")
    parser.add_argument("--pace", type=float, default=None, metavar="SECONDS",
                        help="seconds between computer players' asks (default 1.4)")
    parser.set_defaults(run=run)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {port}")
    return port


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from gofish.web import create_app
    from gofish.web.session import DEFAULT_PACE

    app = create_app(args.database, pace=DEFAULT_PACE if args.pace is None else args.pace)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")
    server = uvicorn.Server(config)
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"gofish is serving the table at http://{shown_host}:{args.port}/  (Ctrl-C stops it)",
          flush=True)
    server.run()
    return 0

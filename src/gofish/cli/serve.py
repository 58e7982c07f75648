"""``gofish serve``: play in the browser, on the same engine, bots and games database."""

from __future__ import annotations

import argparse
import errno
import math
import os
import socket
import sys
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
    parser.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
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


MAX_PACE = 60.0


def _pace(text: str) -> float:
    try:
        pace = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the pace is a number of seconds, not {text!r}") from None
    # A negative, infinite or NaN pause would make the bots instant or never move.
    if not (math.isfinite(pace) and 0 <= pace <= MAX_PACE):
        raise argparse.ArgumentTypeError(
            f"the pace is from 0 (instant) to {MAX_PACE:g} seconds, not {text}")
    return pace


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from gofish.web import create_app
    from gofish.web.session import DEFAULT_PACE

    try:
        listener = _listen(args.host, args.port)
    except OSError as error:
        reason = error.strerror or str(error)
        print(f"gofish serve: cannot listen on {args.host} port {args.port}: {reason}"
              + (" (another server is using it: choose another --port)"
                 if error.errno == errno.EADDRINUSE else ""), file=sys.stderr)
        return 1
    app = create_app(args.database, pace=DEFAULT_PACE if args.pace is None else args.pace)
    config = uvicorn.Config(app, log_level="warning")
    server = uvicorn.Server(config)
    port = listener.getsockname()[1]  # the real one, also for --port 0
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"gofish is serving the table at http://{shown_host}:{port}/  (Ctrl-C stops it)",
          flush=True)
    server.run(sockets=[listener])
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """Bind before announcing the address, so a busy port or unknown host is told plainly."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                    flags=socket.AI_PASSIVE)[0][0]
    except socket.gaierror as error:
        raise OSError(error.errno, f"no such address ({error.strerror})") from None
    try:
        return socket.create_server((host, port), family=family)
    except OSError as error:  # its own message repeats the address: keep the reason only
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise OSError(error.errno, reason) from None

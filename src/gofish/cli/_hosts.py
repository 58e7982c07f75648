"""The host options of the commands that run a web server (serve, rooms), and the guard
that keeps other sites out of a server on this machine's own address."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette


def add_host_options(parser: argparse.ArgumentParser) -> None:
    """--host and --allow-host, alike for serve and rooms: both serve the table and the
    rooms, so both keep other sites out on this machine's own address."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0 for a network)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also answer to this host name (e.g. a tunnel's), though bound "
                        "to this machine only; may be given more than once")


def only_this_machine(app: Starlette, host: str, allowed: list[str], command: str) -> None:
    """Bound to a loopback address, let ``app`` answer only to this machine's names and
    ``allowed`` (DNS rebinding: docs/web.md, "Only this machine's names")."""
    from gofish.web.hosts import LoopbackHostOnly, is_loopback

    if is_loopback(host):
        app.add_middleware(LoopbackHostOnly, allowed=allowed, command=command)

"""Options and start-up shared by the commands that run a web server (serve, rooms)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import math
import os
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from gofish.cli import digits_0_to_9, reads_a_number
from gofish.cli._messages import tell

if TYPE_CHECKING:
    from gofish.online.store import RoomStore


@reads_a_number
def port(text: str) -> int:
    digits_0_to_9(text)  # int() read '٣' as 3
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {value}")
    return value


def seconds(subject: str, maximum: float, zero: str = "") -> Callable[[str], float]:
    """A parser for a pause of 0 to ``maximum`` seconds (``zero`` says what 0 means)."""

    def parse(text: str) -> float:
        digits_0_to_9(text)  # float() read '٣' as 3
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{subject} is a number of seconds, not {text!r}") from None
        # A negative, infinite or NaN pause would make bots instant or never move.
        if not (math.isfinite(value) and 0 <= value <= maximum):
            raise argparse.ArgumentTypeError(
                f"{subject} is from 0{zero} to {maximum:g} seconds, not {text}")
        return value

    return parse


def hosts_refused(command: str, host: str, allowed: list[str]) -> bool:
    """Say on stderr why --host or an --allow-host is refused, and return True; False if
    both are fine. An empty --host (an unset shell variable) was "cannot listen on  port
    8000: no such address" (exit 1); it is not taken as every address, which opens the
    table to the network and is asked for by name (0.0.0.0). An empty --allow-host was
    taken without a word, and matches no Host that a browser sends."""
    from gofish.cli._messages import report
    from gofish.web.hosts import host_name

    # A space or a slash is in no host name: "fish tunnel.example" matches no request either.
    empty = next((name for name in allowed if not host_name(name) or "/" in name
                  or any(char.isspace() for char in name.strip())), None)
    address = next(((name, named) for name in allowed if (named := _named_host(name))), None)
    as_in_a_link = _host_as_in_a_link(host)
    if not host.strip():
        report(command, "--host cannot be empty: leave it out for this machine only "
                        "(127.0.0.1), or give 0.0.0.0 for every address")
    elif as_in_a_link is not None:
        report(command, f"--host {host!r} is written as in a link: {as_in_a_link}")
    elif address is not None:
        report(command, f"--allow-host {address[0]!r} is an address, not a host name: give "
                        f"the name alone, --allow-host {address[1]}")
    elif empty is not None:
        report(command, f"--allow-host {empty!r} names no host, so it would match no "
                        "browser's request: give a host name such as example.org")
    return (not host.strip() or as_in_a_link is not None or address is not None
            or empty is not None)


def _host_as_in_a_link(host: str) -> str | None:
    """How to write a --host that is written as in a link (``[::1]``, ``localhost:8080``,
    ``http://0.0.0.0/``), which the system looked up as a name: "cannot listen on
    localhost:8080 port 8000: no such address". None for a host as it should be."""
    if "/" in host:
        named = _named_host(host)
        port = _port_in(host) if named else None
        return None if named is None else _written_apart(named, port)
    if host.startswith("[") and host.endswith("]"):
        return f"give an IPv6 address without its brackets, --host {host[1:-1]}"
    name, colon, port_text = host.partition(":")
    if colon and ":" not in port_text:  # one colon: no IPv6 address, which has two or more
        return _written_apart(name, port_text if port_text.isdigit() else None)
    return None


def _written_apart(name: str, port: str | None) -> str:
    if port is None:
        return f"give the address alone, --host {name}"
    return f"the port goes in --port, --host {name} --port {port}"


def _port_in(link: str) -> str | None:
    """The port a link names (``http://0.0.0.0:9000/``), as typed; None if it names none."""
    with contextlib.suppress(ValueError):  # a malformed port: only the host is said
        port = urlsplit(link.strip() if "//" in link else "//" + link.strip()).port
        return None if port is None else str(port)
    return None


def _named_host(typed: str) -> str | None:
    """The host name in an address given for one (``https://fish.example/``, as a tunnel
    prints it, taken as the host "https"); None if ``typed`` is no address."""
    if "/" not in typed:
        return None
    with contextlib.suppress(ValueError):  # a malformed address: refused as no host name
        return urlsplit(typed.strip() if "//" in typed else "//" + typed.strip()).hostname
    return None


def listen_or_explain(command: str, host: str, port_number: int) -> socket.socket | None:
    """Bind before announcing an address; on failure say why on stderr and return None."""
    from gofish.narrate import printable

    try:
        return _listen(host, port_number)
    except OSError as error:
        reason = error.strerror or str(error)
        busy = " (another server is using it: choose another --port)"
        tell(f"gofish {command}: cannot listen on {printable(host)} port {port_number}: {reason}"
             + (busy if error.errno == errno.EADDRINUSE else ""))
        return None


def rooms_database_ok(command: str, url: str | None, open_default: bool = True) -> bool:
    """Check the rooms database before listening, by opening it: a typo in the URL, a
    folder or a file that is not a database is reported, never served. With
    ``open_default`` False, the default database (no URL, no $GOFISH_ROOMS_DB) is left
    to be made when a room first needs it."""
    from gofish.online.store import DATABASE_ENV, StoreError, chosen_database, store_for

    try:
        store = store_for(url)  # a bad URL is refused here, without opening anything
        _refuse_the_games_database(store)
        if open_default or chosen_database(url) is not None:
            asyncio.run(_open_and_close(store))
    except StoreError as error:
        # Only when it came from there: the default file is not named by $GOFISH_ROOMS_DB.
        where = f" (from ${DATABASE_ENV})" if url is None and chosen_database(None) else ""
        tell(f"gofish {command}: {error}{where}")
        return False
    return True


def _refuse_the_games_database(store: RoomStore) -> None:
    """Refuse a rooms database that is the games database (gofish play's): opening it
    would add the rooms' tables to it, and the games store refuses a rooms file alike."""
    from gofish.online.store import SqliteStore, StoreError

    if not isinstance(store, SqliteStore) or not os.path.isfile(store.path):
        return
    try:
        uri = Path(store.path).resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error:  # not a database: opening it says so
        return
    if {"games", "seats"} <= tables:
        raise StoreError(f"{store.path} is the games database (of gofish play and serve), "
                         "not a rooms database: choose another file, such as rooms.sqlite3")


async def _open_and_close(store: RoomStore) -> None:
    await store.open()
    await store.close()


def address(host: str, listener: socket.socket, path: str = "/") -> str:
    """The URL to open, with the real port (also for --port 0).

    Listening on every address (0.0.0.0, ::), it names this machine's address on the
    network: a link to 0.0.0.0 opens on no other machine, and a room opened from it
    handed out invite links to 0.0.0.0 that no friend could follow.
    """
    if host in _EVERY_ADDRESS:
        host = network_address()
    shown_host = f"[{host}]" if ":" in host else host
    return f"http://{shown_host}:{listener.getsockname()[1]}{path}"


_EVERY_ADDRESS = ("0.0.0.0", "::")


def network_address() -> str:
    """This machine's IPv4 address on its network, else its host name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            # Connecting a UDP socket sends nothing: it only picks the outgoing interface
            # (192.0.2.1 is a documentation address, never a real host).
            probe.connect(("192.0.2.1", 9))
            found = str(probe.getsockname()[0])
    except OSError:
        found = ""
    return found if found and found != "0.0.0.0" else socket.gethostname()


def _listen(host: str, port_number: int) -> socket.socket:
    try:
        family = socket.getaddrinfo(host, port_number, type=socket.SOCK_STREAM,
                                    flags=socket.AI_PASSIVE)[0][0]
    except socket.gaierror as error:
        raise OSError(error.errno, f"no such address ({error.strerror})") from None
    except UnicodeError:  # bytes that are not UTF-8, or a label IDNA refuses
        raise OSError(errno.EINVAL, "not a valid host name") from None
    try:
        return socket.create_server((host, port_number), family=family)
    except OSError as error:  # its own message repeats the address: keep the reason only
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise OSError(error.errno, reason) from None

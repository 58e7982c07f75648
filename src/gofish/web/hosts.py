"""Answer only requests addressed to this machine, against DNS rebinding.

A web page from anywhere can point a name it owns at 127.0.0.1 and then read
the table's API from the player's own browser (the history, the names, the
games), since to the browser that is the page's own site: the websocket's
origin check cannot tell, as the page controls both Origin and Host. What it
cannot make the browser send is a Host naming this machine, so a server bound
to a loopback address answers only to loopback names, and to the names the
person starting it allowed (a tunnel's public name, say).
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from gofish.web.notfound import ROOMS_ONLY, page

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def host_name(header: str) -> str:
    """The name in a Host header, without its port (``[::1]:8000`` gives ``::1``)."""
    header = header.strip().lower().rstrip(".")
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else header
    if header.count(":") == 1:  # name:port (a bare IPv6 address has several colons)
        return header.split(":", 1)[0].rstrip(".")
    return header


def is_loopback(name: str) -> bool:
    """True for ``localhost`` (and ``*.localhost``, which browsers keep on this machine)
    and for loopback addresses such as 127.0.0.1 and ::1."""
    name = host_name(name)
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class LoopbackHostOnly:
    """ASGI middleware: refuse (403) any request whose Host is neither a loopback name nor
    one of ``allowed``; the answer says how to allow a name on purpose."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = (), command: str = "serve"):
        self.app = app
        self.allowed = frozenset(host_name(name) for name in allowed)
        self.command = command

    def accepts(self, header: str) -> bool:
        # No Host at all is not a browser (every browser sends one), so not a rebinding.
        return not header or is_loopback(header) or host_name(header) in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = _header(scope, b"host")
        if self.accepts(header):
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await _refuse_http(send, self.refusal(header))
        else:
            await receive()  # websocket.connect; closing before accepting answers 403
            await send({"type": "websocket.close", "code": 1008})

    def refusal(self, header: str) -> str:
        shown = header.encode("ascii", "backslashreplace").decode()[:100] or "no name"
        return (f"This gofish server answers only to this machine's own names (localhost, "
                f"127.0.0.1), not to {shown!r}: another site may be trying to reach it "
                f"through your browser. To serve under that name on purpose, start it with "
                f"gofish {self.command} --allow-host {host_name(shown) or 'NAME'}.\n")


class TableForThisMachineOnly:
    """ASGI middleware for ``gofish rooms``: the rooms (and the files their pages load) are
    for everyone who reaches the server, but the table against the computer is the host's
    own: its page, its games' history, stats and replays, and a resume of any of them.
    Those answer only a browser on this machine (by its own name, not through a proxy or
    a tunnel); anyone else is told why (403), with the way to the rooms."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] not in ("http", "websocket") or _open_to_all(scope["path"])
                or from_this_machine(scope)):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await receive()  # websocket.connect; closing before accepting answers 403
            await send({"type": "websocket.close", "code": 1008})
        elif scope["path"].startswith("/api/"):
            await _refuse_http(send, json.dumps({"error": HOSTS_OWN_TABLE}),
                               b"application/json")
        else:
            await _refuse_http(send, page("Not here · Go Fish", "This table is the host's",
                                          f"{_HOSTS_OWN}.", ROOMS_ONLY),
                               b"text/html; charset=utf-8")


_HOSTS_OWN = (
    "The table against the computer on this server, with its games, history and stats, "
    "belongs to whoever runs the server and opens only on their machine. The rooms are "
    "open to everyone, bots included"
)
#: The refusal under /api/, where no link can be followed: it names the rooms' address.
HOSTS_OWN_TABLE = f"{_HOSTS_OWN}: /rooms"
#: What a rooms server offers to everyone: the rooms' pages and API, their websockets, and
#: the shared files (styles, scripts, icon) their pages load.
_OPEN_PREFIXES = ("/rooms/", "/ws/room/", "/static/")


def _open_to_all(path: str) -> bool:
    return path == "/rooms" or path.startswith(_OPEN_PREFIXES)


def from_this_machine(scope: Scope) -> bool:
    """A request sent from this machine to one of its own names or addresses, not passed
    on by a proxy or a tunnel (which run here too, but for whoever is at their other end:
    a tunnel comes from 127.0.0.1 under its own public name)."""
    client, server = scope.get("client"), scope.get("server")
    if not client:
        return False
    peer = str(client[0])
    # The host's browser may open the address the server announced (this machine's
    # network address), and so comes from that address to that address.
    to_itself = server is not None and peer == str(server[0])
    if not (is_loopback(peer) or to_itself):
        return False
    name = host_name(_header(scope, b"host"))
    if not (is_loopback(name) or (to_itself and name == peer.lower())):
        return False
    return not any(_header(scope, header) for header in _FORWARDING_HEADERS)


_FORWARDING_HEADERS = (b"forwarded", b"x-forwarded-for", b"x-forwarded-host", b"x-real-ip")


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


async def _refuse_http(send: Send, text: str,
                       content_type: bytes = b"text/plain; charset=utf-8") -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", content_type),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

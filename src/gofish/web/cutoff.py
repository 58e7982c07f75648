"""Cutting off a websocket whose client reads nothing, under the web server gofish runs.

ASGI lets an app close a websocket only by sending the close frame, which waits behind
everything the client has not read; a client that reads nothing (a frozen tab, a script)
so kept its TCP connection, and the server's buffers for it, for as long as it liked.
uvicorn's websocket protocols (websockets, websockets-sansio, wsproto) each hand the app
their own bound ``receive``, and that object holds the connection's asyncio transport,
whose ``abort`` drops the connection and what is buffered for it at once; with a linger
of 0 the kernel resets it too, rather than keep the unread bytes for minutes more.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from collections.abc import AsyncIterator
from typing import Any, Protocol

from starlette.websockets import WebSocket


class _Abortable(Protocol):
    def abort(self) -> None: ...

    def get_write_buffer_size(self) -> int: ...

    def get_extra_info(self, name: str) -> Any: ...

    def is_closing(self) -> bool: ...


def server_transport(websocket: WebSocket) -> _Abortable | None:
    """The web server's transport under ``websocket``, or None where it cannot be reached
    (another ASGI server, a test client)."""
    receive: Any = getattr(websocket, "_receive", None)
    transport = getattr(getattr(receive, "__self__", None), "transport", None)
    if all(callable(getattr(transport, name, None))
           for name in ("abort", "get_write_buffer_size", "get_extra_info")):
        return transport
    return None


def cut_off_if_stuck(websocket: WebSocket, sent: bool) -> bool | None:
    """Drop the connection if what the app last sent (``sent``: all of it, the close too,
    reached the transport) is still held for the client: it has read nothing for a while.

    True: cut off; False: nothing was held back, the close goes its ordinary way; None: the
    transport cannot be reached, so the socket stays open until the client closes it."""
    transport = server_transport(websocket)
    if transport is None:
        return None
    if sent and not transport.get_write_buffer_size():
        return False
    _reset(transport)
    return True


@contextlib.asynccontextmanager
async def taking_within(websocket: WebSocket, seconds: float) -> AsyncIterator[None]:
    """TimeoutError once the client has taken nothing of what is held for it for
    ``seconds`` (on a server whose transport cannot be reached: once ``seconds`` pass).

    A deadline for the send as a whole cut off a page that reads, but slowly (a phone on
    a bad network, whose small send buffer held a table of tens of KB for longer than
    that); a client that takes bytes, however few, pushes it back."""
    async with asyncio.timeout(seconds) as deadline:
        watch = _TakenWatch(server_transport(websocket), deadline, seconds)
        try:
            yield
        finally:
            watch.stop()


class _TakenWatch:
    """Looks a few times a deadline at what a transport holds for its client, and pushes
    the deadline back each time that has shrunk: the client took some of it."""

    LOOKS = 4  # looks in each ``seconds``

    def __init__(self, transport: _Abortable | None, deadline: asyncio.Timeout,
                 seconds: float) -> None:
        self._transport, self._deadline, self._seconds = transport, deadline, seconds
        self._loop = asyncio.get_running_loop()
        self._held = 0 if transport is None else transport.get_write_buffer_size()
        self._timer: asyncio.TimerHandle | None = None
        if transport is not None:
            self._look_later()

    def _look_later(self) -> None:
        self._timer = self._loop.call_later(self._seconds / self.LOOKS, self._look)

    def _look(self) -> None:
        assert self._transport is not None
        # The fourth look of each ``seconds`` falls due with the deadline, and may come
        # just after it fired: an expiring deadline cannot be pushed back (RuntimeError).
        if self._deadline.expired():
            return
        held = self._transport.get_write_buffer_size()
        if held < self._held:  # taken since the last look
            self._deadline.reschedule(self._loop.time() + self._seconds)
        self._held = held
        self._look_later()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


def closed_as_asked(websocket: WebSocket) -> bool:
    """Whether the close the app sent has been answered (the web server is closing the
    connection) and nothing is held for the client; False where the transport cannot be
    reached, as nobody can tell."""
    transport = server_transport(websocket)
    return transport is not None and transport.is_closing() and (
        not transport.get_write_buffer_size())


def cut_off_unless_closed(websocket: WebSocket) -> bool | None:
    """Drop the connection unless the close the app sent has been answered (see
    ``closed_as_asked``): a client that reads (a live page) answers within moments, one
    half open after a network drop never does.

    True: cut off; False: closed as it should be; None: the transport cannot be reached."""
    if server_transport(websocket) is None:
        return None
    if closed_as_asked(websocket):
        return False
    cut_off(websocket)
    return True


def cut_off(websocket: WebSocket) -> bool:
    """Drop the connection now, whatever is held for it; False if it cannot be reached."""
    transport = server_transport(websocket)
    if transport is not None:
        _reset(transport)
    return transport is not None


def _reset(transport: _Abortable) -> None:
    held = transport.get_extra_info("socket")
    if held is not None:  # a reset: the kernel lets go of what it holds for the client too
        with contextlib.suppress(OSError):
            held.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()

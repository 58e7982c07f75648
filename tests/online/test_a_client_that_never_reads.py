"""A room's client that never reads its socket costs the server a bounded queue, no more."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gofish.online.server import CLOSE_POLICY, Connection, RoomServer, RoomSettings


class StuckSocket:
    """A websocket whose client never reads: the first send waits for ever."""

    def __init__(self) -> None:
        self.sends = 0
        self.closed_with: int | None = None

    async def send_text(self, _: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closed_with = code


def test_messages_for_a_client_that_never_reads_stop_at_the_queue_limit() -> None:
    async def scenario() -> tuple[Connection, StuckSocket, int]:
        socket = StuckSocket()
        connection = Connection(socket, None, RoomSettings(send_queue=8))  # type: ignore[arg-type]
        writer = asyncio.get_running_loop().create_task(connection.write_loop())
        message: dict[str, Any] = {"type": "update", "version": 1, "padding": "x" * 1000}
        for _ in range(1000):  # a busy room's updates, while the client reads none
            connection.send(message)
            await asyncio.sleep(0)
        queued = connection.queue.qsize()
        writer.cancel()
        return connection, socket, queued

    connection, socket, queued = asyncio.run(scenario())
    # Dropped once 8 were waiting: the queue was emptied but for the writer's stop mark,
    # and the 990 messages after that were never even encoded.
    assert connection.closed and connection.close_code == CLOSE_POLICY
    assert queued == 1 and socket.sends == 1


class HeldBytes:
    """uvicorn's transport under a page that reads nothing: what was sent stays held."""

    def __init__(self, hung_up: asyncio.Event) -> None:
        self.hung_up = hung_up
        self.aborted = False

    def get_write_buffer_size(self) -> int:
        return 0 if self.aborted else 64 * 1024

    def get_extra_info(self, _: str) -> None:
        return None

    def abort(self) -> None:
        self.aborted = True
        self.hung_up.set()  # the connection is gone: whatever waited on it ends


class NeverReadingPage:
    """A seat's page that says hello, is welcomed, then neither reads, sends nor closes: its
    window shut (a frozen tab, a script), so every later send waits until it hangs up.
    ``reachable``: served as uvicorn serves it, its transport reachable from the socket."""

    client = SimpleNamespace(host="127.0.0.1")

    def __init__(self, token: str, reachable: bool = True) -> None:
        self.hello = json.dumps({"type": "hello", "token": token})
        self.said_hello = False
        self.sends = 0
        self.hung_up = asyncio.Event()
        if reachable:  # as uvicorn's protocols: the app's receive is bound to the holder
            self.transport = HeldBytes(self.hung_up)
            self._receive = self.receive

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        if not self.said_hello:
            self.said_hello = True
            return {"type": "websocket.receive", "text": self.hello}
        await self.hung_up.wait()  # not another word until the test hangs up
        return {"type": "websocket.disconnect", "code": 1006}

    async def send_text(self, _: str) -> None:
        self.sends += 1
        if self.sends > 1:  # the welcome got through; nothing after it does
            await self.hung_up.wait()
            raise ConnectionResetError("hung up")

    async def close(self, code: int = 1000) -> None:
        return None


class RefusalHeard:
    """A second page on the seat: it keeps what the server said to its hello."""

    client = SimpleNamespace(host="127.0.0.1")

    def __init__(self, token: str) -> None:
        self.hello = json.dumps({"type": "hello", "token": token})
        self.heard: list[dict[str, Any]] = []

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return {"type": "websocket.receive", "text": self.hello}

    async def send_text(self, text: str) -> None:
        self.heard.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        return None


async def _drop(rooms: RoomServer, page: NeverReadingPage, code: str) -> asyncio.Task[None]:
    """Serve ``page`` in room ``code`` and send it more than its queue holds."""
    serving = asyncio.get_running_loop().create_task(
        rooms.serve_socket(page, code))  # type: ignore[arg-type]
    live = rooms.rooms[code]
    while not live.connections:
        await asyncio.sleep(0.01)
    for _ in range(20):  # more changes than the queue holds, while the page reads none
        rooms.broadcast_presence(live)
    return serving


def test_a_page_dropped_for_never_reading_leaves_its_room(tmp_path: Path) -> None:
    """Dropped as too far behind, a page that never reads nor closes its socket was kept in
    the room for good: its seat counted as here (never away, so no stand-in, and never
    passing on the host role), the room never left memory, and the socket's task waited
    on it for ever. Now the server lets go of it: the seat is gone, its away clock runs."""
    async def scenario() -> tuple[bool, int, bool, bool]:
        rooms = RoomServer(str(tmp_path / "rooms.sqlite3"),
                           RoomSettings(send_queue=8, drop_seconds=0.2))
        made = await rooms.create_room("Ann", 2, {"preset": "classic"})
        page = NeverReadingPage(made["token"])
        serving = await _drop(rooms, page, made["code"])
        live = rooms.rooms[made["code"]]
        await asyncio.wait([serving], timeout=5)
        seat = live.room.seats[0]
        result = (serving.done(), len(live.connections),
                  seat.connected or seat.gone_since is None, page.transport.aborted)
        page.hung_up.set()
        await serving
        await rooms.close()
        return result

    ended, connections, still_here, cut_off = asyncio.run(scenario())
    assert ended, "the dropped page's socket task never ended"
    assert connections == 0 and not still_here
    # Its TCP connection too: the close would have waited behind bytes it never reads.
    assert cut_off


def test_a_dropped_page_that_cannot_be_cut_off_counts_against_its_seat(tmp_path: Path) -> None:
    """Under a web server that gives no way to cut a socket off, a page dropped for never
    reading stays open until its client closes it: it still counts as one of its seat's
    pages, so one token cannot gather stuck sockets past ``pages_per_seat``."""
    async def scenario() -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]]:
        rooms = RoomServer(str(tmp_path / "rooms.sqlite3"),
                           RoomSettings(send_queue=8, drop_seconds=0.2, pages_per_seat=1))
        made = await rooms.create_room("Ann", 2, {"preset": "classic"})
        page = NeverReadingPage(made["token"], reachable=False)
        serving = await _drop(rooms, page, made["code"])
        live = rooms.rooms[made["code"]]
        await asyncio.sleep(0.5)  # past drop_seconds: dropped, out of the room, still open
        refused = RefusalHeard(made["token"])
        await rooms.serve_socket(refused, made["code"])  # type: ignore[arg-type]
        room_sockets = len(live.connections)
        page.hung_up.set()  # the client closes it at last: it no longer counts
        await asyncio.wait_for(serving, 5)
        welcomed = RefusalHeard(made["token"])
        let_in = asyncio.get_running_loop().create_task(
            rooms.serve_socket(welcomed, made["code"]))  # type: ignore[arg-type]
        while not welcomed.heard:
            await asyncio.sleep(0.01)
        let_in.cancel()
        await rooms.close()
        return refused.heard, room_sockets, welcomed.heard

    refused, room_sockets, welcomed = asyncio.run(scenario())
    assert room_sockets == 0
    assert refused[0]["code"] == "full"
    assert refused[0]["message"] == ("your seat is open in 1 pages already: "
                                     "close some of them first")
    assert welcomed[0]["type"] == "welcome"

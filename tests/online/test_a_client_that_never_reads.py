"""A room's client that never reads its socket costs the server a bounded queue, no more."""

from __future__ import annotations

import asyncio
from typing import Any

from gofish.online.server import CLOSE_POLICY, Connection, RoomSettings


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

"""A page that takes some of a send just as its deadline runs out.

The watch behind ``taking_within`` pushes the deadline back when the page has taken bytes
since its last look; a look due in the same moment as the deadline ran after the deadline
had started to expire, and pushing an expiring deadline back raised in the event loop's
callback: "Exception in callback _TakenWatch._look" with a RuntimeError traceback in the
server's log, at every slow page cut off so.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from gofish.web.cutoff import _TakenWatch


class _DrainingTransport:
    """A transport whose client takes a byte at every look."""

    def __init__(self) -> None:
        self.held = 1000

    def get_write_buffer_size(self) -> int:
        self.held -= 1
        return self.held


def test_a_look_as_the_deadline_expires_raises_nothing_in_the_loop() -> None:
    async def cut_off_as_it_takes() -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        errors: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        transport: Any = _DrainingTransport()
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(60) as deadline:
                watch = _TakenWatch(transport, deadline, 60)
                try:
                    deadline.reschedule(loop.time() - 1)  # runs out now...
                    loop.call_soon(watch._look)  # ...and a look falls due with it
                    await asyncio.sleep(5)
                finally:
                    watch.stop()
        await asyncio.sleep(0)
        return errors

    errors = asyncio.run(cut_off_as_it_takes())
    assert [str(error.get("exception")) for error in errors] == []

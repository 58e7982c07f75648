"""A socket given way counts against its address until it is let go of, ``GIVE_WAY_GRACE``
after its close. Were ``give_way`` cancelled (a server shutting down) or its game's store
to fail while it waited, the letting go was never scheduled, and the socket counted
against its address's 64 tables until the server restarted."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gofish.storage import open_store
from gofish.web import app as web_app
from gofish.web.app import StoreHolder, TableConnection


class _Socket:
    """Enough of a websocket for ``give_way``: nothing to reach underneath (not uvicorn)."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


@pytest.mark.parametrize("interruption", ["cancelled", "failed"])
def test_a_socket_given_way_is_let_go_of_even_if_giving_way_is_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interruption: str,
) -> None:
    monkeypatch.setattr(web_app, "GIVE_WAY_GRACE", 0.01)

    async def play() -> set[TableConnection]:
        tables: set[TableConnection] = set()
        socket: Any = _Socket()
        page = TableConnection(socket, StoreHolder(open_store(tmp_path / "games.sqlite3")),
                               0.0, tables)
        tables.add(page)
        never = asyncio.Event()

        async def leave() -> None:
            if interruption == "failed":
                raise OSError("the disk went away")
            await never.wait()

        monkeypatch.setattr(page, "leave", leave)
        giving_way = asyncio.create_task(page.give_way())
        await asyncio.sleep(0.02)
        giving_way.cancel()
        with pytest.raises((asyncio.CancelledError, OSError)):
            await giving_way
        await asyncio.sleep(0.1)  # past the grace
        return tables

    assert asyncio.run(play()) == set()

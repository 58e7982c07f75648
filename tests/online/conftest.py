"""Fixtures for the online-rooms tests: apps on a temporary SQLite database, fast pacing; and
for the browser tests, ``gofish rooms`` servers and chromium pages (browser_support.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from tests.browser_helpers import launched_chromium

from gofish.online import RoomSettings, create_rooms_app

from .browser_support import RoomsServer, running
from .helpers import serving

FAST = RoomSettings(
    away_seconds=0.4, bot_delay=0.0, hello_timeout=5.0, rate_per_second=1000, rate_burst=1000,
    hellos_per_minute=1e6,  # tests open sockets by the hundred from one address
)
# FAST, but a seat is not "away" (played by a stand-in) until a minute without a socket:
# for tests where a person is unconnected for a moment (a reconnect, the sockets of a
# restarted server opened one after the other) and nothing may move meanwhile. Under
# FAST a busy machine can take 0.4 s for that moment, and the stand-in plays the seat.
PATIENT = replace(FAST, away_seconds=60.0)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "rooms.sqlite3")


@pytest.fixture
def make_app(database: str) -> Callable[..., Starlette]:
    def make(settings: RoomSettings = FAST, url: str | None = None) -> Starlette:
        return create_rooms_app(url or database, settings)

    return make


@pytest.fixture
def client(make_app: Callable[..., Starlette]) -> Iterator[TestClient]:
    with serving(make_app()) as test_client:
        yield test_client


# ---------------------------------------------------------------- the browser tests
# What they do on the pages is in browser_support.py. A fixture of module scope here is
# still one for each test module that asks for it: a server and a chromium of its own.

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomsServer]:
    """One server for the module's tests that leave it running, each in rooms of its own: a
    start is some 2 s of a test's time. It also answers to friends.example, as an operator
    lets in a tunnel's name (--allow-host): otherwise it refuses names that are not this
    machine's."""
    folder = tmp_path_factory.mktemp("rooms")
    yield from running(RoomsServer(folder, allow_hosts=("friends.example",)))


@pytest.fixture(scope="module")
def server_with(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., RoomsServer]]:
    """Servers with clocks of a test's choosing, one for each choice, shared by the module's
    tests that make the same choice, each in rooms of its own: a start is some 2 s of a
    test's time. One a test left dead (killed to be started again) is started again."""
    servers: dict[tuple[float, float], RoomsServer] = {}

    def server_for(away_seconds: float = 60, turn_seconds: float = 90) -> RoomsServer:
        clocks = (away_seconds, turn_seconds)
        if clocks not in servers:
            servers[clocks] = RoomsServer(tmp_path_factory.mktemp("rooms-clocked"),
                                          away_seconds=away_seconds, turn_seconds=turn_seconds)
        rooms = servers[clocks]
        if not rooms.running():
            rooms.start()
        return rooms

    yield server_for
    for rooms in servers.values():
        rooms.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Not one for the session: while playwright's sync API is running, its event loop is
    # this thread's, and the asyncio tests of the modules after (asyncio.run) fail.
    yield from launched_chromium()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Each page gets its own browser context: its own localStorage, like its own device."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page() -> Any:
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        contexts.append(context)
        tab = context.new_page()
        tab.set_default_timeout(15000)
        tab.on("pageerror", lambda error: errors.append(str(error)))
        return tab

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"the pages raised JavaScript errors: {errors}"


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomsServer]:
    """One server for the module: each test opens rooms of its own on it."""
    yield from running(RoomsServer(tmp_path_factory.mktemp("rooms-a11y")))


@pytest.fixture
def open_page(request: pytest.FixtureRequest) -> Any:
    """The browser tests' ``new_page``: each call opens a page in a browser context of its own."""
    return request.getfixturevalue("new_page")

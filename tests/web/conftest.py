"""Fixtures for the web tests: a live server on a free port and Debian's chromium."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser_helpers import SharedChromium

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's chromium through playwright")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """The web app on uvicorn in a background thread, with its own games database."""

    def __init__(self, database: Path, pace: float, **app_options: Any) -> None:
        import uvicorn

        from gofish.web import create_app

        self.database = database
        # The server is handed the bound socket itself: a port number found free and
        # bound again later could be taken meanwhile by another program on the machine.
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = int(self.socket.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(database, pace=pace, **app_options), host="127.0.0.1",
                                port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("web") / "games.sqlite3"
    with LiveServer(database, pace=0.02) as server:
        yield server


SHARED_CHROMIUM = SharedChromium()
WEB_TESTS = Path(__file__).resolve().parent


@pytest.fixture()
def browser() -> Any:
    """Chromium, kept open for as long as this worker's next test uses it too."""
    return SHARED_CHROMIUM.open()


def uses_this_browser(item: pytest.Item | None) -> bool:
    """Whether ``item`` is a test of this folder that uses the ``browser`` above (the rooms'
    tests start their own, and a second playwright in a thread refuses to start)."""
    return (item is not None and "browser" in getattr(item, "fixturenames", ())
            and item.path.is_relative_to(WEB_TESTS))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    # After the test's own fixtures are torn down (its page's context is closed).
    try:
        return (yield)
    finally:
        if not uses_this_browser(nextitem):
            SHARED_CHROMIUM.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    SHARED_CHROMIUM.close()  # a run stopped early (Ctrl+C, -x) skips the teardown above


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    # Console errors include anything the content security policy blocked.
    tab.on("console", lambda line: errors.append(line.text) if line.type == "error" else None)
    tab.set_default_timeout(15000)
    yield tab
    context.close()
    assert not errors, f"the page raised JavaScript errors: {errors}"


def screenshot(tab: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path

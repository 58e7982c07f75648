"""``gofish rooms`` lets go of its database on every way out: Ctrl-C while it starts or
serves, SIGTERM, and a web server that fails to start. A database still held would refuse
the next server ("in use by another gofish rooms server") until this process ended."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.processes import default_ctrl_c

from gofish.cli import main
from gofish.online.store import SqliteStore


def _is_free(database: str) -> bool:
    """Whether another server could open ``database`` now."""
    async def try_open() -> None:
        store = SqliteStore(database)
        await store.open()
        await store.close()

    try:
        asyncio.run(try_open())
    except Exception:
        return False
    return True


def _in_a_child(script: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter. The tests that press Ctrl-C on themselves run
    there: in the test process the SIGINT handler is whatever earlier tests left (on one
    CI run a handler that was not Python's own, and the server then served for ever), and
    a child that hangs fails its test at the timeout instead of stopping the suite."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, timeout=60, preexec_fn=default_ctrl_c)


def test_ctrl_c_while_starting_exits_130_and_lets_go_of_the_database(tmp_path: Path) -> None:
    """Ctrl-C just after the database was opened, before uvicorn serves."""
    database = str(tmp_path / "rooms.sqlite3")
    done = _in_a_child(f"""
        import signal, sys
        import gofish.cli.rooms
        from gofish.cli import main
        from gofish.online.store import SqliteStore

        real_open = SqliteStore.open

        async def open_then_ctrl_c(store):
            await real_open(store)
            signal.raise_signal(signal.SIGINT)

        gofish.cli.rooms.rooms_database_ok = lambda *_: True  # no check
        SqliteStore.open = open_then_ctrl_c
        sys.exit(main(["rooms", "--port", "0", "--database", {database!r}]))
        """)
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr and "Traceback" not in done.stderr
    assert _is_free(database)


def test_a_web_server_that_fails_to_start_lets_go_of_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    async def fail(self: Any, sockets: Any = None) -> None:
        raise OSError("no sockets left")

    monkeypatch.setattr(uvicorn.Server, "startup", fail)
    database = str(tmp_path / "rooms.sqlite3")
    assert main(["rooms", "--port", "0", "--database", database]) == 1
    assert "no sockets left" in capsys.readouterr().err
    assert _is_free(database)


@contextlib.contextmanager
def _rooms_command(database: str) -> Iterator[subprocess.Popen[str]]:
    """``gofish rooms`` in a process of its own, once it announced its address; killed
    should the test fail before it ended."""
    argv = [sys.executable, "-m", "gofish", "rooms", "--port", "0", "--database", database]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, preexec_fn=default_ctrl_c) as process:
        assert process.stdout is not None
        if process.stdout.readline().startswith("gofish rooms at http://"):
            yield process
        if process.poll() is None:
            process.kill()


@pytest.mark.parametrize(("stop", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, -15)])
def test_stopping_a_serving_server_exits_as_documented_and_lets_go(
    tmp_path: Path, stop: signal.Signals, status: int
) -> None:
    """README, "Exit statuses": 130 for Ctrl-C, 128 + the signal for another (the shell's
    143 for a process that SIGTERM ended, -15 to subprocess)."""
    database = str(tmp_path / "rooms.sqlite3")
    err = ""
    with _rooms_command(database) as server:
        assert not _is_free(database)  # held while serving
        server.send_signal(stop)
        _, err = server.communicate(timeout=30)
    assert server.returncode == status
    assert "Traceback" not in err
    assert _is_free(database)


def test_the_address_is_announced_once_ctrl_c_is_the_web_servers_to_handle(
    tmp_path: Path,
) -> None:
    """A script (or a person) that presses Ctrl-C as soon as the address shows gets
    uvicorn's graceful shutdown, not a start-up cancelled half-way with a traceback."""
    database = str(tmp_path / "rooms.sqlite3")
    done = _in_a_child(f"""
        import signal
        import uvicorn
        from gofish.online import create_rooms_app, serve

        handlers = []

        def announce_then_ctrl_c():
            handlers.append(signal.getsignal(signal.SIGINT))
            signal.raise_signal(signal.SIGINT)

        try:
            serve(create_rooms_app({database!r}), "127.0.0.1", 0, on_ready=announce_then_ctrl_c)
        except KeyboardInterrupt:
            print("interrupted")
        assert len(handlers) == 1
        assert getattr(handlers[0], "__func__", None) is uvicorn.Server.handle_exit
        print("uvicorn's handler")
        """)
    assert done.stdout.split() == ["interrupted", "uvicorn's", "handler"], done.stderr
    assert _is_free(database)


def test_ctrl_c_twice_quits_at_once_and_still_lets_go_of_the_database(tmp_path: Path) -> None:
    """uvicorn's forced quit skips the app's shutdown, which is what closed the database."""
    database = str(tmp_path / "rooms.sqlite3")
    done = _in_a_child(f"""
        import signal
        from gofish.online import create_rooms_app, serve

        def ctrl_c_twice():
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)

        try:
            serve(create_rooms_app({database!r}), "127.0.0.1", 0, on_ready=ctrl_c_twice)
        except KeyboardInterrupt:
            print("interrupted")
        """)
    assert done.stdout.strip() == "interrupted", done.stderr
    assert _is_free(database)


def test_ctrl_c_just_before_uvicorn_starts_logs_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C just before uvicorn's own handler is in place (here: while the collector runs,
    seconds on a busy machine) cancelled the app's lifespan as uvicorn started it, and
    Starlette's traceback of it was logged: some 55 lines above "interrupted", one run in
    three on a loaded machine."""
    database = str(tmp_path / "rooms.sqlite3")
    done = _in_a_child(f"""
        import gc, signal, sys
        import gofish.cli.rooms
        import gofish.online.app
        from gofish.cli import main

        real_collect = gc.collect

        def collect_then_ctrl_c(*args):
            real_collect(*args)
            signal.raise_signal(signal.SIGINT)

        gofish.online.app.gc.collect = collect_then_ctrl_c
        gofish.cli.rooms.rooms_database_ok = lambda *_: True  # no check
        sys.exit(main(["rooms", "--port", "0", "--database", {database!r}]))
        """)
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr
    assert "Traceback" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    assert _is_free(database)

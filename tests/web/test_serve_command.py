"""``gofish serve`` as a person runs it: prints its address and serves the table."""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path


def test_serve_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    # --port 0: the server picks a free port and names it. A port found free here and
    # bound later by the server could be taken meanwhile by another program on the machine.
    database = tmp_path / "games.sqlite3"
    server = subprocess.Popen(
        [sys.executable, "-m", "gofish", "serve", "--port", "0",
         "--database", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found and int(found[1]) != 0, line  # the port it listens on, not 0
        url = found[0]
        page = _get_when_up(url)
        assert "<title>Go Fish</title>" in page
        games = _get_when_up(f"{url}api/games")
        assert '"total":0' in games
        assert database.exists()  # the --database given is the one used
    finally:
        server.terminate()
        server.wait(timeout=10)


def _get_when_up(url: str) -> str:
    for _ in range(100):
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                return str(answer.read().decode())
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


def test_serve_refuses_a_bad_port() -> None:
    done = subprocess.run([sys.executable, "-m", "gofish", "serve", "--port", "http"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "a port is a whole number, not 'http'" in done.stderr


def test_serve_refuses_a_pace_that_is_negative_infinite_or_not_a_number() -> None:
    # An infinite pause would freeze the bots for good; a negative one is meaningless.
    for pace, message in (("-3", "from 0 (instant) to 60 seconds, not -3"),
                          ("inf", "not inf"), ("nan", "not nan"),
                          ("soon", "a number of seconds, not 'soon'")):
        done = subprocess.run([sys.executable, "-m", "gofish", "serve", "--pace", pace],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 2, pace
        assert message in done.stderr and "Traceback" not in done.stderr


def test_serve_on_a_busy_port_says_so_instead_of_announcing_an_address() -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "gofish", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "serving" not in done.stdout  # it never claimed to serve
    assert f"cannot listen on 127.0.0.1 port {port}: Address already in use" in done.stderr
    assert "Traceback" not in done.stderr


@contextlib.contextmanager
def serving_on_any_port(database: Path) -> Iterator[str]:
    """``gofish serve --port 0`` on ``database``, running: the line it first prints."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gofish", "serve", "--port", "0", "--database", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        yield server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_on_port_0_prints_the_port_it_really_got(tmp_path: Path) -> None:
    with serving_on_any_port(tmp_path / "games.sqlite3") as line:
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        assert port != 0
        assert "<title>Go Fish</title>" in _get_when_up(f"http://127.0.0.1:{port}/")

"""``gofish serve`` as a person runs it: prints its address and serves the table."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from .conftest import free_port


def test_serve_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    port = free_port()
    database = tmp_path / "games.sqlite3"
    server = subprocess.Popen(
        [sys.executable, "-m", "gofish", "serve", "--port", str(port),
         "--database", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        page = _get_when_up(f"http://127.0.0.1:{port}/")
        assert "<title>Go Fish</title>" in page
        games = _get_when_up(f"http://127.0.0.1:{port}/api/games")
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

"""A table bound to this machine answers only to this machine's names (DNS rebinding).

A page from another site can point a name it owns at 127.0.0.1 and read the API
from the player's own browser; the Host it must then send names that site."""

from __future__ import annotations

import http.client
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.web import create_app
from gofish.web.hosts import LoopbackHostOnly, host_name, is_loopback


@pytest.mark.parametrize(("header", "name"), [
    ("localhost:8000", "localhost"), ("LOCALHOST", "localhost"), ("[::1]:8000", "::1"),
    ("::1", "::1"), ("127.0.0.1:80", "127.0.0.1"), ("evil.example.:8000", "evil.example"),
])
def test_the_host_name_is_read_without_its_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_loopback_names_are_this_machine_and_no_other() -> None:
    for name in ("localhost:8000", "127.0.0.1", "127.0.0.2:8000", "[::1]:8000", "app.localhost"):
        assert is_loopback(name), name
    for name in ("evil.example:8000", "192.168.1.5", "localhost.evil.example", "0.0.0.0", ""):
        assert not is_loopback(name), name


def _client(tmp_path: Path, allowed: tuple[str, ...] = ()) -> TestClient:
    app = create_app(tmp_path / "games.sqlite3")
    return TestClient(LoopbackHostOnly(app, allowed=allowed), base_url="http://localhost:8000")


def test_a_request_for_another_name_is_refused_in_words(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        assert client.get("/api/games").status_code == 200
        refused = client.get("/api/games", headers={"host": "rebound.example:8000"})
        assert refused.status_code == 403
        assert "not to 'rebound.example:8000'" in refused.text
        assert "gofish serve --allow-host rebound.example" in refused.text
        assert '"games"' not in refused.text  # nothing of the history leaks


def test_a_websocket_for_another_name_is_refused(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        with (pytest.raises(WebSocketDisconnect),
              client.websocket_connect("/ws/play", headers={"host": "rebound.example"})):
            pass
        with client.websocket_connect("/ws/play", headers={"host": "127.0.0.1:8000"}):
            pass  # this machine's own name is let in


def test_a_name_allowed_on_purpose_is_answered(tmp_path: Path) -> None:
    with _client(tmp_path, allowed=("fish.tunnel.example",)) as client:
        assert client.get("/", headers={"host": "fish.tunnel.example"}).status_code == 200
        assert client.get("/", headers={"host": "other.example"}).status_code == 403


def _serve(tmp_path: Path, *options: str) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [sys.executable, "-m", "gofish", "serve", "--port", "0",
         "--database", str(tmp_path / "games.sqlite3"), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert server.stdout is not None
    found = re.search(r":(\d+)/", server.stdout.readline())
    assert found, "no address announced"
    return server, int(found[1])


def _status(port: int, host: str) -> int:
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/api/games", headers={"Host": host})
            return connection.getresponse().status
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server never answered")


def test_gofish_serve_on_this_machine_refuses_other_names(tmp_path: Path) -> None:
    server, port = _serve(tmp_path, "--allow-host", "fish.tunnel.example")
    try:
        assert _status(port, f"localhost:{port}") == 200
        assert _status(port, f"rebound.example:{port}") == 403
        assert _status(port, "fish.tunnel.example") == 200
    finally:
        server.terminate()
        server.wait(timeout=10)

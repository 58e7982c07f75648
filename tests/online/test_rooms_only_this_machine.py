"""gofish rooms on this machine's address answers only to this machine's names, as gofish
serve does (docs/web.md, "Only this machine's names"): it serves the same table and games
API, and the rooms, which another site's page could otherwise join and play through the
player's own browser (DNS rebinding)."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.web.test_dns_rebinding import _status


def _rooms(tmp_path: Path, *options: str) -> tuple[subprocess.Popen[str], int]:
    environment = {**os.environ, "GOFISH_DB": str(tmp_path / "games.sqlite3")}
    server = subprocess.Popen(
        [sys.executable, "-m", "gofish", "rooms", "--port", "0",
         "--database", str(tmp_path / "rooms.sqlite3"), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    assert server.stdout is not None
    found = re.search(r":(\d+)/rooms", server.stdout.readline())
    assert found, "no address announced"
    return server, int(found[1])


def _answer(port: int, path: str, host: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path, headers={"Host": host})
    response = connection.getresponse()
    return response.status, response.read().decode()


def test_gofish_rooms_on_this_machine_refuses_other_names(tmp_path: Path) -> None:
    server, port = _rooms(tmp_path, "--allow-host", "fish.tunnel.example")
    try:
        assert _status(port, f"localhost:{port}") == 200  # /api/games, once it answers
        assert _status(port, f"rebound.example:{port}") == 403
        # The tunnel's name reaches the rooms, but not the host's own table and history
        # (docs/online.md, "The host's own table stays the host's").
        assert _answer(port, "/rooms/bots", "fish.tunnel.example")[0] == 200
        status, words = _answer(port, "/api/games", "fish.tunnel.example")
        assert status == 403 and "belongs to whoever runs the server" in words
        status, refusal = _answer(port, "/rooms/bots", "rebound.example")
        assert status == 403 and "gofish rooms --allow-host rebound.example" in refusal
    finally:
        server.terminate()
        server.wait(timeout=10)

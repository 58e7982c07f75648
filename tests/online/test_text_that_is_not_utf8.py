"""A websocket text message that is not UTF-8: uvicorn closes the socket with code 1007,
and the server's log says so in one line, without a traceback (bad input from a client
is not the server failing)."""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from gofish.online.app import BAD_TEXT_LINE


def _masked_text_frame(payload: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


def _open_socket(port: int) -> socket.socket:
    """A websocket to a room, opened by hand: client libraries refuse to send bad text."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(
        (f"GET /ws/room/ABCDEF HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
         f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
    assert b" 101 " in connection.recv(4096).split(b"\r\n")[0]
    return connection


def _started(command: list[str], home: Path,
             errors: IO[str]) -> tuple[subprocess.Popen[str], int]:
    """``gofish COMMAND`` serving on a free port, its data kept under ``home``, its log
    written to ``errors``."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "gofish", *command, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=errors, text=True,
                              env={**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home)})
    assert server.stdout is not None
    announced = server.stdout.readline()  # printed once it serves
    assert f":{port}" in announced, announced
    return server, port


def _wait_for_line(log: Path, line: str, seconds: float = 60.0) -> None:
    """Until ``line`` is in ``log``, or for ``seconds``: the server writes it as the socket
    closes, which on a loaded machine may come well after the client has closed it."""
    deadline = time.monotonic() + seconds
    while line not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.mark.parametrize("command", ["rooms", "serve"])
def test_bad_text_is_closed_with_1007_and_logged_in_one_line(command: str,
                                                             tmp_path: Path) -> None:
    database = ["--database", str(tmp_path / "rooms.sqlite3")] if command == "rooms" else []
    log = tmp_path / "server.log"
    with log.open("w") as written:
        server, port = _started([command, *database], tmp_path, written)
    try:
        connection = _open_socket(port)
        connection.sendall(_masked_text_frame(b"\xff\xfe"))
        closing = connection.recv(4096)
        connection.close()
        assert closing[:1] == b"\x88" and closing[2:4] == (1007).to_bytes(2, "big")
        _wait_for_line(log, BAD_TEXT_LINE)
    finally:
        server.terminate()
        server.communicate(timeout=30)
    errors = log.read_text()
    assert BAD_TEXT_LINE in errors
    assert "Traceback" not in errors and "UnicodeDecodeError" not in errors

"""A PostgreSQL server that does not answer is refused on one line, as every refusal of
``gofish rooms`` is (README, "Exit statuses"): psycopg's own message runs over two, the
second a tab-indented hint, which left a log's next line looking like a second error."""

from __future__ import annotations

import socket

import pytest

import gofish.cli.rooms
from gofish.cli import main

pytest.importorskip("psycopg")


def _a_closed_port() -> int:
    with socket.socket() as probe:  # bound and closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_server_that_does_not_answer_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gofish.cli.rooms, "listen_or_explain", None)  # never reached
    url = f"postgresql://nobody@127.0.0.1:{_a_closed_port()}/rooms"
    assert main(["rooms", "--port", "0", "--database", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gofish rooms: cannot open the rooms database: "), err
    assert err.count("\n") == 1 and "\t" not in err, err
    assert "Connection refused" in err

"""A storage failure is told to the page and API clients without the server's file paths.

Where the games database lives on the server (a home folder, a user name in it) is the
operator's to know: the log keeps the whole message, the page gets the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gofish.storage import StorageError, open_store
from gofish.storage.errors import for_players
from gofish.storage.store import damage_message
from gofish.web import create_app

from .test_api import start, until_my_turn


@pytest.mark.parametrize(("told", "read"), [
    ("the games database /home/ann/.local/share/gofish/games.sqlite3 is locked by another "
     "program", "the games database is locked by another program"),
    ("cannot create the directory for the games database /srv/my games/gofish: the "
     "directory /srv is not writable",
     "cannot create the directory for the games database: the directory is not writable"),
    ("the disk is full. The game is not lost: it was written to /x/g-unsaved.jsonl.",
     "the disk is full. The game is not lost: it was written to a file on the server."),
    ("the games database data/games.sqlite3 is damaged", "the games database is damaged"),
    ("the games database games.sqlite3 is damaged", "the games database is damaged"),
    ("there is no stored game with id 12", "there is no stored game with id 12"),
    # An apostrophe inside a folder's name is the path's; one round the path is a quote.
    ("the games database /home/o'brien/games.sqlite3 is damaged",
     "the games database is damaged"),
    ("the games database /srv/it's games/db.sqlite3 is locked by another program",
     "the games database is locked by another program"),
    ("cannot open the games database '/srv/o'brien/db': it may not be read",
     "cannot open the games database 'a file on the server': it may not be read"),
])
def test_a_storage_message_loses_its_paths_and_keeps_its_reason(told: str, read: str) -> None:
    assert for_players(told) == read


@pytest.mark.parametrize("path", ["/home/ann/games.sqlite3", "/srv/my games/games.sqlite3",
                                  "/home/o'brien/games.sqlite3",
                                  "games.sqlite3"])
def test_the_command_that_recovers_a_damaged_database_loses_its_path(path: str) -> None:
    told = for_players(damage_message(Path(path), "database disk image is malformed"))
    assert told == ("the games database is damaged (database disk image is malformed): a "
                    "failing disk or a bad copy. Nothing more is written into it; gofish "
                    "recover gets the games it still holds into a sound file in its place, "
                    "keeping the damaged one beside it")


def test_a_database_that_cannot_open_is_told_without_its_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "ann-secret-folder"
    folder.mkdir()  # a directory, not a database file
    with TestClient(create_app(folder, pace=0)) as client:
        answer = client.get("/api/games")
        assert answer.status_code == 503
        assert "is a directory" in answer.json()["error"]
        assert str(tmp_path) not in answer.json()["error"]
        with client.websocket_connect("/ws/play") as ws:
            ws.send_text(json.dumps({"type": "start", "pace": 0}))
            welcome = ws.receive_json()
            assert "is a directory" in welcome["storage"]
            assert str(tmp_path) not in welcome["storage"]
            ws.send_text(json.dumps({"type": "resume", "game_id": 1}))
            refused = ws.receive_json()
            while refused["type"] != "refused":  # the table's updates meanwhile
                refused = ws.receive_json()
            assert refused["type"] == "refused" and "is a directory" in refused["message"]
            assert str(tmp_path) not in refused["message"]
    # The operator's log has it in full.
    assert any(str(folder) in record.getMessage() for record in caplog.records)


def test_a_game_that_could_not_be_saved_says_why_without_the_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = open_store(tmp_path / "games.sqlite3")
    where = store.path

    def locked(*_: Any, **__: Any) -> int:
        raise StorageError(f"the games database {where} is locked by another program "
                           "(is another gofish running?); try again in a moment")

    with TestClient(create_app(store, pace=0)) as client, \
            client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, seed=9))
        store.save = locked  # type: ignore[method-assign]
        ws.send_text(json.dumps({"type": "ask", "version": update["version"],
                                 **update["state"]["legal"][0]}))
        notice = None
        while notice is None:
            message = ws.receive_json()
            notice = message.get("state", {}).get("notice")
    store.close()
    assert notice == ("the game could not be saved: the games database is locked by another "
                      "program (is another gofish running?); try again in a moment")
    assert any(str(where) in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(("told", "read"), [
    ('cannot reach the rooms database: connection failed: connection to server at '
     '"db.internal" (10.0.0.5), port 5433 failed: Connection refused',
     "cannot reach the rooms database: connection failed: connection to the database server "
     "failed: Connection refused"),
    ('connection to server at "127.0.0.1", port 5432 failed: FATAL:  password authentication '
     'failed for user "ann"',
     "connection to the database server failed: FATAL:  password authentication failed for "
     "the user it was given"),
    ('connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  '
     'database "ann_games" does not exist',
     "connection to the database server failed: FATAL:  the database it was given does not "
     "exist"),
])
def test_a_postgresql_message_loses_the_server_and_the_user(told: str, read: str) -> None:
    # psycopg's text names the database server's host, address, port, user and database.
    assert for_players(told) == read

"""A game played at the browser table while the games database cannot be opened (damaged,
a folder in its way) is kept in the fallback file, and goes into the database once it
opens, as the terminal table's games do: the server warned "will not be saved while this
lasts", and every such game was lost (README: "never a lost game")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from gofish.storage import open_store
from gofish.storage.fallback import fallback_path
from gofish.web import create_app

from .test_api import play_to_the_end, start


def test_a_game_at_a_damaged_database_is_kept_and_moved_in_once_it_opens(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    database.write_bytes(b"not a database" * 100)
    kept = play_one_kept_outside(database)
    database.unlink()  # the owner moves the damaged file away
    with open_store(database) as store:
        (game,) = store.list_games()
        assert game.over and game.source == "web"
        assert len(game.record["actions"]) == max(len(e["record"]["actions"]) for e in kept)
    assert not fallback_path(database).exists()


def play_one_kept_outside(database: Path) -> list[dict[str, Any]]:
    """Play one game at a browser table of ``database``, which cannot take it: the entries
    the fallback file keeps of it, the file itself left as it was, for its owner."""
    before = database.read_bytes()
    with TestClient(create_app(database, pace=0)) as client, \
            client.websocket_connect("/ws/play") as ws:
        over = play_to_the_end(ws, start(ws, seed=4))
    assert over["state"]["phase"] == "over"
    kept = [json.loads(line) for line in fallback_path(database).read_text().splitlines()]
    assert kept and {entry["source"] for entry in kept} == {"web"}
    assert database.read_bytes() == before
    return kept

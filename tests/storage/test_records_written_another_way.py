"""A stored record written another way than gofish writes it, but as RULES.md ("Game
records") allows: ``first_player`` and ``actions`` left out (they default to 0 and none).
Such a row (edited by hand, or written by another program) replays as the same game, so
every command reads it as that game: ``gofish show`` failed with a KeyError traceback on
a record without ``actions``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.cli import main
from gofish.cli.show import turns
from gofish.storage import Store

from .helpers import EMMA, YOU


def stored_as(db_path: Path, canonical: dict[str, Any], written: dict[str, Any]) -> int:
    """Save ``canonical`` and overwrite its row's record with ``written``, as by hand."""
    with Store(db_path) as store:
        game_id = store.save(canonical, seats=[YOU, EMMA])
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE games SET record = ? WHERE id = ?",
                            (json.dumps(written), game_id))
    connection.close()
    return game_id


def shown(db_path: Path, game_id: int) -> list[str]:
    with Store(db_path) as store:
        stored = store.get(game_id)
    return [line for turn in turns(stored, all_cards=False) for line in turn]


def test_show_of_a_record_without_actions_tells_the_deal(db_path: Path) -> None:
    # RULES.md: actions default to none, first_player to 0. show checked the record (it
    # replays), then read record["actions"] itself: KeyError, a traceback.
    game = gofish.new_game("classic", players=2, seed=3, first_player=0)
    canonical = gofish.game_to_record(game)
    written = {key: canonical[key] for key in ("rules", "players", "deck")}
    game_id = stored_as(db_path, canonical, written)
    with Store(db_path) as store:
        stored_id = store.save(canonical, seats=[YOU, EMMA])
    assert shown(db_path, game_id) == shown(db_path, stored_id)


def test_show_command_of_a_record_without_actions_exits_0(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = gofish.new_game("nordic", players=2, seed=5, first_player=0)
    canonical = gofish.game_to_record(game)
    game_id = stored_as(db_path, canonical, {key: canonical[key]
                                             for key in ("rules", "players", "deck")})
    assert main(["show", str(game_id), "--delay", "0", "--database", str(db_path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "You are dealt seven cards" in captured.out

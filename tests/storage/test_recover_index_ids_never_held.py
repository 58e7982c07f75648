"""`gofish recover` does not name as lost an id that a damaged index lists but the table
never held.

A byte overwritten in the history's index can change the id an entry gives its row: the
index then lists an id no game has (here one of a deleted game), and leaves the row's own
id out. The table itself is sound and holds the row under its own id. Recover named the id
the index made up as a game lost ("game 12 is damaged", exit status 1), sending the player
after a game that never was there, while every game was recovered.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gofish.storage import recovery

from .test_damaged_pages import PAGE, _pages_of
from .test_recover import GAMES, _rows, _save_games
from .test_recover_rows_out_of_place import _read_varint

DELETED = 12  # a game deleted: its id was given out, and is held by no row now
MISNAMED = 13  # the game whose index entry the damage gives the deleted game's id


def _delete_a_game(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM seats WHERE game_id = ?", (DELETED,))
        db.execute("DELETE FROM games WHERE id = ?", (DELETED,))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def _misname_in_the_index(path: Path) -> None:
    """Overwrite the id that the history's index gives game MISNAMED, as a failing disk
    might: the last byte of its entry (an id below 128 is one byte)."""
    data = bytearray(path.read_bytes())
    for page in _pages_of(path, "games_by_update"):
        start = (page - 1) * PAGE
        header = start + (100 if page == 1 else 0)
        assert data[header] == 0x0A, "an index's leaf page"
        cells = int.from_bytes(data[header + 3:header + 5], "big")
        for number in range(cells):
            pointer = header + 8 + 2 * number
            cell = start + int.from_bytes(data[pointer:pointer + 2], "big")
            size, payload = _read_varint(bytes(data), cell)
            if data[payload + size - 1] == MISNAMED:
                data[payload + size - 1] = DELETED
                path.write_bytes(bytes(data))
                return
    raise AssertionError("no index entry for the game")


def test_an_id_only_a_damaged_index_lists_is_not_named_as_lost(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    _delete_a_game(path)
    stored = set(_rows(path))
    _misname_in_the_index(path)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        listed = {row[0] for row in db.execute("SELECT id FROM games INDEXED BY "
                                                "games_by_update")}
        walked = {row[0] for row in db.execute("SELECT id FROM games NOT INDEXED")}
    db.close()
    assert DELETED in listed and MISNAMED not in listed and walked == stored

    done = recovery.recover_database(path)

    assert done.lost == ()
    assert sorted(done.recovered) == sorted(stored) and len(stored) == GAMES - 1
    assert set(_rows(path)) == stored


def test_the_command_says_every_game_is_recovered(tmp_path: Path) -> None:
    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    _save_games(path)
    _delete_a_game(path)
    _misname_in_the_index(path)
    result = gofish_cmd("recover", "--database", str(path))
    assert f"game {DELETED} " not in result.stderr, result.stderr
    assert f"Recovered {GAMES - 1} of {GAMES - 1} games" in result.stdout, result.stdout

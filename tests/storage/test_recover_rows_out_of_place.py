"""`gofish recover` names a game whose row a damaged page holds under another id.

A few bytes overwritten inside a page (not its header) can change a row's id: SQLite then
walks the table without an error, listing the wrong id, and finds neither id when asked
for it. The README and docs/storage.md promise that recover names every game it could not
read; such a game was lost without a word ("Recovered 29 of 29 games").
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gofish.storage import recovery

from .test_damaged_pages import PAGE, _pages_of
from .test_recover import GAMES, _rows, _save_games

#: An id no game was given: past every one stored, so the row moves out of its place.
STRAY_ID = 127


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and the offset after it."""
    value = 0
    for length in range(9):
        byte = data[at + length]
        if length == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + length + 1
    raise AssertionError("unreachable")


def _give_a_row_another_id(path: Path) -> int:
    """Overwrite the id of the first row of a middle leaf page of the games table, as a
    failing disk might; the id it had."""
    page = _pages_of(path, "games")[len(_pages_of(path, "games")) // 2]
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE
    header = start + (100 if page == 1 else 0)
    assert data[header] == 0x0D, "a table's leaf page"
    cell = start + int.from_bytes(data[header + 8:header + 10], "big")
    _, id_at = _read_varint(bytes(data), cell)
    game_id, after = _read_varint(bytes(data), id_at)
    assert after == id_at + 1 and game_id < STRAY_ID  # one byte, rewritten in place
    data[id_at] = STRAY_ID
    path.write_bytes(bytes(data))
    return game_id


def test_a_game_whose_row_lost_its_id_is_named_as_lost(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    stored = set(_rows(path))
    moved = _give_a_row_another_id(path)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:  # SQLite walks it whole
        walked = {row[0] for row in db.execute("SELECT id FROM games NOT INDEXED")}
    db.close()
    assert moved not in walked and STRAY_ID in walked

    done = recovery.recover_database(path)

    assert [game.id for game in done.lost] == [moved]
    assert sorted(done.recovered) == sorted(stored - {moved})
    assert set(_rows(path)) == stored - {moved}  # and no game made up under the stray id


def test_the_command_says_so_and_exits_1(tmp_path: Path) -> None:
    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    _save_games(path)
    moved = _give_a_row_another_id(path)
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f"Recovered {GAMES - 1} of {GAMES} games" in result.stdout
    assert result.stderr.startswith(f"gofish recover: game {moved} is damaged"), result.stderr


def test_history_names_the_game_as_damaged_before_the_recovery(tmp_path: Path) -> None:
    # README: "A single damaged game is named by its id; gofish history still lists the
    # others, marks it, and exits with status 1". The index still held the moved game;
    # read around the damage, a search by its id found nothing, and it went unlisted.
    import json

    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    _save_games(path)
    moved = _give_a_row_another_id(path)
    listed = gofish_cmd("history", "--json", "--limit", "100", "--database", str(path))
    assert listed.returncode == 1, listed.stderr
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert sorted(row["id"] for row in rows) == list(range(1, GAMES + 1))
    assert [row["id"] for row in rows if row.get("damaged")] == [moved]


def test_show_and_export_say_the_game_is_damaged_not_that_there_is_none(
        tmp_path: Path) -> None:
    # "there is no stored game with id 16" (exit 2) sent the player looking for a typo.
    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    _save_games(path)
    moved = _give_a_row_another_id(path)
    for command in ("show", "export"):
        result = gofish_cmd(command, str(moved), "--database", str(path))
        assert result.returncode == 1, (command, result.stderr)
        assert f"game {moved} in the games database" in result.stderr, result.stderr
        assert "is damaged and cannot be read" in result.stderr
    unknown = gofish_cmd("show", str(GAMES + 5), "--database", str(path))
    assert unknown.returncode == 2 and "there is no stored game" in unknown.stderr


def test_stats_names_the_game_it_cannot_count(tmp_path: Path) -> None:
    # docs/storage.md: a damaged game "is not counted, and named on stderr".
    from .test_cli import gofish_cmd

    path = tmp_path / "games.sqlite3"
    _save_games(path)
    moved = _give_a_row_another_id(path)
    result = gofish_cmd("stats", "--database", str(path))
    assert result.returncode == 1, result.stderr
    assert f"game {moved} " in result.stderr, result.stderr

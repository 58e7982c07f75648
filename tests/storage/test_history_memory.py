"""gofish history with a --limit past thousands of games reads them a page at a time: at
once, it held every game's whole record in memory before a line showed (1.7 GB for 80,000
games), so a long history could take the machine's memory with it."""

from __future__ import annotations

import json
import sqlite3
import tracemalloc
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store

from .helpers import EMMA, YOU, played_game

GAMES = 2000


def _many_games(db_path: Path) -> None:
    """``GAMES`` stored games: one played, copied by SQL (playing each takes too long)."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=41)), seats=[YOU, EMMA])
    with sqlite3.connect(db_path) as db:
        columns = ("record, source, rules, rules_preset, rules_options, rules_label, players, "
                   "over, winners, books, actions, created_at, updated_at, finished_at")
        for copy in range(2, GAMES + 1):
            db.execute(f"INSERT INTO games (id, {columns}) SELECT ?, {columns} FROM games "
                       "WHERE id = 1", (copy,))
        db.execute("INSERT INTO seats SELECT g.id, s.seat, s.name, s.bot, s.books, s.result "
                   "FROM games g JOIN seats s ON s.game_id = 1 WHERE g.id > 1")
    db.close()


@pytest.mark.parametrize("as_json", [False, True])
def test_a_long_history_is_listed_whole_without_holding_every_record(
    db_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    _many_games(db_path)
    record_size = len(json.dumps(gofish.game_to_record(played_game(seed=41))))
    main(["history", "--limit", "1", "--database", str(db_path)])  # its modules loaded
    capsys.readouterr()
    tracemalloc.start()
    try:
        code = main(["history", "--limit", "100000", "--database", str(db_path),
                     *(["--json"] if as_json else [])])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out = capsys.readouterr().out
    assert code == 0
    if as_json:
        ids = [json.loads(line)["id"] for line in out.splitlines()]
    else:
        ids = [int(line.split()[0]) for line in out.splitlines()[2:]]
    assert ids == list(range(GAMES, 0, -1))  # every game once, the same time: by id
    # Read at once, the parsed records took over ten times their text (40 MB here).
    assert peak < 3 * GAMES * record_size, f"{peak / 1e6:.0f} MB at most while listing"

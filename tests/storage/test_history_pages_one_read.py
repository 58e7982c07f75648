"""gofish history reads a long history a page at a time, and still lists the games as one
read found them: a game another gofish played on between two pages moved to the top,
past the pages already read, and was listed nowhere."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.cli import history as history_command
from gofish.cli import main
from gofish.storage import Store

from .helpers import EMMA, YOU, damage, played_game

GAMES = history_command.PAGE + 50


def _games_an_hour_apart(db_path: Path) -> None:
    """``GAMES`` stored games, game N updated in hour N (copied by SQL: playing is slow)."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=41)), seats=[YOU, EMMA])
    with sqlite3.connect(db_path) as db:
        columns = ("record, source, rules, rules_preset, rules_options, rules_label, players, "
                   "over, winners, books, actions, created_at, finished_at")
        for copy in range(2, GAMES + 1):
            db.execute(f"INSERT INTO games (id, updated_at, {columns}) SELECT ?, ?, {columns} "
                       "FROM games WHERE id = 1", (copy, _hour(copy)))
        db.execute("UPDATE games SET updated_at = ? WHERE id = 1", (_hour(1),))
        db.execute("INSERT INTO seats SELECT g.id, s.seat, s.name, s.bot, s.books, s.result "
                   "FROM games g JOIN seats s ON s.game_id = 1 WHERE g.id > 1")
    db.close()


def _hour(game_id: int) -> str:
    return f"2026-01-{1 + game_id // 24:02d}T{game_id % 24:02d}:00:00.000+00:00"


@pytest.mark.parametrize("as_json", [False, True])
def test_a_game_played_on_between_two_pages_is_still_listed_once(
    db_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    as_json: bool,
) -> None:
    _games_an_hour_apart(db_path)
    real_list_page = Store.list_page
    pages: list[int] = []

    def list_page(store: Store, *args: Any, **kwargs: Any) -> Any:
        page = real_list_page(store, *args, **kwargs)
        if not pages:  # another gofish plays on the oldest game, not yet listed
            damage(db_path, "UPDATE games SET updated_at = '2027-01-01T00:00:00.000+00:00' "
                   "WHERE id = 1")
        pages.append(len(page.entries))
        return page

    monkeypatch.setattr(Store, "list_page", list_page)
    code = main(["history", "--limit", str(GAMES), "--database", str(db_path),
                 *(["--json"] if as_json else [])])
    out = capsys.readouterr().out
    assert code == 0
    if as_json:
        ids = [json.loads(line)["id"] for line in out.splitlines()]
    else:
        ids = [int(line.split()[0]) for line in out.splitlines()[2:]]
    assert ids == list(range(GAMES, 0, -1))  # as they stood when the listing began

"""gofish stats names a row's opponents as history names them in each game ("Emma, Emma 2",
not the stored "emma, emma"), and says under its table that the win rate counts a shared
win as a win (R10: every player tied for the most books wins), which read as 100% for one
shared win with nothing to say why."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import gofish
from gofish.cli import main
from gofish.cli.stats import SHARED_WIN_COUNTED
from gofish.storage import Store
from gofish.web import create_app

from .helpers import YOU, played_game

EMMAS = [YOU, {"name": "Emma", "bot": "emma"}, {"name": "Emma 2", "bot": "emma"}]
GENTLE_EMMA = [YOU, {"name": "Emma", "bot": "emma:memory=0"}]


def _stored(db_path: Path, seats: list[dict[str, str | None]], seed: int) -> gofish.Game:
    game = played_game(players=len(seats), seed=seed)
    with Store(db_path) as store:
        store.save(gofish.game_to_record(game), seats=seats)
    return game


def _opponents_cell(db_path: Path, command: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main([command, "--database", str(db_path)]) == 0
    row = capsys.readouterr().out.splitlines()[2]
    return re.split(r" {2,}", row)[3 if command == "history" else 1]


@pytest.mark.parametrize(("seats", "named"), [(EMMAS, "Emma, Emma 2"),
                                               (GENTLE_EMMA, "Emma (memory=0)")])
def test_stats_names_the_opponents_as_history_does(
    db_path: Path, capsys: pytest.CaptureFixture[str], seats: list[dict[str, str | None]],
    named: str
) -> None:
    _stored(db_path, seats, seed=3)
    assert _opponents_cell(db_path, "history", capsys) == named
    assert _opponents_cell(db_path, "stats", capsys) == named


def test_stats_json_and_the_api_keep_the_stored_bots_and_give_their_names(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(db_path, EMMAS, seed=3)
    assert main(["stats", "--json", "--database", str(db_path)]) == 0
    [row] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    [api_row] = TestClient(create_app(db_path, pace=0)).get("/api/stats").json()["rows"]
    for each in (row, api_row):
        assert each["opponents"] == ["emma", "emma"]
        assert each["opponent_names"] == ["Emma", "Emma 2"]


def _shared_win_seed() -> int:
    """A seed whose three-player game ends in a shared win for seat 0 (R10)."""
    for seed in range(1, 400):
        winners = played_game(players=3, seed=seed).winners
        if winners is not None and 0 in winners and len(winners) > 1:
            return seed
    raise AssertionError("no seed below 400 gives seat 0 a shared win")


def test_one_shared_win_reads_100_percent_and_the_table_says_why(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(db_path, EMMAS, seed=_shared_win_seed())
    assert main(["stats", "--database", str(db_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split()[-6:-1] == ["1", "0", "0", "1", "100%"], lines
    assert lines[3:] == [SHARED_WIN_COUNTED]
    assert "shared win as a win" in SHARED_WIN_COUNTED


def test_no_shared_win_no_note(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _stored(db_path, [YOU, {"name": "Emma", "bot": "emma"}], seed=3)
    assert game.winners is not None and len(game.winners) == 1  # two seats of 13 books
    assert main(["stats", "--database", str(db_path)]) == 0
    assert SHARED_WIN_COUNTED not in capsys.readouterr().out

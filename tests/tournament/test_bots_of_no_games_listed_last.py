"""A shard's bot that played no games is listed after every bot that did, in the table, the
CSV and the chart ("strongest first"): its Elo of 0 (the mean) is no strength, yet it was
ranked above each bot that played and scored below the mean (expert-easy second here)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from gofish.cli import main


def test_a_bot_of_no_games_comes_after_the_bots_that_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "shard.csv"
    # Seed 2, shard 0 of 6: one deal at two tables; expert-easy sits at neither.
    main(["tournament", "emma", "random", "counter", "expert-easy", "--games", "24",
          "--seed", "2", "--shard", "0/6", "--jobs", "1", "--csv", str(table)])
    printed = capsys.readouterr().out
    with table.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    played = [row for row in rows if row["games"] != "0"]
    assert [row["name"] for row in rows[len(played):]] == ["expert-easy"]
    assert any(float(row["elo"]) < 0 for row in played)  # else the order could not show it
    elos = [float(row["elo"]) for row in played]
    assert elos == sorted(elos, reverse=True)
    table_names = [line.split()[0] for line in printed.splitlines()
                   if line.split() and line.split()[0] in {row["name"] for row in rows}]
    assert table_names == [row["name"] for row in rows]

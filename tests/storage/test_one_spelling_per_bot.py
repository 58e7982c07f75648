"""A bot is stored under one spelling however its options were typed, so ``gofish stats``
counts its games in one row: ``emma:memory=00``, ``Emma:Memory=0`` and ``emma:memory=0``
are the same Emma, but were stored as typed and counted as two opponents."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gofish.core import make_rules
from gofish.session import TableSettings
from gofish.web.session import seats_for

from .test_cli import gofish_cmd


def test_a_table_stores_each_bot_under_its_canonical_spec() -> None:
    settings = TableSettings(make_rules("classic"), players=3,
                             opponents=("Expert:noise=0.50:epsilon=0.1", "emma:memory=00"))
    assert [seat["bot"] for seat in settings.seats()] == [
        None, "expert:epsilon=0.1:noise=0.5", "emma:memory=0"]
    # The seat left unnamed repeats the last one named, as at the terminal.
    assert [seat.bot for seat in seats_for("You", ["Emma:Memory=0"], 3)] == [
        None, "emma:memory=0", "emma:memory=0"]


def test_stats_counts_one_bot_typed_two_ways_in_one_row(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    moves = "\n".join(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] * 300)
    for spec in ("emma:memory=00", "Emma:Memory=0"):
        played = subprocess.run(
            [sys.executable, "-m", "gofish", "play", "--plain", "--speed", "0", "--seed", "11",
             "--opponents", spec, "--database", str(db)],
            input=moves + "\n", capture_output=True, text=True, timeout=120, check=False)
        assert played.returncode == 0, played.stderr
        assert "Game over" in played.stdout
    counted = gofish_cmd("stats", "--database", str(db))
    assert counted.returncode == 0, counted.stderr
    [row] = counted.stdout.splitlines()[2:]
    assert row.split()[:3] == ["classic", "emma:memory=0", "2"], row

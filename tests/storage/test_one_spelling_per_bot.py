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
    # Named as the table names it, its options after its name (as history names it)
    assert row.split()[:4] == ["classic", "Emma", "(memory=0)", "2"], row


def test_stats_counts_a_game_stored_with_a_default_written_out_with_the_bots_others(
        tmp_path: Path) -> None:
    # A game stored before the one spelling left defaults out holds expert-easy:epsilon=0.3,
    # and was a row of its own beside expert-easy's.
    from gofish import game_to_record
    from gofish.bots.base import stored_spelling
    from gofish.storage import Store

    from .helpers import YOU, played_game

    store = Store(tmp_path / "games.sqlite3")
    for spec in ("expert-easy:epsilon=0.3", "expert-easy", "Emma:Memory=00", "nobody:x=1"):
        store.save(game_to_record(played_game(seed=3)), seats=[YOU, {"name": "Bot", "bot": spec}])
    rows = {row.opponents: row.games for row in store.stats(bot_spelling=stored_spelling)}
    assert rows == {("expert-easy",): 2, ("emma:memory=0",): 1, ("nobody:x=1",): 1}
    over_time = store.results_over_time(stored_spelling)
    assert {point.opponents for point in over_time} == set(rows)
    # As stored, to a caller that does not read bot specs (the store imports only the core).
    assert len(store.stats()) == 4
    db = store.path
    counted = gofish_cmd("stats", "--database", str(db), "--json")
    assert counted.returncode == 0, counted.stderr
    assert sorted(line.count("expert-easy") for line in counted.stdout.splitlines()) == [
        0, 0, 1]
    from gofish.web.stats import stats_answer  # the browser's Stats page

    answer = stats_answer(store)
    assert sorted(row["games"] for row in answer["rows"]) == [1, 1, 2]
    assert {tuple(point["opponents"]) for point in answer["over_time"]} == set(rows)

"""stats() and results_over_time() on a fixed sample of stored games give the very figures
recorded in stats_sample.json: the figures the store gave before its reading of them was
made faster (docs/benchmarks.md, Storage). The sample is the golden playthroughs, each
stored under several line-ups, one unfinished game and games edited by hand as another
program might: a seat row deleted, a result no game has, a label stored as a blob, text
that is not UTF-8, rules that are not JSON, options naming another set size (R3). Game 21 has
been counted as its record plays since a row's columns are checked against each other
(tests/storage/test_rows_changed_by_hand.py): books of four. Since stats calls damaged what
history does (tests/storage/test_stats_and_history_agree_on_damage.py), game 17, whose rules
are not JSON, is left out, and games 5 and 29, whose seats' result or books cannot be read,
are counted as their records play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gofish.storage import DamagedGameError, Store

from .helpers import TickingClock, damage

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
EXPECTED = Path(__file__).with_name("stats_sample.json")
BOTS = ("emma", "random", "expert")


def _seats(players: int, lineup: int) -> list[dict[str, Any]]:
    """Seat ``lineup`` of a game: a person at some seats (none at some), bots elsewhere."""
    return [{"name": f"P{seat}", "bot": None} if (seat + lineup) % 3 == 0
            else {"name": f"B{seat}", "bot": BOTS[(seat * lineup) % len(BOTS)]}
            for seat in range(players)]


def _fill(db_path: Path) -> None:
    with Store(db_path, clock=TickingClock()) as store:
        for path in sorted(GOLDEN_DIR.glob("*.json")):
            record = json.loads(path.read_text(encoding="utf-8"))["record"]
            for lineup in range(4):
                store.save(record, seats=_seats(record["players"], lineup))
        unfinished = {**record, "actions": record["actions"][:3]}
        store.save(unfinished, seats=_seats(record["players"], 0))
    for statement in (
        "DELETE FROM seats WHERE game_id = 2 AND seat = 1",
        "UPDATE seats SET result = 'draw' WHERE game_id = 5 AND seat = 0",
        "UPDATE games SET rules_label = CAST('classic' AS BLOB) WHERE id = 9",
        "UPDATE seats SET bot = CAST(x'ff656d6d61' AS TEXT) WHERE game_id = 13 AND seat = 1",
        "UPDATE games SET rules = 'not json' WHERE id = 17",
        "UPDATE games SET rules_options = '{\"book_size\": 2}' WHERE id = 21",
        "UPDATE games SET finished_at = NULL WHERE id = 25",
        "UPDATE seats SET books = -1 WHERE game_id = 29 AND seat = 0",
    ):
        damage(db_path, statement)


def figures(db_path: Path) -> dict[str, Any]:
    """Everything stats() and results_over_time() say of the sample, as JSON values."""
    _fill(db_path)
    found: dict[str, Any] = {}
    with Store(db_path) as store:
        for human_only in (True, False):
            skipped: list[DamagedGameError] = []
            rows = store.stats(human_only=human_only, skipped=skipped)
            found[f"stats human_only={human_only}"] = [
                {**row.to_dict(), "rules_record": row.rules_record} for row in rows]
            found[f"skipped human_only={human_only}"] = [error.game_id for error in skipped]
        found["results_over_time"] = [list(point) for point in store.results_over_time()]
    return found


def test_the_figures_of_a_stored_sample_are_the_recorded_ones(tmp_path: Path) -> None:
    got = json.loads(json.dumps(figures(tmp_path / "games.sqlite3")))
    assert got == json.loads(EXPECTED.read_text(encoding="utf-8"))

"""Bots that ask in circles cannot hang a tournament (R8: with a dry pond a miss only
passes the turn, so nothing forces such a game to end)."""

from __future__ import annotations

import sys
from pathlib import Path

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary
from gofish.tournament.play import MAX_ASKS_PER_GAME

FIRST_LEGAL = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "first", "version": msg["version"]}),
              flush=True)
    elif msg["type"] == "turn":
        print(json.dumps(msg["legal"][0]), flush=True)
"""


def test_a_game_of_bots_asking_in_circles_is_stopped_and_scored_on_its_books(
    tmp_path: Path,
) -> None:
    # Always the first legal ask: with three seats and a dry pond it asks the same
    # player for a rank they do not hold, for ever. This hung the tournament before.
    bot = tmp_path / "first.py"
    bot.write_text(FIRST_LEGAL)
    command = f"cmd:{sys.executable} {bot}"
    # One deal from each of the three seats: each stopped game is a thousand round trips
    # to the programs, the suite's slowest test at two deals.
    plan = Plan(make_rules("classic"), 3, 1, ("emma", command, command), 3)
    result = summary(run_tournament(plan, jobs=1))
    assert result["games"] == 3
    stopped = [f for f in result["failures"] if f"stopped after {MAX_ASKS_PER_GAME} asks" in f]
    assert stopped, result["failures"]
    assert all("scored on the books laid so far" in f for f in stopped)
    assert sum(row["forfeits"] for row in result["bots"]) == 0  # nobody is blamed
    assert sum(row["wins"] for row in result["bots"]) == 3  # every game has its winners
    longest = max(row["game_length"] for row in result["bots"])
    assert longest <= MAX_ASKS_PER_GAME

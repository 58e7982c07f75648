"""A process's external bots are told to quit all at once and then given one shared
second (GOODBYE_WAIT) to leave: told one after another, each bot that ignores quit held
the end of a tournament up by a second of its own."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.protocol.test_external_bots import children_of_this_process

from gofish.protocol import GOODBYE_WAIT
from gofish.tournament.play import SeatBots

STUBBORN = """
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "version": 1}), flush=True)
    elif msg["type"] == "quit":
        with open(sys.argv[1], "a") as told:
            told.write(f"{time.monotonic()}\\n")
        time.sleep(60)  # ignores it: must be killed
"""


def test_bots_that_ignore_quit_are_all_told_before_any_is_killed(tmp_path: Path) -> None:
    bot = tmp_path / "stubborn.py"
    bot.write_text(STUBBORN)
    told = tmp_path / "told"
    command = f"cmd:{sys.executable} {bot} {told}"
    bots = SeatBots([command, command], timeout=30)
    for entrant in (0, 1):
        for seat in (0, 1):
            started = bots.get(entrant, seat)
            started.start()  # type: ignore[union-attr]
    bots.close()
    times = [float(line) for line in told.read_text().split()]
    assert len(times) == 4
    # Told in turn, the last heard of it only after the others' waits had run out.
    assert max(times) - min(times) < GOODBYE_WAIT
    assert children_of_this_process() == []

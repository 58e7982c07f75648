"""gofish history with a --limit past thousands of games reads them a page at a time: at
once, it held every game's whole record in memory before a line showed (1.7 GB for 80,000
games), so a long history could take the machine's memory with it."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

import gofish
from gofish.cli import main

from .helpers import copies_of_one_game, listed_ids, played_game

GAMES = 2000


@pytest.mark.parametrize("as_json", [False, True])
def test_a_long_history_is_listed_whole_without_holding_every_record(
    db_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    copies_of_one_game(db_path, GAMES)
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
    # Every game once, the same time: by id:
    assert listed_ids(out, as_json=as_json) == list(range(GAMES, 0, -1))
    # Read at once, the parsed records took over ten times their text (40 MB here).
    assert peak < 3 * GAMES * record_size, f"{peak / 1e6:.0f} MB at most while listing"

"""The fields of the ``--json`` example of docs/tournament.md other than the bots' figures
(tests/docs checks those) are what its command prints, on any machine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gofish.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"
COMMAND = "gofish tournament emma random --games 2000 --seed 1\n--json"


def documented_example() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("```json", text.index(COMMAND))
    return text[start:text.index("```\n", start + len("```json"))]


def test_the_examples_plan_fields_are_what_its_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The example said "jobs": 2, where the command (any --jobs, on any machine) plays its
    # one chunk of 1,000 deals in one process and says 1.
    assert main(COMMAND.replace("\n", " ").split()[1:]) == 0
    printed = json.loads(capsys.readouterr().out)
    example = documented_example()
    for field in ("players", "games", "seed", "deals_per_table", "games_asked", "jobs",
                  "failure_count"):
        documented = re.search(rf'"{field}": (\d+)', example)
        assert documented is not None, field
        assert printed[field] == int(documented.group(1)), field
    for field in ("rules", "engine", "seatings"):
        assert f'"{field}": "{printed[field]}"' in example, field
    assert f'"shard": {printed["shard"]}' in example
    assert f'"tables": {printed["tables"]}' in example

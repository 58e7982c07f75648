"""A bot entered twice is shown as ``spec#1`` and ``spec#2``; a command that itself ends in
``#1`` (a program named ``bot#1``) was shown as it is, the very name of the first copy of
``cmd:./bot`` entered twice. The table had two rows of one name, and its failures read
"seats: cmd:./bot#1, cmd:./bot#1". It is now shown with its words quoted, as a shell
would quote them: the same program, under a name no copy has."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.tournament.failing_programs import hello_then_exit_script

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, entrant_names, run_tournament, summary

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "examples" / "mybot.py"


def test_a_command_ending_in_a_copy_number_is_named_apart() -> None:
    names = entrant_names(["cmd:./bot", "cmd:./bot", "cmd:./bot#1", "cmd:./bot --tag #2"])
    assert names == ["cmd:./bot#1", "cmd:./bot#2", "cmd:'./bot#1'", "cmd:./bot --tag '#2'"]
    assert entrant_names(["cmd:./bot#1", "cmd:./bot#1"]) == ["cmd:'./bot#1'#1", "cmd:'./bot#1'#2"]
    assert entrant_names(["emma", "emma", "random"]) == ["emma#1", "emma#2", "random"]


def _programs(tmp_path: Path) -> tuple[Path, Path]:
    """A working bot, ``bot``, and one that exits after its hello, ``bot#1``."""
    working = tmp_path / "bot"
    working.write_text(f"#!/bin/sh\nexec {sys.executable} {EXAMPLE_BOT}\n")
    working.chmod(0o755)
    return working, hello_then_exit_script(tmp_path / "bot#1")


def test_its_rows_and_failures_name_it_apart_from_the_copies(tmp_path: Path) -> None:
    working, broken = _programs(tmp_path)
    specs = (f"cmd:{working}", f"cmd:{working}", f"cmd:{broken}")
    plan = Plan(make_rules("classic"), 2, 1, specs, 6)
    result = summary(run_tournament(plan, jobs=1))
    rows = result["bots"]
    assert [row["name"] for row in rows] == [f"cmd:{working}#1", f"cmd:{working}#2",
                                             f"cmd:'{broken}'"]
    assert [row["forfeits"] for row in rows] == [0, 0, rows[2]["games"]]
    assert rows[2]["forfeits"] > 0
    assert f"(seats: cmd:{working}#1, cmd:'{broken}'), seat 1:" in result["failures"][0]


def test_the_note_on_one_bot_typed_twice_names_its_first_copy_as_the_table_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, broken = _programs(tmp_path)
    main(["tournament", f"cmd:{broken}", f"CMD: {broken}", "random", "--games", "2"])
    assert f"plays itself as cmd:'{broken}'#1 and #2" in capsys.readouterr().err

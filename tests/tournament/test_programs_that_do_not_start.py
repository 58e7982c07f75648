"""A program that cannot play at all is refused before any game, in one line naming it and
why: ``cmd:python3 missing.py`` (python3 is found, the script is not) played every game out
as a forfeit, each after a fresh start, and printed a table of them. A program that starts
and fails later still forfeits only its games, and the tournament goes on."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import children_of_this_process
from tests.tournament.failing_programs import hello_then_exit_command

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, TournamentError, run_tournament


def test_a_script_that_is_not_there_is_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.py"
    spec = f"cmd:{sys.executable} {missing}"
    assert main(["tournament", "emma", spec, "--games", "4", "--seed", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no table of forfeits
    lines = captured.err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"gofish tournament: {spec} failed to start, so no game was "
                               f"played: bot '{sys.executable} {missing}' exited before "
                               "sending its hello (exit code 2; it said: ")
    assert "No such file or directory" in lines[0]


def test_a_program_that_does_not_answer_its_hello_as_it_should_is_refused() -> None:
    # It answers its hello with a banner, and waits on: the report's `echo hi`, which exits
    # too, as the machine's timing has it, before or after its answer is read.
    banner = ("import sys; sys.stdin.readline(); print('hi', flush=True); "
              "sys.stdin.readline()")
    spec = f"cmd:{sys.executable} -c {shlex.quote(banner)}"
    plan = Plan(make_rules("classic"), 2, 1, ("random", spec), 4)
    with pytest.raises(TournamentError) as refused:
        run_tournament(plan, jobs=1)
    said = str(refused.value)
    assert said.startswith(f"{spec} failed to start, so no game was played: bot ")
    assert " answered 'hi' instead of a JSON object for its hello" in said
    assert children_of_this_process() == []  # the worker that tried it, and it, are gone


def test_a_program_that_starts_and_then_fails_still_forfeits_game_by_game() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", hello_then_exit_command()), 4)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.tables == 4 and tally.forfeits == [0, 4]
    assert children_of_this_process() == []

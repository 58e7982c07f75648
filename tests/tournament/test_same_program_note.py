"""Two entrants that are one program (``cmd:./bot`` and ``CMD: ./bot``) are one bot, and a
tournament says so; its reason was a bot spec's ("a name or option in any case, options in
any order, … an option at its default left out"), none of which a command has: a command
is kept as given, and only the prefix's case and the spaces around it differed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tournament.failing_programs import hello_then_exit_script

from gofish.cli import main


def test_one_program_typed_twice_is_told_in_a_programs_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # forfeits every game: its games are not the point
    program = hello_then_exit_script(tmp_path / "bot.sh")
    main(["tournament", f"cmd:{program}", f"CMD:  {program}", "random", "--games", "2",
          "--seed", "1"])
    err = capsys.readouterr().err
    assert (f"gofish tournament: cmd:{program} and CMD:  {program} are one bot, written "
            f"cmd:{program} (the same program and arguments: cmd: in any case, spaces and quotes "
            f"as a shell reads them): it "
            f"plays itself as cmd:{program}#1 and #2") in err, err

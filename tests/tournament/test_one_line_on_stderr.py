"""The lines a tournament writes on stderr about failed games are one line each, as the
table shows them: a bot whose command holds a newline (or an escape sequence) was named
across two lines in "forfeited all … of its games", and under --json each "game not played
out" line quoted a Python bot's exception message raw."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from random import Random

import pytest
from tests.tournament.failing_programs import hello_then_exit_command

from gofish.bots import base, register_bot
from gofish.cli import main
from gofish.core import Ask, View


class _TwoLineRaiser:
    """Raises an exception whose message runs over two lines, at its first ask."""

    name = "two-line-raiser"

    def choose(self, view: View, legal: Sequence[Ask], rng: Random) -> Ask:
        raise ValueError("first line\nsecond line")


def test_a_command_with_a_newline_is_named_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bot = hello_then_exit_command("\nsys.exit(0)")  # exits after its hello
    assert main(["tournament", "random", bot, "--games", "2", "--seed", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2, err  # one line per bot without a game played out
    assert err[1].startswith(f"gofish tournament: cmd:{sys.executable} -c 'import sys;")
    assert "flush=True)\ufffdsys.exit(0)' forfeited all" in err[1]
    assert err[1].endswith("forfeited all 2 of its games, so the result says nothing of how "
                           "it plays (the first failures are listed with the result)")


def test_a_failure_quoted_under_json_stays_on_its_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # registered for this test
    register_bot("two-line-raiser", _TwoLineRaiser, "raises a two-line error")
    assert main(["tournament", "random", "two-line-raiser", "--games", "2", "--seed", "1",
                 "--json", "--jobs", "1"]) == 1
    quoted = [line for line in capsys.readouterr().err.splitlines()
              if line.startswith("game not played out: ")]
    assert len(quoted) == 2
    # Its lines joined by a space: one line of the table, as on stderr.
    assert all("ValueError: first line second line (" in line for line in quoted)

"""bench/paired.py refuses a MODULE:FUNCTION that makes no bot in one line, before any deal.

A name that is no function (``os:sep``), a function that wants arguments (``json:loads``)
and one that returns something else (``os:getcwd``) ended in tracebacks, the last in the
middle of the first game.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.mark.parametrize(("variant", "why"), [
    ("os:sep", "os:sep names a str, not a function that returns a bot"),
    ("json:loads", "json:loads cannot be called with no arguments: loads() missing 1 "
                   "required positional argument: 's'"),
    ("os:getcwd", "os:getcwd returned a str, not a bot: a bot has a choose(view, legal, "
                  "rng) method"),
])
def test_a_function_that_makes_no_bot_is_refused_in_one_line(
        variant: str, why: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    paired = importlib.import_module("paired")
    monkeypatch.setattr(sys, "path", list(sys.path))  # build_bot adds the working folder
    monkeypatch.setattr(sys, "argv", ["paired.py"])  # its name, in its messages
    with pytest.raises(SystemExit) as stopped:
        paired.main(["emma", variant, "--deals", "2", "--jobs", "1"])
    said = capsys.readouterr()
    assert stopped.value.code == 2
    assert said.out == ""  # refused before the header: no deal was played
    assert said.err == f"paired.py: cannot build that bot: {why} (see paired.py --help)\n"


def test_a_function_that_returns_a_bot_still_plays(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    paired = importlib.import_module("paired")
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert paired.main(["emma", "gofish.bots.emma:EmmaBot", "--deals", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "gofish.bots.emma:EmmaBot" in out and "paired difference +0.0000" in out

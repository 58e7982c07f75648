"""Ctrl-C before a command has started (its modules loading, its options being read) ends
with "interrupted" and status 130, as it does once the command runs: a tournament stopped
in its first quarter second printed a traceback through importlib. (Python's own loading
of the gofish package, before any of its code can run, still ends in Python's traceback.)"""

from __future__ import annotations

import pytest

import gofish.cli
from gofish.cli import main


def test_ctrl_c_while_the_commands_load_is_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gofish.cli, "build_parser", interrupted)
    assert main(["tournament", "emma", "random"]) == 130
    assert capsys.readouterr().err == "\ninterrupted\n"

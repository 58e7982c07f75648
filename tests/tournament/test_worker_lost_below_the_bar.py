"""A tournament whose worker process died mid-run says so on a line of its own, below the
progress bar: the message was written on the bar's unfinished line, after its figures."""

from __future__ import annotations

import io
import re
import sys
from typing import Any

import pytest

import gofish.tournament
from gofish.cli import main
from gofish.tournament.run import WorkerLostError


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_worker_lost_mid_run_is_said_below_the_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    def play_a_few_then_lose_a_worker(*args: Any, progress: Any, **kwargs: Any) -> None:
        progress(0, 40)
        progress(10, 40)
        raise WorkerLostError("a worker process stopped unexpectedly (killed by SIGKILL)")

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(gofish.tournament, "run_tournament", play_a_few_then_lose_a_worker)
    assert main(["tournament", "emma", "random", "--games", "40", "--jobs", "1"]) == 1
    lines = terminal.getvalue().split("\n")
    assert re.fullmatch(r"(\r\[[#-]+\] \d+/40 games [\d,]+/s)+", lines[0]), lines
    assert lines[1] == ("gofish tournament: a worker process stopped unexpectedly "
                        "(killed by SIGKILL)"), lines

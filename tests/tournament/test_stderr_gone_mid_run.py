"""A tournament whose standard error goes away (the reader of its progress or of its log
closed the pipe) plays on and delivers its result: the result is on standard output and in
the files asked for, and stderr carries only what decorates or repeats it.

The progress bar's write raised BrokenPipeError in the middle of the games: the games were
lost, and main, taking it for standard output's reader leaving, exited 0 without a word.
After the games, a failure's line on stderr stopped the --csv file from being written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.tournament.failing_programs import hello_then_exit_command

from gofish.tournament.run import ProgressBar


def tournament_with_stderr_gone(*args: str) -> subprocess.CompletedProcess[str]:
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads its progress or its messages
    try:
        return subprocess.run([sys.executable, "-m", "gofish", "tournament", *args, "--json"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=writer,
                              text=True, timeout=300, check=False)
    finally:
        os.close(writer)


def test_the_progress_bar_on_a_closed_pipe_loses_no_games() -> None:
    done = tournament_with_stderr_gone("emma", "random", "--games", "40", "--seed", "1",
                                       "--jobs", "1", "--progress")
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["games"] == 40
    assert sum(row["wins"] for row in result["bots"]) == 40


def test_failures_told_on_a_closed_pipe_still_leave_the_csv(tmp_path: Path) -> None:
    # A program that exits after its hello: every game a forfeit, each listed on stderr,
    # and exit 1 (docs/tournament.md) for a bot none of whose games was played out.
    table = tmp_path / "r.csv"
    done = tournament_with_stderr_gone("emma", hello_then_exit_command(), "--games",
                                       "2", "--seed", "1", "--csv", str(table))
    assert done.returncode == 1
    assert json.loads(done.stdout)["failure_count"] == 2
    assert table.read_text().count("\n") == 3  # the header and the two bots


class GoneStream:
    """A stream whose reader left: every write fails, as a closed pipe's does."""

    def __init__(self) -> None:
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_progress_bar_stops_drawing_once_its_stream_is_gone() -> None:
    stream = GoneStream()
    bar = ProgressBar(stream)  # type: ignore[arg-type]
    for done in range(0, 11):
        bar(done, 10)  # never raises: the games go on
    assert stream.writes == 1  # tried once, then left alone

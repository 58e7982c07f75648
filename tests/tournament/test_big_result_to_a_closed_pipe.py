"""A tournament's JSON bigger than a pipe holds, read by a reader that leaves early.

The result of 80 bots is over a megabyte. Written in one go to ``| head -c 100``, the write
was cut short as the reader closed and Python dropped the rest without an error: status 0
and no word, where the table (many small writes) got 141 and a line saying so."""

from __future__ import annotations

import subprocess
import sys


def test_a_result_bigger_than_the_pipe_is_said_to_be_cut_short() -> None:
    bots = ["random"] * 80
    with subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", *bots, "--games", "10", "--seed", "1",
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.read(100)  # as head -c 100 does, then it goes
        process.stdout.close()
        said = process.stderr.read().decode()
        status = process.wait(timeout=120)
    assert first.startswith(b'{"')
    assert status == 141, said
    assert ("gofish tournament: standard output was closed before the whole result was "
            "written; --csv FILE or --json > FILE keeps it") in said

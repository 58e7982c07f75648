"""gofish replay of a file that is a pipe: ``gofish replay <(gofish export 1)`` (the shell
names the pipe /dev/fd/63) or ``… | gofish replay /dev/stdin``. The file was opened twice,
once to look at its first bytes for a byte order mark and again to read it; the first
look read the pipe's records away, and the run said "no records" and exited 0, the game
records lost. (Records: RULES.md, "Game records".)"""

from __future__ import annotations

import json
import os

import pytest

from gofish.cli import main

from .helpers import played_game


def _records(count: int) -> bytes:
    line = json.dumps(played_game(seed=4).to_record()) + "\n"
    return (line * count).encode()


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="needs /dev/fd (process substitution)")
def test_a_pipe_named_as_the_file_replays_every_record(
    capsys: pytest.CaptureFixture[str]
) -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, _records(3))
        os.close(write_end)
        code = main(["replay", "--json", f"/dev/fd/{read_end}"])
    finally:
        os.close(read_end)
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    assert [result["ok"] for result in results] == [True, True, True]
    assert results[0]["over"] is True
    assert "no records" not in captured.err
    assert code == 0

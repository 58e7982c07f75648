"""A tournament stopped while one worker is still on an early chunk counts the chunks the
others finished after it: the progress (and so the "stopped by Ctrl-C after N of M games"
line) moved only as results came in task order, so one slow first chunk held back every
game played beside it, and the stop said 0 of 64 with 48 played."""

from __future__ import annotations

import multiprocessing.connection
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament
from gofish.tournament import run as tournament_run

pytestmark = pytest.mark.skipif(sys.platform == "win32",
                                reason="the patched chunk reaches the workers by fork")

# 64 games through the engine: 4 chunks of 8 deals played from both seats, in 2 workers.
ARGS = ["tournament", "random", "emma", "--games", "64", "--seed", "1", "--jobs", "2",
        "--no-fast"]
SLOW_CHUNK_SECONDS = 120.0  # far longer than the test: it is stopped, never waited for


def test_ctrl_c_counts_chunks_finished_after_a_slow_first_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = tournament_run._play_chunk

    def first_chunk_slow(task: tournament_run.Task) -> Any:
        # In the worker given task 0 (the first worker): the other plays tasks 1 to 3.
        plan, units, _engine, _timeout = task
        if units[0] == plan.units()[0]:
            time.sleep(SLOW_CHUNK_SECONDS)
        return play(task)

    collected: list[int] = []
    collect = tournament_run._Worker.collect

    def counted(worker: tournament_run._Worker) -> tuple[int, Any]:
        index, result = collect(worker)
        collected.append(index)
        return index, result

    wait = multiprocessing.connection.wait
    stopped: list[bool] = []

    def ctrl_c_once_the_rest_is_in(objects: Any, timeout: float | None = None) -> Any:
        # Ctrl-C as the parent waits with every chunk in but the slow first one.
        if sorted(collected) == [1, 2, 3] and not stopped:
            stopped.append(True)
            raise KeyboardInterrupt
        return wait(objects, timeout)

    monkeypatch.setattr(tournament_run, "_play_chunk", first_chunk_slow)
    monkeypatch.setattr(tournament_run._Worker, "collect", counted)
    monkeypatch.setattr(multiprocessing.connection, "wait", ctrl_c_once_the_rest_is_in)
    started = time.monotonic()
    assert main(ARGS) == 130
    assert time.monotonic() - started < SLOW_CHUNK_SECONDS / 2  # the slow chunk was stopped
    assert stopped
    assert capsys.readouterr().err == ("gofish tournament: stopped by Ctrl-C after 48 of 64 "
                                       "games, which are not kept\n")


def test_chunks_counted_out_of_order_still_add_up_as_one_process_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The first chunk is played only once the other three are counted: the tally still adds
    # them in task order, to the totals of --jobs 1.
    plan = Plan(make_rules("classic"), 2, 1, ("random", "emma"), 64)
    rest_counted = tmp_path / "rest-counted"
    play = tournament_run._play_chunk

    def first_chunk_last(task: tournament_run.Task) -> Any:
        chunk_plan, units, _engine, _timeout = task
        if units[0] == chunk_plan.units()[0]:
            deadline = time.monotonic() + SLOW_CHUNK_SECONDS / 4
            while not rest_counted.exists():
                if time.monotonic() > deadline:
                    raise AssertionError("the other chunks were never counted before it")
                time.sleep(0.01)
        return play(task)

    counts: list[int] = []

    def counted(done: int, total: int) -> None:
        counts.append(done)
        if done == 48:
            rest_counted.touch()

    alone = run_tournament(plan, jobs=1, fast=False)
    monkeypatch.setattr(tournament_run, "_play_chunk", first_chunk_last)
    beside = run_tournament(plan, jobs=2, fast=False, progress=counted)
    assert counts == [0, 16, 32, 48, 64]
    assert beside.tally == alone.tally

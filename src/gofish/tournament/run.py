"""Running a tournament: split the units into chunks, play them in worker processes, add up.

Every game depends only on the plan and its own unit, and totals are integer
sums, so the result is the same for any number of jobs (tested).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TextIO

from gofish.protocol import DEFAULT_TIMEOUT
from gofish.sim import unsupported_reason
from gofish.tournament.plan import CMD_PREFIX, Plan, TournamentError
from gofish.tournament.play import check_entrants, play_units_engine, play_units_sim
from gofish.tournament.tally import Tally

ENGINE_CHUNK = 8  # units per task on the engine path: small, for a smooth progress bar
SIM_CHUNK = 2_000  # units per task in the simulator: big enough to pay for the call


@dataclass(frozen=True)
class Outcome:
    plan: Plan
    tally: Tally
    seconds: float
    engine: str  # "sim" or "engine"
    jobs: int


def choose_engine(plan: Plan, fast: bool | None) -> str:
    """``sim`` when every bot and rule is supported (or forced with ``fast=True``)."""
    specs = [spec for spec in plan.specs if not spec.startswith(CMD_PREFIX)]
    external = len(specs) != len(plan.specs)
    reason = "external bots play through the engine" if external else unsupported_reason(
        plan.rules.for_players(plan.players), specs
    )
    if fast is True and reason is not None:
        raise TournamentError(f"--fast cannot be used: {reason}")
    if fast is False or reason is not None:
        return "engine"
    return "sim"


def _play_chunk(task: tuple[Plan, list[int], str, float]) -> Tally:
    plan, units, engine, timeout = task
    if engine == "sim":
        return play_units_sim(plan, units)
    return play_units_engine(plan, units, timeout)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_up(plan: Plan) -> None:
    """Compile the simulator once in the parent, so forked workers need not."""
    play_units_sim(plan, plan.units()[:1])


def run_tournament(
    plan: Plan,
    jobs: int | None = None,
    fast: bool | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[int, int], None] | None = None,
) -> Outcome:
    """Play this plan's shard; ``progress(done_games, total_games)`` is called as chunks end."""
    check_entrants(plan.specs)
    engine = choose_engine(plan, fast)
    jobs = max(1, jobs or os.cpu_count() or 1)
    units = plan.units()
    size = SIM_CHUNK if engine == "sim" else ENGINE_CHUNK
    chunks = [units[i : i + size] for i in range(0, len(units), size)]
    tasks = [(plan, chunk, engine, timeout) for chunk in chunks]
    tally = Tally(len(plan.specs))
    total = len(units) * len(plan.arrangements)
    if engine == "sim":
        _warm_up(plan)
    started = time.perf_counter()
    done = 0
    workers = min(jobs, len(tasks))
    if workers <= 1:
        results = map(_play_chunk, tasks)
        for result in results:
            tally.merge(result)
            done += result.tables
            if progress:
                progress(done, total)
    else:
        context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        # An executor, not a Pool: a worker that dies (or cannot unpickle its task) makes
        # it raise BrokenProcessPool, where a Pool would wait for that worker forever.
        try:
            with ProcessPoolExecutor(workers, mp_context=context,
                                     initializer=_ignore_interrupts) as pool:
                for result in pool.map(_play_chunk, tasks):
                    tally.merge(result)
                    done += result.tables
                    if progress:
                        progress(done, total)
        except BrokenProcessPool as error:
            raise TournamentError(
                f"a worker process stopped unexpectedly ({error}); run with --jobs 1 to see why"
            ) from error
    seconds = time.perf_counter() - started
    return Outcome(plan, tally, seconds, engine, workers)


class ProgressBar:
    """A one-line progress bar on a stream (stderr), redrawn in place."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = int(share * self.width)
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games {rate:,.0f}/s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


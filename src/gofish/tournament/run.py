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
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TextIO

from gofish.protocol import DEFAULT_TIMEOUT
from gofish.sim import unsupported_reason
from gofish.tournament.plan import CMD_PREFIX, Plan, TournamentError
from gofish.tournament.play import (
    check_entrants,
    kill_external_bots,
    play_units_engine,
    play_units_sim,
)
from gofish.tournament.tally import Tally

ENGINE_CHUNK = 8  # units per task on the engine path: small, for a smooth progress bar
SIM_CHUNK = 2_000  # units per task in the simulator: big enough to pay for the call
MAX_CHUNKS = 20_000  # bigger tournaments get bigger chunks, so the task list stays small


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


def _play_chunk(task: tuple[Plan, range, str, float]) -> Tally:
    plan, units, engine, timeout = task
    if engine == "sim":
        return play_units_sim(plan, units)
    return play_units_engine(plan, units, timeout)


def _set_up_worker() -> None:
    """Workers leave Ctrl-C to the parent (no traceback per worker), which stops them with
    SIGTERM: a worker then kills its external bots' programs and exits at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)


def _stop_worker(signum: int, frame: object) -> None:
    # Both the parent and the executor may send SIGTERM: a second one arriving while the
    # bots are being reaped would re-enter this and deadlock on the same subprocess.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    kill_external_bots()
    os._exit(1)  # no unwinding: the executor would only hand this worker its next chunk


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the chunks not started and stop the running ones now (not after their games:
    with external bots a chunk can take minutes)."""
    # ProcessPoolExecutor has no public way to stop its workers before Python 3.14, and
    # shutdown() forgets them, so take them first.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)


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
    size = max(SIM_CHUNK if engine == "sim" else ENGINE_CHUNK, -(-len(units) // MAX_CHUNKS))
    chunks = [units[i : i + size] for i in range(0, len(units), size)]
    tasks = [(plan, chunk, engine, timeout) for chunk in chunks]
    tally = Tally(len(plan.specs))
    total = len(units) * len(plan.arrangements)
    if engine == "sim":
        _warm_up(plan)
    started = time.perf_counter()
    done = 0
    workers = min(jobs, len(tasks))
    results = map(_play_chunk, tasks) if workers <= 1 else _in_workers(tasks, workers)
    for result in results:
        tally.merge(result)
        done += result.tables
        if progress:
            progress(done, total)
    seconds = time.perf_counter() - started
    return Outcome(plan, tally, seconds, engine, workers)


def _in_workers(tasks: list[tuple[Plan, range, str, float]], workers: int) -> Iterator[Tally]:
    """Each task's result, in order, played in ``workers`` processes."""
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    # An executor, not a Pool: a worker that dies (or cannot unpickle its task) makes
    # it raise BrokenProcessPool, where a Pool would wait for that worker forever.
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_set_up_worker)
    try:
        yield from pool.map(_play_chunk, tasks)
    except BrokenProcessPool as error:
        _stop_pool(pool)
        raise TournamentError(
            f"a worker process stopped unexpectedly ({error}); run with --jobs 1 to see why"
        ) from error
    except BaseException:  # Ctrl-C, or the caller gave up on the results
        _stop_pool(pool)
        raise
    pool.shutdown()


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


"""Running a tournament: split the units into chunks, play them in worker processes, add up.

Every game depends only on the plan and its own unit, and totals are integer
sums, so the result is the same for any number of jobs (tested).
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, SupportsIndex, TextIO, cast

from gofish.bots import make_bot
from gofish.bots.base import CMD_PREFIX
from gofish.bots.endgame import warm_up as warm_up_endgame
from gofish.bots.expert import any_searches_endgame
from gofish.core import check_whole
from gofish.leaving import drop_output
from gofish.protocol import DEFAULT_TIMEOUT
from gofish.protocol.external import (
    check_timeout,
    kill_bots_started_by,
    signal_name,
    start_time,
)
from gofish.sim import as_whole_number, cgroup_cpus, unsupported_reason
from gofish.tournament.plan import Plan, TournamentError
from gofish.tournament.play import (
    check_entrants,
    kept_seat_bots,
    kill_external_bots,
    play_units_engine,
    play_units_sim,
    raised_where,
    start_each_program,
)
from gofish.tournament.tally import Tally

ENGINE_CHUNK = 8  # units per task on the engine path: small, for a smooth progress bar
#: With an external program at the table one deal may take seconds: the progress bar (and
#: the count a Ctrl-C reports) moves a deal at a time. Its programs outlive the task.
EXTERNAL_CHUNK = 1
SIM_CHUNK = 2_000  # units per task in the simulator: big enough to pay for the call
MAX_CHUNKS = 20_000  # bigger tournaments get bigger chunks, so the task list stays small
#: Worker processes per core at most. Each is a whole Python process: 100,000 jobs with a
#: big tournament started one per chunk of eight games, thousands, until memory ran out.
JOBS_PER_CORE = 4
#: Seconds a worker told to stop has to do so (it kills its bots' programs first) before
#: it is killed outright.
STOP_WAIT = 5.0


class WorkerLostError(TournamentError):
    """A worker process died (killed, out of memory, a crash in a bot's library): the run
    failed, rather than being refused as asked."""


def usable_cores() -> int:
    """The cores this process may keep busy: fewer than the machine has under ``taskset`` or
    a container's cpuset, or a container's CPU quota (rounded up to whole cores), where
    starting a worker per machine core crowds the bots' answers."""
    if hasattr(os, "sched_getaffinity"):  # not on macOS or Windows
        cores = len(os.sched_getaffinity(0)) or 1
    else:
        cores = os.cpu_count() or 1
    # A quota leaves every core in the affinity: 64 workers under docker --cpus=2 each got
    # a thirty-second of a core, and the external bots' answers crept toward their timeout.
    if (quota := cgroup_cpus()) is not None:
        cores = min(cores, max(1, math.ceil(quota)))
    return cores


def max_jobs() -> int:
    """The most worker processes a tournament may start on this machine."""
    return max(8, JOBS_PER_CORE * usable_cores())

Task = tuple[Plan, range, str, float]  # a plan, its units to play, the engine, the bot timeout


@dataclass(frozen=True)
class Outcome:
    plan: Plan
    tally: Tally
    seconds: float
    engine: str  # "sim" or "engine"
    jobs: int


def why_not_fast(plan: Plan) -> str | None:
    """Why the bulk simulator cannot play this plan, or None if it can."""
    if _plays_programs(plan):
        return "external bots play through the engine"
    return unsupported_reason(plan.rules.for_players(plan.players), plan.specs)


def choose_engine(plan: Plan, fast: bool | None) -> str:
    """``sim`` when every bot and rule is supported (or forced with ``fast=True``)."""
    reason = why_not_fast(plan)
    if fast is True and reason is not None:
        raise TournamentError(f"fast=True cannot be used: {reason}")
    if fast is False or reason is not None:
        return "engine"
    return "sim"


#: The "engine" of the task that starts each external program once before play, so that
#: one that cannot is refused then (see start_each_program).
START_EACH = "start each program"


def _play_chunk(task: Task) -> Tally:
    plan, units, engine, timeout = task
    if engine == START_EACH:
        start_each_program(plan.specs, timeout)
        return Tally(len(plan.specs), deal_games=plan.deal_games)
    if engine == "sim":
        return play_units_sim(plan, units)
    return play_units_engine(plan, units, timeout)


#: Signals on which a worker kills its external bots' programs and exits at once: SIGTERM
#: (how the parent stops it) and SIGHUP, which a hangup sends to the whole process group.
#: Without its own handler a forked worker would run the parent's, if any (gofish
#: tournament's, which prints and raises SystemExit in every worker).
_WORKER_STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (
    signal.SIGTERM,)


#: Held (blocked) while a worker is forked, until it has its own handlers: see
#: _held_while_forking.
_HELD_SIGNALS = {signal.SIGINT, *_WORKER_STOP_SIGNALS}


def _set_up_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the parent (no traceback per worker), which stops them with
    SIGTERM: a worker then kills its external bots' programs and exits at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in _WORKER_STOP_SIGNALS:
        signal.signal(number, _stop_worker)
    if hasattr(signal, "pthread_sigmask"):  # held since the fork (_held_while_forking)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_SIGNALS)
    _stop_with_parent(parent)


@contextlib.contextmanager
def _held_while_forking() -> Iterator[None]:
    """Hold Ctrl-C and the stop signals while a worker is forked; the worker lets them in
    once its own handlers are set (_set_up_worker), the parent once it is started. A stop
    that reached the worker sooner ran the parent's handler there (gofish tournament's
    raises SystemExit), in the steps after the fork before multiprocessing's ``try``: the
    worker then unwound the parent's stack, its ``finally`` blocks and exit path."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: workers are spawned, not forked
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _stop_with_parent(parent: int) -> None:
    """Have Linux send this worker SIGTERM when the parent dies without stopping it (kill
    -9, the OOM killer): a worker in the middle of its games would otherwise play them
    all, and its external bots' programs run on, with nobody to report to."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it died before the request was in place
        _stop_worker(signal.SIGTERM, None)


def _stop_worker(signum: int, frame: object) -> None:
    # A second signal arriving while the bots are being reaped would re-enter this and
    # deadlock on the same subprocess.
    for number in _WORKER_STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    kill_external_bots()
    os._exit(1)  # no unwinding: nothing of this process is needed any more


#: How long preparing may take before the caller's ``notice`` is told why nothing moves:
#: loading the endgame search from numba's cache (numba's import included) takes 1.5-2.5 s
#: on a busy machine, compiling it a minute.
NOTICE_AFTER = 4.0


def _plays_programs(plan: Plan) -> bool:
    """Whether an external program (``cmd:``) sits at the plan's tables."""
    return any(spec.startswith(CMD_PREFIX) for spec in plan.specs)


#: Files a worker holds open for each external program it keeps running: the ends of the
#: program's standard input, output and error.
FILES_PER_PROGRAM = 3
#: Open files a worker needs besides: Python's own, its pipe to the tournament, and the
#: pipes of a program being started.
SPARE_FILES = 64


def _make_room_for_programs(plan: Plan) -> None:
    """Raise this process's limit of open files, which the workers inherit, to what the
    plan's programs need, or refuse the plan before any game. Past the limit (``ulimit -n``,
    1024 on most Linux systems) a program could not be started, and each of its games was
    forfeited by a bot that had done nothing wrong ("Too many open files")."""
    # Any worker may meet every entrant at every seat, and keeps each one's program.
    programs = sum(spec.startswith(CMD_PREFIX) for spec in plan.specs) * plan.players
    try:
        import resource
    except ImportError:  # not POSIX: no such limit to raise
        return
    needed = FILES_PER_PROGRAM * programs + SPARE_FILES
    if not programs or _open_files_allowed(resource) >= needed:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):  # above what this system allows
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    if (allowed := _open_files_allowed(resource)) < needed:
        most = allowed if hard == resource.RLIM_INFINITY else hard
        raise TournamentError(
            f"these bots keep up to {programs} bot programs running at once (one per cmd: "
            f"bot and seat, in each worker), which needs about {needed} open files, but this "
            f"system allows at most {most} open files to a process: raise that limit "
            f"(ulimit -n {needed}; as root, or in /etc/security/limits.conf), or play fewer "
            "cmd: bots at once")


def _open_files_allowed(resource: Any) -> float:
    """The soft limit of open files of this process (inf when there is none)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return float("inf") if soft == resource.RLIM_INFINITY else soft


def _built_in_specs(plan: Plan) -> list[str]:
    """The plan's bots that play in this process (not ``cmd:`` programs)."""
    return [spec for spec in plan.specs if not spec.startswith(CMD_PREFIX)]


def _prepare(plan: Plan, engine: str, notice: Callable[[str], None] | None) -> None:
    """Compile what the games need with numba (or load it from numba's cache) here, once,
    before the clock starts: forked workers inherit it instead of each compiling it again,
    and the ``seconds`` reported count play only. The first run after an install compiles
    for up to a minute, so ``notice`` is told if this takes longer than NOTICE_AFTER."""
    if engine == "sim":
        with _announced_if_slow("the bulk simulator", notice):
            play_units_sim(plan, plan.units()[:1])
    elif any_searches_endgame(make_bot(spec) for spec in _built_in_specs(plan)):
        with _announced_if_slow("the endgame search", notice):
            warm_up_endgame()


@contextlib.contextmanager
def _announced_if_slow(what: str, notice: Callable[[str], None] | None) -> Iterator[None]:
    if notice is None:
        yield
        return
    message = f"compiling {what} (the first time after an install: about a minute)..."
    timer = threading.Timer(NOTICE_AFTER, notice, args=(message,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # no thread may be left running when the workers fork


def run_tournament(
    plan: Plan,
    jobs: SupportsIndex | None = None,
    fast: bool | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[int, int], None] | None = None,
    notice: Callable[[str], None] | None = None,
) -> Outcome:
    """Play this plan's shard; ``progress(done_games, total_games)`` is called as chunks end
    (and with 0 done when play starts), ``notice(message)`` if preparing is slow."""
    timeout = check_timeout("timeout", timeout, TournamentError)
    fast = _check_arguments(plan, fast, progress, notice)
    if jobs is not None:  # -1 is not "every core" (joblib's reading): it was one worker
        jobs = check_whole("jobs", as_whole_number(jobs), 1, max_jobs(), TournamentError)
    check_entrants(plan.specs)
    _make_room_for_programs(plan)
    engine = choose_engine(plan, fast)
    if _plays_programs(plan):  # in a worker, as every program is run (see below)
        for _ in _in_workers([(plan, range(0), START_EACH, timeout)], 1, jobs_1_here=False):
            pass
    jobs = jobs or usable_cores()
    units = plan.units()
    size = max(_chunk_size(plan, engine), -(-len(units) // MAX_CHUNKS))
    chunks = [units[i : i + size] for i in range(0, len(units), size)]
    tasks: list[Task] = [(plan, chunk, engine, timeout) for chunk in chunks]
    tally = Tally(len(plan.specs), deal_games=plan.deal_games)
    total = len(units) * len(plan.arrangements)
    _prepare(plan, engine, notice)
    if progress:
        progress(0, total)
    started = time.perf_counter()
    done = 0
    workers = min(jobs, len(tasks))
    with kept_seat_bots():  # one program per external bot and seat for the whole run
        # External programs are always run from a worker, even a lone one: only a worker
        # is told when this process is killed outright (kill -9), and stops them.
        programs = _plays_programs(plan)
        in_here = not tasks or (workers <= 1 and not programs)
        results = (enumerate(map(_play_chunk, tasks)) if in_here
                   else _in_workers(tasks, workers, jobs_1_here=not programs))
        in_order = _InTaskOrder(tally)
        for index, result in results:
            in_order.merge(index, result)
            done += result.tables  # counted as it comes: a Ctrl-C says every game played
            if progress:
                progress(done, total)
    seconds = time.perf_counter() - started
    return Outcome(plan, tally, seconds, engine, workers)


class _InTaskOrder:
    """Adds chunk results to a tally in task order, whatever order they come in: the sum is
    the same as one process's, failures and all, without relying on merge's order not
    mattering."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.early: dict[int, Tally] = {}  # results come before those of earlier tasks
        self.next_index = 0

    def merge(self, index: int, result: Tally) -> None:
        self.early[index] = result
        while self.next_index in self.early:
            self.tally.merge(self.early.pop(self.next_index))
            self.next_index += 1


def _check_arguments(plan: object, fast: object, progress: object,
                     notice: object) -> bool | None:
    """``fast`` as True, False or None, once what run_tournament cannot take is refused:
    ``fast=0`` or ``"no"`` was read as "whichever is supported", a number as ``progress``
    failed only once the games were prepared."""
    if not isinstance(plan, Plan):
        raise TournamentError(f"plan must be a Plan, not {plan!r}")
    for name, value in (("progress", progress), ("notice", notice)):
        if value is not None and not callable(value):
            raise TournamentError(f"{name} must be a function or None, not {value!r}")
    if fast is None or isinstance(fast, bool):
        return fast
    if type(fast).__module__ == "numpy" and type(fast).__name__ in ("bool", "bool_"):
        return bool(fast)  # np.True_, as a study's arrays hold flags
    raise TournamentError(f"fast must be True, False or None (whichever is supported), "
                          f"not {fast!r}")


def _chunk_size(plan: Plan, engine: str) -> int:
    """Units per task, before a big tournament makes them bigger."""
    if engine == "sim":
        return SIM_CHUNK
    return EXTERNAL_CHUNK if _plays_programs(plan) else ENGINE_CHUNK


def _in_workers(tasks: list[Task], workers: int, *,
                jobs_1_here: bool) -> Iterator[tuple[int, Tally]]:
    """Each task's index and result as it comes in, played in ``workers`` processes.
    ``jobs_1_here``: whether ``--jobs 1`` would play them in this process instead (not with
    programs)."""
    # A crew of our own rather than a ProcessPoolExecutor: that one cannot stop running
    # tasks (before Python 3.14), and after its workers were killed on Ctrl-C its
    # management thread could hang the exit or print a traceback at it.
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    crew: list[_Worker] = []
    for _ in range(workers):
        crew.append(_Worker(context, [worker.connection for worker in crew], jobs_1_here))
    try:
        yield from _dispatch(tasks, crew)
        for worker in crew:
            worker.finish()
    finally:
        # At once on Ctrl-C or an error; a no-op after finish(). All are told before any is
        # waited for, so that workers slow to stop take STOP_WAIT in all, not each.
        for worker in crew:
            worker.tell_to_stop()
        deadline = time.monotonic() + STOP_WAIT
        for worker in crew:
            worker.stop(deadline)


def _dispatch(tasks: list[Task], crew: list[_Worker]) -> Iterator[tuple[int, Tally]]:
    """Hand tasks to idle workers; yield each task's index and result as it comes in, not
    in task order: a slow early task must not hold back the count of games played."""
    waiting = iter(enumerate(tasks))
    for worker in crew:
        worker.give_next(waiting)
    while any(worker.busy for worker in crew):
        busy = [worker for worker in crew if worker.busy]
        multiprocessing.connection.wait([w.connection for w in busy]
                                        + [w.process.sentinel for w in busy])
        for worker in busy:
            if worker.connection.poll() or not worker.process.is_alive():
                index, result = worker.collect()
                worker.give_next(waiting)  # kept busy while this result is counted
                yield index, result


class _Worker:
    """One worker process, fed one task at a time through its own pipe."""

    def __init__(self, context: Any, others: list[Any], jobs_1_here: bool = True) -> None:
        """``others``: the parent's ends of the workers started before this one;
        ``jobs_1_here``: whether --jobs 1 would show a failure here (see ``_in_workers``)."""
        self.jobs_1_here = jobs_1_here
        self.connection, theirs = context.Pipe()
        # A forked worker holds copies of the parent's ends of the pipes (its own and the
        # earlier workers'): it closes them, so that its own pipe reads end of input once
        # the parent is gone. A spawned one inherits nothing, and is given nothing to close.
        inherited = [self.connection, *others] if context.get_start_method() == "fork" else []
        self.process = context.Process(target=_work, args=(theirs, inherited, os.getpid()),
                                       daemon=True)
        with _held_while_forking():
            self.process.start()
        # Taken while it runs: a program it was starting as it died is waited for by this.
        self.started = start_time(self.process.pid)
        theirs.close()
        self.busy = False
        self._plan_sent: Plan | None = None

    def give_next(self, waiting: Iterator[tuple[int, Task]]) -> None:
        """Send the next waiting task, if any is left. Its plan goes only with the first:
        the plan carries its list of tables, which a round robin of many bots makes long
        (8 MB at 650,000 tables), and sent with every task it took longer than the games."""
        given = next(waiting, None)
        if given is not None:
            index, (plan, *rest) = given
            sent = None if plan is self._plan_sent else plan
            self._plan_sent = plan
            try:
                self.connection.send((index, (sent, *rest)))
            except OSError:  # it died after sending its last result (BrokenPipeError)
                raise self._lost() from None
            self.busy = True

    def collect(self) -> tuple[int, Tally]:
        """The result of the task given; a worker that died or failed raises here."""
        try:
            index, result, error = self.connection.recv()
        except (EOFError, OSError):
            raise self._lost() from None
        self.busy = False
        if error is not None:
            raise error
        return index, result

    def _lost(self) -> WorkerLostError:
        """The error of a worker that died, once what it started is stopped."""
        self.process.join(timeout=5)
        kill_bots_started_by(self.process.pid, self.started)  # what it could not clean up itself
        code = self.process.exitcode
        if code is not None and code == -getattr(signal, "SIGKILL", 9):
            # Not "exit code -9", nor --jobs 1 to see why: nothing in it said why.
            return WorkerLostError("a worker process was killed outright (SIGKILL: kill -9, "
                                   "or the system's out-of-memory killer)")
        how = (f"was killed by {signal_name(-code)}" if code is not None and code < 0
               else f"stopped unexpectedly (exit code {code})")
        hint = "; run with --jobs 1 to see why" if self.jobs_1_here else ""
        return WorkerLostError(f"a worker process {how}{hint}")

    def finish(self) -> None:
        """No more tasks: let the process end by itself."""
        with contextlib.suppress(OSError):  # it ended already: nothing is lost
            self.connection.send(None)
        self.process.join(timeout=5)

    def tell_to_stop(self) -> None:
        """SIGTERM, if it still runs: the worker kills its bots' programs and exits."""
        if self.process.is_alive():
            self.process.terminate()

    def stop(self, deadline: float) -> None:
        """Wait for a worker told to stop until ``deadline`` (time.monotonic()); then kill
        it."""
        self.process.join(timeout=max(0.0, deadline - time.monotonic()))
        if self.process.is_alive():  # deaf to SIGTERM (a bot's library took it over)
            self.process.kill()
            self.process.join(timeout=5)
            # what it was given no time to stop
            kill_bots_started_by(self.process.pid, self.started)
        self.connection.close()


def _work(connection: Any, inherited: list[Any], parent: int) -> None:
    """A worker's life: play each task it is given and send back the tally (or the error)."""
    for end in inherited:
        end.close()
    _set_up_worker(parent)
    plan: Plan | None = None  # sent with the first task only (_Worker.give_next)
    with kept_seat_bots():  # this worker's programs serve all its tasks
        while True:
            try:
                given = connection.recv()
            except EOFError:
                return  # the parent is gone
            if given is None:
                return
            index, (sent, *rest) = given
            plan = sent if sent is not None else plan
            task = cast(Task, (plan, *rest))
            try:
                connection.send((index, _play_chunk(task), None))
            except Exception as error:  # the parent raises it, as if played there
                connection.send((index, None, _sendable(error)))


def _sendable(error: Exception) -> Exception:
    """``error`` if the parent can unpickle it as it is, else a TournamentError telling it in
    words. A bot's exception whose ``__init__`` takes more than its message (``Err(a, b)``)
    pickles but does not unpickle: the parent raised a TypeError about that ``__init__``,
    and the bot's own error was lost; one holding a lambda did not pickle at all, and the
    worker died with it ("stopped unexpectedly")."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # whatever a class's own pickling raises
        return TournamentError(f"a worker process failed: {raised_where(error)}")
    return error


class ProgressBar:
    """A one-line progress bar on a stream (stderr), redrawn in place."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.perf_counter()
        self.gone = False  # the stream can no longer be written: nothing more is drawn
        self.line_open = False  # a line drawn and not ended yet (it is ended once full)

    def __call__(self, done: int, total: int) -> None:
        if self.gone:
            return
        try:
            self._draw(done, total)
        except (OSError, ValueError):  # its reader left, a full disk, a closed stream
            # The bar only decorates the games: they go on, and their result is not lost.
            self.gone = True
            drop_output(self.stream)  # what it still holds would fail again at exit

    def _draw(self, done: int, total: int) -> None:
        if done == 0:  # play starts: the rate leaves out any time spent preparing
            self.started = time.perf_counter()
        share = done / total if total else 1.0
        filled = int(share * self.width)
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done:,}/{total:,} games {rate:,.0f}/s")
        self.line_open = done < total
        if not self.line_open:
            self.stream.write("\n")
        self.stream.flush()

    def end_line(self) -> None:
        """End a line the bar left unfinished, so that a message said next starts a line of
        its own, not glued to the bar's figures."""
        if self.line_open and not self.gone:
            self.line_open = False
            with contextlib.suppress(OSError, ValueError):  # as a redraw, it only decorates
                self.stream.write("\n")
                self.stream.flush()


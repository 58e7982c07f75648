"""Ctrl+Z at the full-screen table stops its whole job, as a shell's own Ctrl+Z does.

The table reads keys raw, so Ctrl+Z reaches it as a key and the terminal sends no SIGTSTP;
Textual's own suspend stops this process only. Under a wrapper in the same job (``make
play``, the README's way in; ``uv run``) the shell then went on waiting for the wrapper,
and the terminal looked hung. The helpers here stop the rest of the job with the table,
and tell, once it runs again, whether the terminal is still there to take back.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import os
import signal
import sys
import time
from collections.abc import Iterator

from gofish.leaving import LEAVE_SIGNALS, drop_output, handling
from gofish.procstat import PARENT, stat_fields


class Terminal(enum.Enum):
    """Where the table's terminal stands once the job runs again."""

    OURS = "ours"  # this job is in its foreground again (fg): the table takes it back
    ELSEWHERE = "elsewhere"  # another job has it (bg): stop again, as a write would
    GONE = "gone"  # it hung up (its window closed): the table must leave


def can_stop_the_job() -> bool:
    """Whether this system has jobs to stop (not Windows)."""
    return hasattr(os, "killpg") and hasattr(signal, "SIGTSTP")


def stop_the_job() -> None:
    """Stop every process of this one's job (make too, under ``make play``), this one with
    them; return once it is continued (the shell's fg or bg, or a hang-up)."""
    with_the_job = a_shell_runs_the_job()
    # Under a shell, this process stops by the job's own SIGTSTP, in the same instant as the
    # rest. Stopping itself after them lost a hang-up on a loaded machine: the shell, seeing
    # the job stopped, died of the closed window, and the job was continued before this
    # process stopped, which then stayed stopped for good, its wrapper waiting for it.
    # Never by Textual's SIGTSTP handler, which would run once the job is continued and
    # stop the table again; nor Textual's SIGCONT handler, which would take the terminal
    # back before we know whether it is still there.
    before_tstp = signal.signal(signal.SIGTSTP,
                                signal.SIG_DFL if with_the_job else signal.SIG_IGN)
    before_cont = signal.signal(signal.SIGCONT, signal.SIG_DFL)
    try:
        os.killpg(os.getpgrp(), signal.SIGTSTP)
        if not with_the_job:
            # SIGSTOP, as Textual sends itself: with no shell to continue the job the
            # system drops a SIGTSTP (to those that do not catch it).
            os.kill(os.getpid(), signal.SIGSTOP)
    finally:
        signal.signal(signal.SIGTSTP, before_tstp)
        signal.signal(signal.SIGCONT, before_cont)


def a_shell_runs_the_job() -> bool:
    """Whether a shell with job control started this process's job: the job is a group of
    its own in the session, not the session's first (that of a program a terminal ran, as
    ``xterm -e``, or of one started by setsid, which no shell continues)."""
    return os.getpgrp() != os.getsid(0)


def stopped_until_fg(descriptor: int) -> int | None:
    """Stop the job until the shell's fg gives it the terminal open on ``descriptor`` again
    (None), or until nobody will bring it back: then the signal the table must leave as
    (SIGHUP: the terminal is gone or the shell left; or the leave signal that came)."""
    with leave_signals_noted() as heard:
        while terminal_state(descriptor) is not Terminal.GONE:
            stop_the_job()
            if (outcome := _once_continued(descriptor, heard)) != _STOP_AGAIN:
                return outcome
    return int(signal.SIGHUP)


#: _once_continued's answer when the job was sent to the background (bg): stop again.
_STOP_AGAIN = -1

#: How long a job continued with the terminal elsewhere looks for a reason to leave before
#: it stops again, as a write would. bash, leaving with the job stopped, ends it by
#: SIGTERM and SIGCONT, and only then exits; stopping again at once raced that exit: the
#: system continues an orphaned job only if it has stopped by then, and the table, still
#: stopping, stayed stopped for good.
SETTLE_SECONDS = 0.2


def _once_continued(descriptor: int, heard: list[int]) -> int | None:
    """Continued: None if fg gave the terminal back; the signal to leave as if the job must
    end; _STOP_AGAIN if it was sent to the background."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        state = terminal_state(descriptor)
        if state is Terminal.OURS:
            return None
        if heard:
            return heard[0]
        if state is Terminal.GONE or (a_shell_runs_the_job() and job_orphaned()):
            # Gone, or its shell left (exit) with the job stopped: the system continued it,
            # drops its SIGTSTP from now on and no shell can fg it.
            return int(signal.SIGHUP)
        if time.monotonic() >= deadline:
            return _STOP_AGAIN
        time.sleep(SETTLE_SECONDS / 10)


@contextlib.contextmanager
def leave_signals_noted() -> Iterator[list[int]]:
    """While in it, the :data:`LEAVE_SIGNALS` that arrive are noted in the list it gives
    (by the main thread, the one that runs Python's handlers, while its event loop waits
    for this). The loop hears of them too, by its wake-up file, once it runs again."""
    heard: list[int] = []
    with handling(LEAVE_SIGNALS, lambda number, _frame: heard.append(number)):
        yield heard


def job_orphaned() -> bool:
    """Whether no process of this one's job has a parent in another job of its session
    (its shell has left), as far as the chain of parents up from this one tells: through
    wrappers in the job (make) by /proc, where the system has one; else taken as held."""
    group, session = os.getpgrp(), os.getsid(0)
    parent: int | None = os.getppid()
    while parent is not None:
        try:
            if os.getpgid(parent) != group:
                return os.getsid(parent) != session
        except (ProcessLookupError, PermissionError):  # gone, or in another session
            return True
        parent = _parent_of(parent)
    return False


def _parent_of(pid: int) -> int | None:
    """Process ``pid``'s parent by /proc, or None where there is none to read."""
    fields = stat_fields(pid)
    return None if fields is None else int(fields[PARENT])


def terminal_state(descriptor: int) -> Terminal:
    """Where the terminal open on ``descriptor`` stands for this process's job."""
    try:
        foreground = os.tcgetpgrp(descriptor)
    except OSError:  # EIO: hung up, every use of it fails from now on
        return Terminal.GONE
    return Terminal.OURS if foreground == os.getpgrp() else Terminal.ELSEWHERE


def terminal_hung_up(descriptor: int) -> bool:
    """Whether the terminal open on ``descriptor`` hung up (its window closed): asking its
    modes fails then (EIO), as every use of it does, whether it is this process's
    controlling terminal or not. Never where there are no such modes (Windows)."""
    try:
        import termios
    except ImportError:
        return False
    try:
        termios.tcgetattr(descriptor)
    except termios.error as error:
        return bool(error.args[0] == errno.EIO)
    return False


def leave_the_terminal_behind(descriptor: int) -> None:
    """The terminal (input on ``descriptor``) is gone: point this process's input and output
    where the table's way out neither fails nor waits. Textual's writer thread dies at its
    first failed write, and once its queue is full every write after waits for good (the
    process hung, never to leave); its input thread would spin on a terminal that always
    reads empty."""
    for stream in (sys.__stdout__, sys.__stderr__):
        drop_output(stream)
    # A pipe nothing writes to: reading it waits. Its writing end stays open (the process
    # is leaving): closed, every read would return at once, as from the hung-up terminal.
    silent, _unwritten = os.pipe()
    os.dup2(silent, descriptor)
    os.close(silent)

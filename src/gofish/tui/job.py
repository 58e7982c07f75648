"""Ctrl+Z at the full-screen table stops its whole job, as a shell's own Ctrl+Z does.

The table reads keys raw, so Ctrl+Z reaches it as a key and the terminal sends no SIGTSTP;
Textual's own suspend stops this process only. Under a wrapper in the same job (``make
play``, the README's way in; ``uv run``) the shell then went on waiting for the wrapper,
and the terminal looked hung. The helpers here stop the rest of the job with the table,
and tell, once it runs again, whether the terminal is still there to take back.
"""

from __future__ import annotations

import enum
import errno
import os
import signal
import sys

from gofish.leaving import drop_output
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


def stopped_until_fg(descriptor: int) -> bool:
    """Stop the job until the shell's fg gives it the terminal open on ``descriptor`` again
    (True), or that terminal is gone (False: nobody will bring the job back)."""
    state = terminal_state(descriptor)
    while state is not Terminal.GONE:
        stop_the_job()
        state = terminal_state(descriptor)
        if state is Terminal.OURS:
            return True
        if a_shell_runs_the_job() and job_orphaned():
            # Its shell left (exit) with the job stopped: the system continued it, drops
            # its SIGTSTP from now on and no shell can fg it, so stopping again would spin.
            return False
    return False


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

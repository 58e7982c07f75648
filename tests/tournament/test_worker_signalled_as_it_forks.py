"""A stop signal that reaches a worker as it is forked, before it has its own handlers,
must not run the parent's code in it. The forked worker held the parent's handler (gofish
tournament's, which raises SystemExit) until ``_set_up_worker``; a SIGTERM from the parent
stopping the crew, or a Ctrl-C to the whole group, arriving in the few steps after
``os.fork`` returned and before multiprocessing's ``try`` raised there, outside the code
that ends a child with ``os._exit``. The child then unwound the parent's stack: its
``finally`` blocks and exit path ran a second time, in the worker. (Under pytest-xdist the
worker was a copy of a test process, which reported a test twice and stopped the run
with an INTERNALERROR.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="workers are forked")

# The parent's handler, as gofish tournament's; the signal sent by the child to itself at
# once after the fork: the worst moment, made certain.
SCRIPT = """
import multiprocessing, os, signal, sys, time
from gofish.tournament import run

parent = os.getpid()

def where():
    return "the worker" if os.getpid() != parent else "the parent"

def stopped(number, frame):
    raise SystemExit(f"the parent's handler ran in {where()}")

signal.signal(signal.SIGNAME, stopped)
real_fork = os.fork

def fork_then_signalled():
    pid = real_fork()
    if pid == 0:
        os.kill(os.getpid(), signal.SIGNAME)
    return pid

os.fork = fork_then_signalled
try:
    worker = run._Worker(multiprocessing.get_context("fork"), [])
    worker.finish()  # no task: a worker that stopped on the signal has ended already
    worker.tell_to_stop()
    worker.stop(time.monotonic() + 5)
finally:
    print("parent's cleanup in", where(), flush=True)
"""


@pytest.mark.parametrize("name", ["TERM", "HUP", "INT"])
def test_a_stop_as_a_worker_is_forked_runs_none_of_the_parents_code_in_it(
        tmp_path: Path, name: str) -> None:
    script = tmp_path / "fork_window.py"
    script.write_text(SCRIPT.replace("NAME", name))
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=60)
    assert "in the worker" not in ran.stdout + ran.stderr, ran.stdout + ran.stderr
    assert ran.stdout.splitlines() == ["parent's cleanup in the parent"], ran.stdout
    assert ran.returncode == 0, ran.stderr

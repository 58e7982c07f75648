"""``gofish rooms`` and ``gofish serve`` whose address cannot be written: one line, status 1.

Started with standard output closed (``>&-``), both ended in a traceback from uvicorn's
log set-up (it asks standard output whether it is a terminal). Writing the address of
``gofish rooms`` to a full disk logged uvicorn's lifespan traceback before the command's
own line, for its address is written once the server serves.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = ["rooms", "serve"]


def run_server(command: str, tmp_path: Path, stdout: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gofish", command, "--port", "0",
         "--database", str(tmp_path / f"{command}.sqlite3")],
        stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, text=True,
        timeout=60, env=_env(tmp_path))


def _env(tmp_path: Path) -> dict[str, str]:
    # The rooms of serve's table on a file of the test's own, not the person's.
    return {**os.environ, "GOFISH_ROOMS_DB": str(tmp_path / "rooms-of-serve.sqlite3")}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_server_started_with_standard_output_closed_says_so(
        command: str, tmp_path: Path) -> None:
    done = subprocess.run(  # `gofish COMMAND >&-`: Python starts with sys.stdout None
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "gofish", command,
         "--port", "0", "--database", str(tmp_path / f"{command}.sqlite3")],
        stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
        env=_env(tmp_path))
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"gofish {command}: standard output is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_server_whose_address_cannot_be_written_stops_in_one_line(
        command: str, tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run_server(command, tmp_path, full)
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"gofish {command}: No space left on device\n"

"""What every gofish command does with its standard output when that fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("asked", [["--help"], ["--version"], ["play", "--help"]])
def test_help_to_a_full_disk_is_an_error_not_a_silent_success(asked: list[str]) -> None:
    # argparse dropped the failed write, and the command exited 0 having printed nothing.
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "gofish", *asked], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == "gofish: No space left on device\n"


def test_help_into_a_pipe_closed_early_is_quiet() -> None:
    reader = subprocess.Popen([sys.executable, "-m", "gofish", "tournament", "--help"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # as `| head -0` would, before a word is read
    error = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 0 and error == ""

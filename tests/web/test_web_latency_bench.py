"""bench/web_latency.py reads its command line like the other benchmarks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WEB_LATENCY = Path(__file__).resolve().parents[2] / "bench" / "web_latency.py"


def test_help_prints_the_usage_instead_of_a_traceback() -> None:
    done = subprocess.run([sys.executable, str(WEB_LATENCY), "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage: web_latency.py" in done.stdout and "[games]" in done.stdout


def test_a_games_count_that_is_not_a_number_is_refused_in_one_line() -> None:
    done = subprocess.run([sys.executable, str(WEB_LATENCY), "many"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'many' is not a whole number" in done.stderr

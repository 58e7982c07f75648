"""bench/env_speed.py measures the three learning environments side by side."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "env_speed.py"


def test_each_round_gives_three_rates_as_ratios_to_gofish_env() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--seconds", "0.1", "--rounds", "2",
                           "--rules", "nordic", "--players", "3"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rounds = [line for line in done.stdout.splitlines() if line.startswith("round ")]
    assert len(rounds) == 2 and "nordic, 3 players" in done.stdout
    for line in rounds:
        rates = re.findall(r"([\w.() ]+?) ([\d,]+) steps/s \(([\d.]+)\)", line)
        assert [name.split(": ")[-1].strip("; ") for name, _, _ in rates] == [
            "GoFishEnv", "gymnasium.make", "pettingzoo env()"]
        assert rates[0][2] == "1.00" and all(int(r.replace(",", "")) > 0 for _, r, _ in rates)

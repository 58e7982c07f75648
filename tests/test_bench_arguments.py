"""The scripts under bench/ refuse a count or a time they cannot measure, in one line.

Each case used to end in a traceback after the work (no median of no samples, a division
by zero games), or to print a table of zeros as if it were a result (``--seconds 0``).
Now each is refused before any work with argparse's status 2, as gofish's commands are.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"

REFUSED = [
    (["engine_speed.py", "--seconds", "0"], "--seconds: must be more than 0 seconds, not 0"),
    (["engine_speed.py", "--seconds", "nan"], "--seconds: must be more than 0 seconds, not nan"),
    (["engine_speed.py", "--rounds", "0"], "--rounds: must be at least 1, not 0"),
    (["bulk_speed.py", "--seconds", "-1"], "--seconds: must be more than 0 seconds, not -1"),
    (["bulk_speed.py", "--rounds", "0"], "--rounds: must be at least 1, not 0"),
    (["bot_games_speed.py", "--rounds", "0"], "--rounds: must be at least 1, not 0"),
    (["bot_games_speed.py", "--before", "/no/such/python"],
     "--before: no interpreter at /no/such/python"),
    (["long_game_views.py", "--asks", "0"], "--asks: must be at least 1, not 0"),
    (["env_speed.py", "--seconds", "0"], "--seconds: must be more than 0 seconds, not 0"),
    (["env_speed.py", "--rounds", "0"], "--rounds: must be at least 1, not 0"),
    (["storage_speed.py", "--games", "0"], "--games: must be at least 1, not 0"),
    (["storage_speed.py", "--games", "-3"], "--games: must be at least 1, not -3"),
    (["recover_speed.py", "--games", "0"], "--games: must be at least 1, not 0"),
    (["play_startup.py", "--runs", "0"], "--runs: must be at least 1, not 0"),
    (["web_latency.py", "0"], "games: must be at least 1, not 0"),
    (["bot_latency.py", "--decisions", "0"], "--decisions: must be at least 1, not 0"),
    (["bot_latency.py", "--bots", "nosuch"], "--bots: unknown bot 'nosuch'"),
    (["belief_calibration.py", "--deals", "0"], "--deals: must be at least 1, not 0"),
    (["belief_calibration.py", "--opponent", "nosuch"], "--opponent: unknown bot 'nosuch'"),
    (["strength.py", "--games-with", "ismcts"], "--games-with: 'ismcts' is not BOT=N"),
    (["strength.py", "--games-with", "ismcts=0"], "--games-with: must be at least 1, not 0"),
    (["strength.py", "--games", "0"], "--games: must be at least 1, not 0"),
    (["strength.py", "--jobs", "0"], "--jobs: must be at least 1, not 0"),
    (["room_reload.py", "--games", "0"], "--games: must be at least 1, not 0"),
    (["room_reload.py", "--rounds", "0"], "--rounds: must be at least 1, not 0"),
    (["interval_coverage.py", "--runs", "0"], "--runs: must be at least 1, not 0"),
    (["interval_coverage.py", "--truth-games", "50"],
     "--truth-games: at least 10,000 games make the truth, not 50"),
    (["interval_coverage.py", "--bots", "emma"], "a tournament needs at least two bots"),
]


def bench(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    script, *rest = arguments
    return subprocess.run([sys.executable, str(BENCH / script), *rest], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize(("arguments", "message"),
                         [pytest.param(*case, id=" ".join(case[0])) for case in REFUSED])
def test_an_unmeasurable_argument_is_refused_before_any_work(arguments: list[str],
                                                             message: str) -> None:
    done = bench(arguments)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert message in done.stderr
    assert done.stdout == ""  # no header, no figures: nothing was measured


def test_strength_passes_on_the_tournaments_refusal_of_a_bot() -> None:
    done = bench(["strength.py", "--games", "10", "--bots", "nosuch", "emma"])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "gofish tournament: unknown bot 'nosuch'" in done.stderr


def test_strength_passes_on_the_tournaments_refusal_of_a_table_size() -> None:
    done = bench(["strength.py", "--games", "10", "--players", "9", "--bots", "random", "emma"])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "9 players cannot play" in done.stderr


def test_install_hints_name_an_install_that_keeps_the_compiled_core() -> None:
    # An editable install (pip install -e) swaps in the pure core, so a hint that led to
    # one would halve the engine figures it was meant to complete.
    hints = [(script.name, line.strip()) for script in sorted(BENCH.glob("*.py"))
             for line in script.read_text(encoding="utf-8").splitlines() if "pip install" in line]
    assert hints, "the bench scripts say how to install what they miss"
    assert [hint for hint in hints if "pip install -e" in hint[1]] == []


NO_VALUE = [("engine_speed.py", "--seconds"), ("bulk_speed.py", "--seconds"),
            ("bot_games_speed.py", "--rounds"), ("long_game_views.py", "--asks"),
            ("env_speed.py", "--seconds"), ("storage_speed.py", "--games"),
            ("play_startup.py", "--runs"),
            ("bot_latency.py", "--decisions"), ("belief_calibration.py", "--deals"),
            ("strength.py", "--games"), ("room_reload.py", "--games"),
            ("paired.py", "--deals"), ("rooms_load.py", "--games"), ("server_soak.py", "--games")]


@pytest.mark.parametrize(("script", "option"), NO_VALUE, ids=" ".join)
def test_an_option_given_the_end_of_options_as_its_value_is_refused_in_words(
        script: str, option: str) -> None:
    # argparse handed such a script [] for '--seconds=--', and the run ended in a TypeError
    # (or took the default), where gofish's own commands say what was wrong.
    done = bench([script, f"{option}=--"])
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert f"argument {option}: '--' cannot be its value, as it ends the options" in done.stderr


@pytest.mark.parametrize(("script", "option"), [
    ("bulk_speed.py", "--seconds"),  # bench's own type for a time
    ("paired.py", "--deals"),  # Python's int
], ids=str)
def test_a_numeric_option_followed_by_another_is_told_it_takes_a_number(
        script: str, option: str) -> None:
    # It was told to write a value that starts with '-' joined ("--seconds=-x"), which is
    # no number either: a negative number is taken as its value already.
    done = bench([script, option, "--rounds", "1"])
    assert done.returncode == 2, done.stderr
    assert (f"argument {option}: expected one argument; it takes a number, as in {option} N"
            in done.stderr)

"""The scripts under bench/ read seeds and counts as gofish's commands do, and refuse in one line.

They read ``--seed`` and counts such as ``--deals`` with Python's ``int``: ``--seed -1`` ran
on (seeding random streams as 1 does, or ending in the tournament's refusal after the
header was printed), and ``--deals 10**30`` built a list of that many deals until memory
ran out. Each script's main() is run here in-process, with the words typed after it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
HUGE = str(10**30)


@pytest.fixture(autouse=True)
def bench_on_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """bench/ importable as when a script is run: its scripts import ``_args`` beside them."""
    monkeypatch.syspath_prepend(str(BENCH))
    yield


def script(name: str) -> ModuleType:
    return importlib.import_module(name)


def refusal(name: str, words: list[str], monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> str:
    """What the script ``name`` says, run with ``words``, which it must refuse with status 2
    and nothing on standard output."""
    monkeypatch.setattr(sys, "argv", [f"{name}.py", *words])
    with pytest.raises(SystemExit) as stopped:
        script(name).main()
    said = capsys.readouterr()
    assert stopped.value.code == 2, said.err
    assert said.out == ""  # no header, no figures: nothing was run
    lines = said.err.splitlines()
    assert len(lines) == 1, said.err  # one line, no traceback
    return lines[0]


SEEDS = ["paired", "bot_latency", "room_reload", "strength"]


def bots_for(name: str) -> list[str]:
    return ["emma", "random"] if name == "paired" else []


@pytest.mark.parametrize("name", SEEDS)
def test_a_negative_seed_is_refused_as_gofish_tournament_refuses_it(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(name, [*bots_for(name), "--seed", "-1"], monkeypatch, capsys)
    assert said == (f"{name}.py: argument --seed: must not be negative, not -1 "
                    f"(see {name}.py --help)")


@pytest.mark.parametrize("name", SEEDS)
def test_a_seed_past_64_bits_is_refused(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(name, [*bots_for(name), f"--seed={2**64}"], monkeypatch, capsys)
    assert f"argument --seed: must be at most {2**64 - 1} (64 bits), not {2**64}" in said


@pytest.mark.parametrize("name", SEEDS)
def test_a_seed_in_other_digits_is_refused_as_by_gofish(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # int() reads '٣' as 3; gofish's commands take the digits 0-9 only
    said = refusal(name, [*bots_for(name), "--seed", "٣"], monkeypatch, capsys)
    assert "argument --seed: '٣' uses the digit '٣': numbers take the digits 0-9 only" in said


def test_paired_refuses_more_deals_than_a_seed_has(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal("paired", ["emma", "random", "--deals", HUGE], monkeypatch, capsys)
    assert f"argument --deals: must be at most 1,000,003, not {HUGE}" in said
    assert script("paired").DEAL_STRIDE == 1_000_003  # the deals of the next seed start there


@pytest.mark.parametrize(("words", "said"), [
    (["--deals", "1"], "argument --deals: must be at least 2, not 1"),
    (["--deals", "-5"], "argument --deals: must be at least 1, not -5"),
    (["--deals", "ten"], "argument --deals: 'ten' is not a whole number"),
    (["--jobs", "0"], "argument --jobs: must be at least 1, not 0"),
    (["--jobs", HUGE], "argument --jobs: must be at most"),
], ids=" ".join)
def test_paired_refuses_each_count_in_its_own_words(
        words: list[str], said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # It said "--deals must be at least 2 and --jobs at least 1" of either, and let
    # --jobs 10**6 fork until the system refused.
    assert said in refusal("paired", ["emma", "random", *words], monkeypatch, capsys)


@pytest.mark.parametrize(("name", "words", "said"), [
    ("engine_speed", ["--rounds", HUGE],
     f"argument --rounds: must be at most 1,000,000,000, not {HUGE}"),
    ("bot_latency", ["--decisions", HUGE], "argument --decisions: must be at most 1,000,000,000"),
    ("strength", ["--jobs", HUGE], "argument --jobs: must be at most"),
    ("env_speed", ["--players", "two"], "argument --players: needs a whole number, not 'two'"),
    ("interval_coverage", ["--players", "٣"], "argument --players: '٣' uses the digit '٣'"),
    ("interval_coverage", ["--runs=--"], "argument --runs: '--' cannot be its value"),
    ("rooms_load", ["--games", "2001"], "argument --games: must be at most 2,000, not 2001"),
    ("rooms_load", ["--think", "nan"], "--think: must be from 0 to 86,400 seconds, not nan"),
    ("rooms_load", ["--warmup", "-1"], "--warmup: must be from 0 to 86,400 seconds, not -1"),
    ("rooms_load", ["--seconds", "601"], "argument --seconds: must be at most 600, not 601"),
    ("server_soak", ["--idle", "inf"], "--idle: must be from 0 to 86,400 seconds, not inf"),
    ("server_soak", ["--slow", "-1"], "argument --slow: must not be negative, not -1"),
    ("server_soak", ["--batches", "0"], "argument --batches: must be at least 1, not 0"),
    ("server_soak", ["--games", HUGE], "argument --games: must be at most 1,000,000,000"),
], ids=lambda part: " ".join(part) if isinstance(part, list) else part)
def test_every_script_reads_its_numbers_as_gofish_does(
        name: str, words: list[str], said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert said in refusal(name, words, monkeypatch, capsys)


@pytest.mark.parametrize("name", ["paired", "strength"])
def test_an_unknown_rule_set_is_refused_before_any_game(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # paired.py ended in a traceback from its first deal; strength.py printed its header,
    # then passed on the tournament's refusal.
    said = refusal(name, [*bots_for(name), "--rules", "nosuch"], monkeypatch, capsys)
    assert said == (f"{name}.py: argument --rules: unknown preset 'nosuch': choose classic, "
                    f"bicycle or nordic (see {name}.py --help)")

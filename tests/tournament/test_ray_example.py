"""The Ray example merges to the same result as one machine (runs only where ray is installed)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

EXAMPLE = Path(__file__).parents[2] / "examples" / "ray_tournament.py"


def load_example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("ray_tournament", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shards_played_by_the_example_function_merge_to_the_whole() -> None:
    # The per-shard function needs no Ray: check it, and the merge, on this machine.
    from gofish.tournament import merge_results

    example = load_example()
    parts = [example.play_shard(["emma", "random"], "classic", 2, 80, 3, i, 2) for i in range(2)]
    whole = summary(run_tournament(Plan(make_rules("classic"), 2, 3, ("emma", "random"), 80)))
    assert merge_results(parts)["totals"] == whole["totals"]


def test_on_ray() -> None:
    # In a process of its own: Ray leaves threads behind even after ray.shutdown(), and a
    # tournament forking its workers from this process then hung in a child that had
    # inherited one of their locks (the suite stopped dead under pytest-xdist).
    pytest.importorskip("ray")
    played = subprocess.run(
        [sys.executable, str(EXAMPLE), "emma", "random", "--games", "80", "--seed", "3",
         "--shards", "2", "--cpus-per-shard", "1"],
        capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert played.returncode == 0, played.stderr[-2000:]
    result = json.loads(played.stdout)
    whole = summary(run_tournament(Plan(make_rules("classic"), 2, 3, ("emma", "random"), 80)))
    assert result["totals"] == whole["totals"]


def test_a_shard_plays_on_the_cores_its_task_reserved(monkeypatch: pytest.MonkeyPatch) -> None:
    # Left to its default, every shard's run_tournament forked a worker per core of the
    # machine, whatever Ray had given the task: cores × cores processes.
    import gofish.tournament as tournament

    example = load_example()
    asked: list[int | None] = []
    real = tournament.run_tournament

    def counting(plan: Plan, jobs: int | None = None, **kwargs: object) -> object:
        asked.append(jobs)
        return real(plan, jobs=jobs)

    monkeypatch.setattr(tournament, "run_tournament", counting)
    example.play_shard(["emma", "random"], "classic", 2, 20, 3, 0, 2)
    example.play_shard(["emma", "random"], "classic", 2, 20, 3, 1, 2, "rotate", 3)
    assert asked == [1, 3]


def test_the_example_plays_every_order_around_the_table_when_asked() -> None:
    # It had no --seatings: a run with more than two players could not be played as
    # gofish tournament --seatings all plays it.
    from gofish.tournament import merge_results

    example = load_example()
    bots = ["emma", "random", "counter"]
    parts = [example.play_shard(bots, "nordic", 3, 24, 3, i, 2, "all") for i in range(2)]
    plan = Plan(make_rules("nordic"), 3, 3, tuple(bots), 24, seatings="all")
    merged = merge_results(parts)
    assert merged["seatings"] == "all"
    assert merged["totals"] == summary(run_tournament(plan))["totals"]

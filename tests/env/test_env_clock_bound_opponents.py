"""The env's docs said ``reset(seed=s)`` gives "the same game and bot play every time", with
no exception: an ``ismcts`` opponent stops thinking at its wall-clock budget (``seconds``),
so on a busy machine it plays another game from the same seed (an ismcts-quick opponent
did, from one process to the next, while the suite ran). They now say so, and how to make
it repeatable, as docs/tournament.md ("Determinism") does for tournaments."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tournament.test_clock_budget import _slow_clock as slow_clock

import gofish.env
from gofish.bots import ismcts
from gofish.env import GoFishEnv


def _game(opponent: str, seed: int) -> list[object]:
    env = GoFishEnv("classic", players=2, opponents=[opponent])
    _, info = env.reset(seed=seed)
    done = info["winners"] is not None
    while not done:
        _, _, terminated, truncated, info = env.step(info["legal"][0])
        done = terminated or truncated
    return list(env.view().history)


@pytest.mark.parametrize(("spec", "repeatable"), [
    ("ismcts:iterations=2:seconds=1.5", False),  # the budget binds on the busy machine only
    ("ismcts:iterations=2:seconds=3600", True),  # iterations alone decide
])
def test_a_clock_bound_opponent_makes_a_seed_depend_on_the_machine(
        monkeypatch: pytest.MonkeyPatch, spec: str, repeatable: bool) -> None:
    quiet = _game(spec, 0)
    monkeypatch.setattr(ismcts, "_clock", slow_clock())
    busy = _game(spec, 0)
    assert (busy == quiet) is repeatable


def test_the_docs_say_so() -> None:
    docstring = " ".join((gofish.env.__doc__ or "").split())
    assert "ismcts:seconds=3600" in docstring and "the same seed can give another game" in (
        docstring)
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert "a training run can be repeated (`ismcts` and `ismcts-quick` stop thinking" in readme
    assert "`ismcts:seconds=3600` to make them repeatable" in readme

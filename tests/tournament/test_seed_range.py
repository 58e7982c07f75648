"""A tournament's master seed is at most 64 bits: the deals use only the low 64 bits of a
seed, so a larger one replays a smaller seed's games under another number, and pooling the
two (which refuses only a seed given twice) counted the same games twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.sim.rng import deal_cards
from gofish.tournament import Plan
from gofish.tournament.plan import MAX_SEED, TournamentError

TOO_BIG = MAX_SEED + 2  # deals as seed 1 does


def test_a_seed_past_64_bits_would_deal_the_games_of_a_smaller_one() -> None:
    assert deal_cards(TOO_BIG, 0, 2) == deal_cards(1, 0, 2)  # why it must be refused


def test_the_command_refuses_a_seed_past_64_bits_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", str(TOO_BIG)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"gofish tournament: --seed must be at most {MAX_SEED} (64 bits), "
                            f"not {TOO_BIG}\n")


def test_the_largest_seed_still_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", str(MAX_SEED),
                 "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == MAX_SEED


def test_a_plan_refuses_a_seed_past_64_bits() -> None:
    with pytest.raises(TournamentError, match="seed must be a whole number from 0 to"):
        Plan(make_rules("classic"), 2, TOO_BIG, ("random", "emma"), 2)


def test_pooling_refuses_a_stored_result_whose_seed_is_past_64_bits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    paths = []
    for name in ("one", "alias"):
        assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1",
                     "--jobs", "1", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        if name == "alias":
            result["seed"] = TOO_BIG  # the same games, as an older gofish let them be numbered
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(result))
    assert main(["tournament-merge", "--pool", *map(str, paths)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"gofish tournament-merge: {paths[1]} is not a tournament "
                                   "JSON result: seed must be a whole number from 0 to ")

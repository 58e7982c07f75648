"""A result in which some bot had none of its games played out is no result (exit 1), also
when that bot forfeited only some of them: two copies of one broken program each win the
games the other fails first, and gave a normal-looking table with exit 0. docs/tournament.md:
"its figures are only forfeits, and a script that checks the exit code should not take them
for a result"."""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from tests.tournament.failing_programs import hello_then_exit_command

from gofish.bots import base, register_bot
from gofish.cli import main
from gofish.core import Ask, View, make_rules
from gofish.tournament import Plan, TournamentError, merge_results, run_tournament, summary
from gofish.tournament.report import check_result
from gofish.tournament.tally import Tally


class Raises:
    name = "raises"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        raise RuntimeError("broken")


@pytest.fixture
def raises(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    register_bot("raises", Raises, "raises at its first ask")
    return "raises"


def test_two_copies_of_a_broken_program_are_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The report's case was `echo hi` (refused now: it never says hello): a program that
    # starts, then exits before each game, every game forfeited.
    table = tmp_path / "table.csv"
    broken = hello_then_exit_command()
    assert main(["tournament", broken, broken, "--games", "4", "--seed", "1",
                 "--jobs", "1", "--json", "--csv", str(table)]) == 1
    captured = capsys.readouterr()
    rows = json.loads(captured.out)["bots"]
    assert [row["forfeits"] for row in rows] != [4, 4]  # neither forfeited all by itself
    assert [row["ended_by_forfeit"] for row in rows] == [4, 4]
    for name in (rows[0]["name"], rows[1]["name"]):
        assert f"none of the 4 games of {name} was played out" in captured.err
    with table.open(encoding="utf-8") as stream:  # the CSV says so too
        assert [row["ended_by_forfeit"] for row in csv.DictReader(stream)] == ["4", "4"]


def test_a_broken_bot_named_twice_among_working_ones_is_named(
    raises: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # raises#1 beats raises#2 whenever #2 asks first: not all its own forfeits, yet not a
    # game of it was played out. random against emma was, and gives a result.
    assert main(["tournament", "random", "emma", raises, raises, "--games", "12", "--seed",
                 "2", "--jobs", "1", "--json"]) == 1
    captured = capsys.readouterr()
    by_name = {row["name"]: row for row in json.loads(captured.out)["bots"]}
    assert by_name["raises#1"]["wins"] > 0 and by_name["raises#1"]["forfeits"] < 6
    assert by_name["raises#1"]["ended_by_forfeit"] == by_name["raises#1"]["games"] == 6
    assert by_name["random"]["ended_by_forfeit"] == 4  # its games against the two raises
    assert "games of raises#1 was played out" in captured.err
    assert "games of raises#2 was played out" in captured.err
    # Only the broken bots are warned about (the failures listed name every table's bots).
    warnings = [line for line in captured.err.splitlines() if line.startswith("gofish tournament")]
    assert len(warnings) == 2 and not any("random" in w or "emma" in w for w in warnings)


def test_games_played_out_give_a_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1", "--jobs", "1",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["bots"]
    assert [row["ended_by_forfeit"] for row in rows] == [0, 0]


def shard_results(specs: tuple[str, ...]) -> list[dict]:
    plans = [Plan(make_rules("classic"), 2, 5, specs, 8, shard, 2) for shard in (0, 1)]
    return [summary(run_tournament(plan, jobs=1)) for plan in plans]


def test_merging_adds_the_games_a_forfeit_ended(raises: str) -> None:
    merged = merge_results(shard_results((raises, raises)))
    assert [row["ended_by_forfeit"] for row in merged["bots"]] == [8, 8]
    assert merged["totals"]["ended_by_forfeit"] == [8, 8]


def test_a_result_stored_before_the_count_merges_to_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Results written before ended_by_forfeit was kept still merge; the merge cannot know
    # it, so says null (not a guess), and the exit code falls back to each bot's own forfeits.
    shards = shard_results(("random", "emma"))
    del shards[0]["totals"]["ended_by_forfeit"]
    merged = merge_results(shards)
    assert "ended_by_forfeit" not in merged["totals"]
    assert [row["ended_by_forfeit"] for row in merged["bots"]] == [None, None]
    files = []
    for number, shard in enumerate(shards):
        files.append(tmp_path / f"shard{number}.json")
        files[-1].write_text(json.dumps(shard))
    assert main(["tournament-merge", *map(str, files), "--csv", str(tmp_path / "t.csv")]) == 0
    assert "ended_by_forfeit" in (tmp_path / "t.csv").read_text()


@pytest.mark.parametrize("ended, wrong", [
    ([1, 4], "fewer games ended by a forfeit than its own forfeits"),
    ([4, 3], "must add up to 2 seats for each forfeit"),
    ([4], "must hold one count per bot"),
])
def test_a_count_no_tournament_gives_is_refused(ended: list[int], wrong: str) -> None:
    tally = Tally(2)
    for _ in range(2):
        tally.add_game((0, 1), (0, 0), 0, failed_seat=0, failure="broken")
        tally.add_game((1, 0), (0, 0), 0, failed_seat=1, failure="broken")
    result = summary_of(tally)
    check_result(result)
    result["totals"]["ended_by_forfeit"] = ended
    with pytest.raises(TournamentError, match=wrong):
        check_result(result)


def summary_of(tally: Tally) -> dict:
    from gofish.tournament.run import Outcome

    plan = Plan(make_rules("classic"), 2, 1, ("random", "emma"), 4)
    return summary(Outcome(plan, tally, 0.0, "engine", 1))


def test_a_tally_counts_every_seat_of_a_forfeited_game() -> None:
    tally = Tally(3)
    tally.add_game((0, 1, 2), (1, 0, 0), 5, failed_seat=2, failure="broken")
    tally.add_game((0, 1, 2), (1, 0, 0), 5)
    assert tally.forfeits == [0, 0, 1] and tally.ended_by_forfeit == [1, 1, 1]
    assert Tally.from_raw(tally.raw()).ended_by_forfeit == [1, 1, 1]

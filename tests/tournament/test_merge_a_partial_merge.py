"""A merge that missed shards can take them later: it records which shards it holds
(docs/tournament.md, "Several machines"). Shards 0 and 1 of 3 merged and saved, then
merged with shard 2, was refused: "sh2.json is shard 2/3, but m01.json is one of 1"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.tournament import TournamentError, merge_results

COMMON = ["random", "emma", "counter", "--games", "60", "--seed", "6"]


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return printed_and_said(capsys, *args)[0]


def printed_and_said(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict, str]:
    """The JSON a command printed, and what it said on stderr."""
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def saved(path: Path, result: dict) -> str:
    path.write_text(json.dumps(result))
    return str(path)


@pytest.fixture
def shards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [saved(tmp_path / f"sh{i}.json", printed(capsys, "tournament", *COMMON, "--shard",
                                                    f"{i}/3")) for i in range(3)]


@pytest.fixture
def partial(tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[str]) -> str:
    result, said = printed_and_said(capsys, "tournament-merge", *shards[:2])
    assert said == "gofish tournament-merge: warning: shard 2 is missing\n"
    return saved(tmp_path / "m01.json", result)


def test_a_partial_merge_takes_the_shard_it_missed(
    capsys: pytest.CaptureFixture[str], shards: list[str], partial: str
) -> None:
    assert json.loads(Path(partial).read_text())["merged_shards"] == {"of": 3, "held": [0, 1]}
    whole = printed(capsys, "tournament", *COMMON)
    merged, said = printed_and_said(capsys, "tournament-merge", partial, shards[2])
    assert said == ""  # nothing missing any more
    assert merged["totals"] == whole["totals"] and merged["bots"] == whole["bots"]
    assert merged["missing_shards"] == [] and merged["merged_shards"]["held"] == [0, 1, 2]
    # In either order, and the whole again is the whole.
    assert printed(capsys, "tournament-merge", shards[2], partial)["totals"] == whole["totals"]


def test_a_shard_the_merge_holds_already_is_refused(
    capsys: pytest.CaptureFixture[str], shards: list[str], partial: str
) -> None:
    assert main(["tournament-merge", partial, shards[1]]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: shard 1/3 is given twice "
                                       f"({shards[1]})\n")


def test_a_partial_merge_saved_before_shards_were_recorded_says_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[str], partial: str
) -> None:
    old = json.loads(Path(partial).read_text())
    del old["merged_shards"]
    old_path = saved(tmp_path / "old.json", old)
    assert main(["tournament-merge", old_path, shards[2]]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {shards[2]} is shard 2/3, but {old_path} is a merge "
        "missing shard 2: a merge saved before merges recorded their shards cannot take "
        "more: merge the original shard files\n")


def test_a_partial_merge_and_its_last_shard_pool_as_one_whole_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[str], partial: str
) -> None:
    other = saved(tmp_path / "seed7.json", printed(capsys, "tournament", *COMMON[:-1], "7"))
    pooled, said = printed_and_said(capsys, "tournament-merge", "--pool", partial, shards[2],
                                    other)
    assert said == ""
    assert [batch["missing_shards"] for batch in pooled["batches"]] == [[], []]
    assert pooled["games"] == 120 and "merged_shards" not in pooled


@pytest.mark.parametrize("change, wrong", [
    ({"merged_shards": {"of": 3, "held": [0, 3]}}, "'merged_shards' must be"),
    ({"merged_shards": {"of": 3, "held": [1, 1]}}, "'merged_shards' must be"),
    ({"merged_shards": {"of": 3, "held": []}}, "'merged_shards' must be"),
    ({"merged_shards": [0, 1]}, "'merged_shards' must be"),
    ({"shard": [1, 3]}, r"'merged_shards' belongs to a merge, whose 'shard' is \[0, 1\]"),
])
def test_a_record_of_held_shards_no_merge_writes_is_refused(
    partial: str, change: dict, wrong: str
) -> None:
    with pytest.raises(TournamentError, match=wrong):
        merge_results([{**json.loads(Path(partial).read_text()), **change}])

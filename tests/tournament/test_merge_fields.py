"""tournament-merge refuses a result with a field missing, naming the file and the field
(docs/tournament.md: "A file that is not such a result (... a field missing or of the wrong
kind ...) is refused with its name and the first thing wrong with it"). A result without
"engine" passed the checks and ended in a KeyError traceback when the table was printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, TournamentError, merge_results, run_tournament, summary


@pytest.fixture(scope="module")
def shards() -> list[dict]:
    plans = [Plan(make_rules("classic"), 2, 3, ("random", "emma"), 8, shard, 2)
             for shard in (0, 1)]
    return [summary(run_tournament(plan, jobs=1)) for plan in plans]


def saved(tmp_path: Path, shards: list[dict]) -> list[str]:
    paths = []
    for number, shard in enumerate(shards):
        path = tmp_path / f"shard{number}.json"
        path.write_text(json.dumps(shard))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("field, wrong", [
    ("engine", "'engine' is missing (one of sim, engine, mixed)"),
    (None, "'engine' must be one of sim, engine, mixed, not null"),
])
def test_a_result_without_its_engine_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[dict],
    field: str | None, wrong: str,
) -> None:
    first = dict(shards[0])
    if field:
        del first[field]
    else:
        first["engine"] = None
    paths = saved(tmp_path, [first, shards[1]])
    assert main(["tournament-merge", *paths]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: {paths[0]} is not a "
                                       f"tournament JSON result: {wrong}\n")


@pytest.mark.parametrize("output", [[], ["--json"], ["--pool"], ["--csv", "t.csv"]])
def test_no_field_missing_from_either_file_ends_in_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[dict],
    monkeypatch: pytest.MonkeyPatch, output: list[str],
) -> None:
    # Every field, from the first file (whose plan the merge keeps) and from the second:
    # merged and shown, or refused naming the file; never an exception out of main.
    monkeypatch.chdir(tmp_path)
    for which in (0, 1):
        for field in shards[which]:
            parts = [dict(shard) for shard in shards]
            del parts[which][field]
            paths = saved(tmp_path, parts)
            code = main(["tournament-merge", *paths, *output])
            err = capsys.readouterr().err
            # Without its split, a shard reads as one written before results said it.
            refused = "is not a tournament JSON result: " if field != "shard_split" else (
                "was written by an older gofish")
            assert code == 0 or (code == 2 and f"{paths[which]} {refused}" in err), (
                which, field, err)


@pytest.mark.parametrize("field, value, wrong", [
    ("players", True, "'players' must be a whole number from 2, not true"),
    ("players", None, "'players' must be a whole number from 2, not null"),
    ("seed", None, "'seed' must be a whole number from 0, not null"),
    ("games_asked", False, "'games_asked' must be a whole number from 1 to 1,000,000,000, "
                           "not false"),
    ("shard", None, "'shard' must be [I, N] with 0 <= I < N, not null"),
    ("seconds", True, "'seconds' must be a number from 0, not true"),
    ("failure_count", None, "'failure_count' must be a whole number from 0, not null"),
    ("missing_shards", None, "'missing_shards' must be a list of shard numbers, not null"),
    # Within a list or an object too: they read [0, None] and {'held': None}.
    ("shard", [0, None], "'shard' must be [I, N] with 0 <= I < N, not [0, null]"),
    ("seed", [1, None], "'seed' must be a whole number from 0, not [1, null]"),
    ("missing_shards", [True], "'missing_shards' must be a list of shard numbers, not [true]"),
])
def test_a_wrong_field_is_quoted_as_the_file_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shards: list[dict],
    field: str, value: object, wrong: str,
) -> None:
    # The file says true and null: it was told True and None, Python's words for them,
    # while 'engine' (above) and the records' fields were already quoted as JSON.
    paths = saved(tmp_path, [{**shards[0], field: value}, shards[1]])
    assert main(["tournament-merge", *paths]) == 2
    assert f"{paths[0]} is not a tournament JSON result: {wrong}" in capsys.readouterr().err


@pytest.mark.parametrize(("results", "kind"), [(5, "an int"), ({"rules": "classic"}, "a dict")])
def test_results_not_a_list_are_named_with_their_article(results: object, kind: str) -> None:
    # merge_results(5) said "not a int".
    with pytest.raises(TournamentError) as refused:
        merge_results(results)  # type: ignore[arg-type]
    assert str(refused.value).endswith(f"(one result: [result]), not {kind}")

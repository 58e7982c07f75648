"""The tournament's Python entry points and the Ray example refuse bad arguments with a
TournamentError (or, for the example, one line and exit status 2) saying what is wrong,
never a TypeError or KeyError from deep inside."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable

import pytest
from tests.example_modules import load_example

from gofish.core import make_rules
from gofish.protocol import ExternalBot
from gofish.tournament import (
    Plan,
    Tally,
    TournamentError,
    entrant_names,
    merge_results,
    parse_shard,
    pool_results,
    run_tournament,
    summary,
    tables,
)

PLAN = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 10)


@pytest.mark.parametrize("jobs", [0, -1, "2", 1.5, True])
def test_jobs_that_are_not_a_count_of_workers_are_refused(jobs: object) -> None:
    # 0 and -1 (joblib's "every core") silently became one worker or every core; "2" was
    # a TypeError comparing text with a number.
    with pytest.raises(TournamentError, match="jobs must be a whole number from 1"):
        run_tournament(PLAN, jobs=jobs)  # type: ignore[arg-type]


def test_a_numpy_count_of_jobs_plays() -> None:
    np = pytest.importorskip("numpy")
    assert summary(run_tournament(PLAN, jobs=np.int64(1)))["games"] == 10


@pytest.mark.parametrize(("bad", "why"), [
    (None, "it is not a JSON object"),
    ("shard.json", "it is not a JSON object"),
    ({}, "'bots' must list two or more bots"),
])
def test_merging_or_pooling_what_is_not_a_result_names_it(bad: object, why: str) -> None:
    good = summary(run_tournament(PLAN, jobs=1))
    for combine in (merge_results, pool_results):
        with pytest.raises(TournamentError, match=f"b.json is not a tournament JSON result: {why}"):
            combine([good, bad], labels=["a.json", "b.json"])  # type: ignore[list-item]
    incomplete = {key: value for key, value in good.items() if key != "totals"}
    with pytest.raises(TournamentError, match="shard 1 is not a tournament JSON result: 'totals'"):
        merge_results([incomplete])  # was KeyError: 'totals'


def run_example(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    example = load_example("ray_tournament")
    monkeypatch.setattr(sys, "argv", ["ray_tournament.py", *args])
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",  # as on a machine without ray
                        lambda name, *rest: None if name == "ray" else find_spec(name, *rest))
    return int(example.main())


def test_the_ray_example_without_ray_says_so_instead_of_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_example(monkeypatch, "emma", "random", "--games", "20", "--shards", "2") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("ray_tournament.py: ray is not installed: pip install ray")
    assert "gofish tournament-merge" in captured.err


@pytest.mark.parametrize(("args", "why"), [
    (["emma", "nobody"], "unknown bot 'nobody'"),
    (["emma", "random", "--shards", "0"], "shards must be a whole number from 1"),
    (["emma", "random", "--rules", "chess"], "unknown preset 'chess'"),
])
def test_the_ray_example_refuses_a_bad_tournament_before_starting_ray(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], why: str) -> None:
    assert run_example(monkeypatch, *args) == 2
    assert why in capsys.readouterr().err


@pytest.mark.parametrize(("args", "why"), [
    (["--games", "-1e3"], "argument --games: needs a whole number, not '-1e3'"),
    (["--seed", "-inf"], "argument --seed: needs a whole number, not '-inf'"),
    (["--shards", "1.5"], "argument --shards: needs a whole number, not '1.5'"),
])
def test_the_ray_example_refuses_a_number_that_is_not_whole_as_gofish_tournament_does(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], why: str) -> None:
    # '--games -1e3' was argparse's 'expected one argument', as if no value were given.
    with pytest.raises(SystemExit) as stopped:
        run_example(monkeypatch, "emma", "random", *args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err == f"ray_tournament.py: {why} (see ray_tournament.py --help)\n"


@pytest.mark.parametrize("specs", [None, 7])
def test_a_plan_without_a_list_of_bots_says_so(specs: object) -> None:
    # None was "TypeError: 'NoneType' object is not iterable" from inside the dataclass.
    with pytest.raises(TournamentError, match="specs must be a list of bot names"):
        Plan(make_rules("classic"), 2, 1, specs, 10)  # type: ignore[arg-type]


def test_a_plan_takes_its_bots_from_a_generator_once() -> None:
    plan = Plan(make_rules("classic"), 2, 1, (name for name in ("Emma", "random")), 10)
    assert plan.specs == ("emma", "random")


def test_a_plan_refuses_rules_that_cannot_be_played_at_its_table() -> None:
    # As the command line does, before any game: the plan was made, and run_tournament
    # failed later with another kind of error (MalformedInputError).
    with pytest.raises(TournamentError, match="cannot deal 13 cards to each of 5 players"):
        Plan(make_rules("classic", hand_size=13), 5, 1, ("emma", "random"), 10)


@pytest.mark.parametrize("fast", [0, 1, "no", 1.0])
def test_fast_that_is_not_true_false_or_none_is_refused(fast: object) -> None:
    # fast=0 or "no" was read as None: the simulator played when the engine was asked for.
    with pytest.raises(TournamentError, match="fast must be True, False or None"):
        run_tournament(PLAN, jobs=1, fast=fast)  # type: ignore[arg-type]


def test_a_numpy_flag_for_fast_is_a_flag() -> None:
    np = pytest.importorskip("numpy")
    assert run_tournament(PLAN, jobs=1, fast=np.False_).engine == "engine"


@pytest.mark.parametrize("name", ["progress", "notice"])
def test_a_progress_or_notice_that_cannot_be_called_is_refused_up_front(name: str) -> None:
    # progress=3 was a TypeError once the games were prepared.
    with pytest.raises(TournamentError, match=f"{name} must be a function or None, not 3"):
        run_tournament(PLAN, jobs=1, **{name: 3})  # type: ignore[arg-type]


def test_more_jobs_than_the_machine_takes_are_refused_as_on_the_command_line() -> None:
    # From Python, jobs=100000 started a process per chunk of eight games (the command
    # line has refused that since its own check).
    from gofish.tournament.run import max_jobs

    with pytest.raises(TournamentError, match=f"jobs must be a whole number from 1 to "
                                              f"{max_jobs()}, not 100000"):
        run_tournament(PLAN, jobs=100_000)


def test_run_tournament_wants_a_plan() -> None:
    with pytest.raises(TournamentError, match="plan must be a Plan, not 'classic'"):
        run_tournament("classic")  # type: ignore[arg-type]


def test_summary_wants_what_run_tournament_returns() -> None:
    with pytest.raises(TournamentError, match="summary takes what run_tournament returns"):
        summary(PLAN)  # type: ignore[arg-type]  # was AttributeError: no attribute 'plan'


def test_summary_of_something_else_quotes_it_cut() -> None:
    # A list of 100,000 numbers was written out whole in the message: 688,937 characters.
    with pytest.raises(TournamentError) as refused:
        summary(list(range(100_000)))  # type: ignore[arg-type]
    assert str(refused.value).startswith("summary takes what run_tournament returns, not [0, 1")
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("labels", [["a.json"], ["a.json", "b.json", "c.json"], "ab"])
def test_labels_must_name_each_result_once(labels: object) -> None:
    # One label for two results was an IndexError; "ab" named them "a" and "b".
    good = summary(run_tournament(PLAN, jobs=1))
    for combine in (merge_results, pool_results):
        with pytest.raises(TournamentError, match="labels must"):
            combine([good, good], labels=labels)  # type: ignore[arg-type]


def test_labels_for_one_result_count_it_as_one() -> None:
    good = summary(run_tournament(PLAN, jobs=1))
    for combine in (merge_results, pool_results):
        with pytest.raises(TournamentError) as caught:
            combine([good], labels=["a.json", "b.json"])
        assert str(caught.value) == "labels must name each result once: 2 for 1 result"


def test_one_result_instead_of_a_list_of_them_is_named_as_such() -> None:
    # It was read as the list of its keys: "shard 1 is not a tournament JSON result: it is
    # not a JSON object", of a result that was one.
    good = summary(run_tournament(PLAN, jobs=1))
    for combine in (merge_results, pool_results):
        with pytest.raises(TournamentError, match=r"a list of tournament results \(one result: "
                                                  r"\[result\]\), not a dict"):
            combine(good)  # type: ignore[arg-type]


def test_results_and_labels_may_be_generators_as_a_plans_specs_may() -> None:
    # A Plan takes its specs from a generator, but merge_results refused one ("not a
    # generator"): a study writes merge_results(json.load(f) for f in files).
    shards = [Plan(make_rules("classic"), 2, 1, ("emma", "random"), 10, shard, 2)
              for shard in (0, 1)]
    halves = [summary(run_tournament(plan, jobs=1)) for plan in shards]
    listed = merge_results(halves)
    assert listed["games"] == 10
    for combine in (merge_results, pool_results):
        combined = combine(half for half in halves)
        assert combined["games"] == 10 and combined["bots"] == listed["bots"]
        with pytest.raises(TournamentError, match=r"b\.json is not a tournament JSON result"):
            combine(iter([halves[0], {}]), labels=(name for name in ("a.json", "b.json")))
    with pytest.raises(TournamentError, match="nothing to merge"):
        merge_results(half for half in [])


@pytest.mark.parametrize("timeout", [3600.5, 1e12])
def test_a_time_limit_longer_than_the_command_line_allows_is_refused(timeout: float) -> None:
    # 1e12 s reached the first ask of an external bot: an OverflowError from the selector
    # ("timestamp out of range for platform time_t"), not a word about the timeout.
    plan = Plan(make_rules("classic"), 2, 1, ("emma", f"cmd:{sys.executable} -c pass"), 2)
    with pytest.raises(TournamentError, match=r"timeout must be a number of seconds above 0 "
                                              rf"and at most 3600, not {timeout!r}"):
        run_tournament(plan, jobs=1, timeout=timeout)
    with pytest.raises(ValueError, match=r"and at most 3600, not"):  # the bot's own check
        ExternalBot(f"{sys.executable} -c pass", timeout=timeout)


@pytest.mark.parametrize("specs", [(), ("emma",)])
def test_a_plan_of_fewer_than_two_bots_is_refused_when_made(specs: tuple[str, ...]) -> None:
    # It was made, and refused only by run_tournament, from deep in the schedule.
    with pytest.raises(TournamentError, match="a tournament needs at least two bots"):
        Plan(make_rules("classic"), 2, 1, specs, 10)


@pytest.mark.parametrize(("call", "why"), [
    (lambda: tables("a", 2), "entrants must be a whole number, not 'a'"),
    (lambda: tables(3, 2.0), "players must be a whole number from 2 to 5, not 2.0"),
    (lambda: parse_shard(None), "--shard takes I/N as text, e.g. '0/4', not None"),
    (lambda: Tally("x"), "entrants must be a whole number from 0, not 'x'"),
    (lambda: entrant_names(None), "specs must be a list of bot names, not None"),
    (lambda: entrant_names("emma"), "specs must be a list of bot names, not 'emma'"),
    (lambda: entrant_names(["emma", 1]), "specs must be a list of bot names, and 1 is not one"),
])
def test_the_schedule_helpers_name_a_wrong_kind_of_argument(call: Callable[[], object],
                                                             why: str) -> None:
    # Each was a bare TypeError or AttributeError from inside ("'<' not supported between
    # instances of 'str' and 'int'"), or, for a name alone, a list of its letters.
    with pytest.raises(TournamentError) as raised:
        call()
    assert str(raised.value) == why


def test_the_schedule_helpers_take_numpy_whole_numbers() -> None:
    np = pytest.importorskip("numpy")
    assert tables(np.int64(3), np.int64(2)) == [(0, 1), (0, 2), (1, 2)]
    assert Tally(np.int64(2)).games == [0, 0]
    assert entrant_names(("emma", "emma", "random")) == ["emma#1", "emma#2", "random"]


def test_the_default_jobs_are_the_cores_this_process_may_use(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Under taskset or a container's cpuset, os.cpu_count() names every core of the machine:
    # a worker each crowded the one core allowed, and its programs' answers with it.
    import os

    from gofish.tournament.run import max_jobs, usable_cores
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert usable_cores() == 1
    assert max_jobs() == 8  # the floor, not 4 x 64
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 40)  # five chunks of 8
    assert summary(run_tournament(plan, fast=False))["jobs"] == 1


@pytest.mark.parametrize("specs", [{"emma": 2, "random": 1}, {"emma", "random"},
                                   frozenset({"emma", "random"})],
                         ids=["dict", "set", "frozenset"])
def test_bots_named_in_a_mapping_or_a_set_are_refused_as_the_environments_refuse_them(
        specs: object) -> None:
    # A dict was read as its keys, its values (two Emmas?) dropped without a word; a set has
    # no order, so which bot sat where, and the seed's games, changed from run to run
    # (string hashes are salted per process). GoFishEnv's opponents refuse both.
    with pytest.raises(TournamentError, match=r"^specs must be a list of bot names in order, "
                       r"e\.g\. \['emma', 'random'\], not a (dict|set|frozenset) "):
        Plan(make_rules("classic"), 2, 1, specs, 10)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match=r"not a (dict|set|frozenset) "):
        entrant_names(specs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "why"), [
    # "games must be a whole number from 1 to 1,000,000,000, not []": argparse's value
    (["emma", "random", "--games=--"], "argument --games: '--' cannot be its value, as it "
                                       "ends the options"),
    # told to write "--games=-x", for a value nobody typed
    (["emma", "random", "--games"], "argument --games: expected one argument, and nothing "
                                    "follows it"),
    (["--games", "--", "emma", "random"], "argument --games: expected one argument, and "
                                          "'--' cannot be its value, as it ends the options"),
])
def test_the_ray_example_says_what_became_of_a_missing_value_as_gofish_does(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], why: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        run_example(monkeypatch, *args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err == f"ray_tournament.py: {why} (see ray_tournament.py --help)\n"

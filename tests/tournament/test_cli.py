"""``gofish tournament``: JSON shape and arithmetic, determinism, mirroring, shards, bad input."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import sys
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.sim.rng import deal_cards
from gofish.tournament import Plan, merge_results, run_tournament, summary
from gofish.tournament import run as tournament_run
from gofish.tournament.plan import TournamentError
from gofish.tournament.play import make_entrant_bot, play_engine_game
from gofish.tournament.report import print_table
from gofish.tournament.stats import wilson_interval


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["tournament", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object, on one line
    return json.loads(out)


def test_json_shape_and_arithmetic(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(capsys, "random", "emma", "emma", "--games", "60", "--seed", "4",
                      "--jobs", "1", "--no-fast")
    assert result["rules"] == "classic" and result["players"] == 2
    assert result["games"] == 60 and result["seconds"] > 0
    names = [row["name"] for row in result["bots"]]
    assert names == ["random", "emma#1", "emma#2"]
    for row in result["bots"]:
        assert set(row) >= {"name", "games", "wins", "win_rate", "ci95", "elo"}
        assert row["games"] == 40  # each bot meets two others, 20 games each
        assert row["win_rate"] == pytest.approx(row["wins"] / row["games"])
        # 10 deals of 6 games (3 tables, 2 seats), 4 of them each bot's: the deal is the
        # unit, so the interval is no narrower than one of 40 independent games
        assert row["deals"] == 10
        low, high = wilson_interval(row["win_rate"], row["games"])
        assert row["ci95"][0] <= low + 1e-12 and row["ci95"][1] >= high - 1e-12
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    # R10: a two-player classic game cannot tie, so the wins add up to the games.
    assert sum(row["wins"] for row in result["bots"]) == pytest.approx(60)
    assert sum(row["elo"] for row in result["bots"]) == pytest.approx(0, abs=1e-6)
    best = max(result["bots"], key=lambda row: row["elo"])
    assert best["wins"] == max(row["wins"] for row in result["bots"])


def test_shared_wins_count_one_kth(capsys: pytest.CaptureFixture[str]) -> None:
    # Pairs (book size 2) in nordic make ties common: the wins are no longer whole numbers.
    result = run_json(capsys, "random", "emma", "random", "--rules", "nordic", "--players", "3",
                      "--book-size", "2", "--games", "300", "--seed", "8")
    wins = [row["wins"] for row in result["bots"]]
    assert sum(wins) == pytest.approx(result["games"])
    assert any(abs(w * 6 - round(w * 6)) < 1e-9 and w != int(w) for w in wins)
    assert [row["name"] for row in result["bots"]] == ["random#1", "emma", "random#2"]


def test_a_bot_named_twice_plays_itself(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(capsys, "emma", "emma", "--games", "400", "--seed", "2")
    first, second = result["bots"]
    assert (first["name"], second["name"]) == ("emma#1", "emma#2")
    # Mirrored deals: every deal is won once from each seat, so self-play is near 50%.
    assert first["wins"] + second["wins"] == pytest.approx(400)
    assert abs(first["win_rate"] - 0.5) < 0.1


@pytest.mark.parametrize("fast", [True, False])
def test_results_are_identical_for_any_number_of_jobs(fast: bool) -> None:
    plan = Plan(make_rules("bicycle"), 3, 11, ("random", "emma", "emma", "random"),
                240 if fast else 96)
    one = run_tournament(plan, jobs=1, fast=fast)
    two = run_tournament(plan, jobs=2, fast=fast)
    three = run_tournament(plan, jobs=3, fast=fast)
    assert one.tally.raw() == two.tally.raw() == three.tally.raw()
    assert summary(one)["bots"] == summary(three)["bots"]


def test_every_order_around_the_table_on_both_paths(capsys: pytest.CaptureFixture[str]) -> None:
    plan = Plan(make_rules("nordic"), 3, 2, ("emma", "random", "counter"), 60, seatings="all")
    fast = run_tournament(plan, jobs=1, fast=True)
    slow = run_tournament(plan, jobs=2, fast=False)
    assert fast.tally.raw() == slow.tally.raw()
    assert fast.tally.tables == 60 and fast.tally.games == [60, 60, 60]
    result = run_json(capsys, "emma", "random", "emma", "--players", "3", "--seatings", "all",
                      "--games", "12", "--seed", "1")
    assert result["seatings"] == "all" and result["games"] == 12


def test_simulator_and_engine_give_the_same_tournament() -> None:
    plan = Plan(make_rules("classic", lucky_draw=False), 2, 5, ("emma", "random", "emma"), 300)
    fast = run_tournament(plan, jobs=1, fast=True)
    slow = run_tournament(plan, jobs=2, fast=False)
    assert (fast.engine, slow.engine) == ("sim", "engine")
    assert fast.tally.raw() == slow.tally.raw()


def test_each_deal_is_replayed_from_every_seat_with_the_same_deck() -> None:
    plan = Plan(make_rules("classic"), 2, 3, ("emma", "random"), 2)
    games = []
    for rotation in range(2):
        bots = [make_entrant_bot(spec) for spec in ("emma", "random")[rotation:] +
                ("emma", "random")[:rotation]]
        game, failed, _ = play_engine_game(plan, bots, deal=0, rotation=rotation)
        assert failed is None
        games.append(game)
    cards, first = deal_cards(3, 0, 2)
    assert games[0].deck == games[1].deck == tuple(cards)
    assert games[0].first_player == games[1].first_player == first


def test_shards_merge_into_the_whole_tournament(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["random", "emma", "random", "--games", "120", "--seed", "6"]
    whole = run_json(capsys, *common)
    paths = []
    for shard in range(3):
        part = run_json(capsys, *common, "--shard", f"{shard}/3")
        path = tmp_path / f"shard{shard}.json"
        path.write_text(json.dumps(part))
        paths.append(str(path))
    merged = run_json_merge(capsys, *paths)
    assert merged["totals"] == whole["totals"]
    assert merged["bots"] == whole["bots"]
    assert merged["games"] == whole["games"]
    partial = merge_results([json.loads(Path(p).read_text()) for p in paths[:2]])
    assert partial["missing_shards"] == [2]


def test_merging_a_shard_of_very_many_misses_only_shards_with_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Listing every shard of 10**11 as missing took the merge minutes and gigabytes.
    path = tmp_path / "shard.json"
    path.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", "10", "--seed",
                                        "1", "--shard", f"1/{10**11}")))
    merged = run_json_merge(capsys, str(path))
    # 5 deals, each a stretch of its own: shard 1 plays none, shard 2 * 10**10 the second
    assert merged["missing_shards"] == [n * 2 * 10**10 for n in range(5)]


def test_tournaments_with_other_seeds_pool_into_one_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batches = {seed: run_json(capsys, "random", "emma", "--games", "40", "--seed", str(seed))
               for seed in (6, 7)}
    paths = []
    for seed, result in batches.items():
        path = tmp_path / f"seed{seed}.json"
        path.write_text(json.dumps(result))
        paths.append(str(path))
    # Without --pool, other seeds are refused: shards must come from one tournament.
    assert main(["tournament-merge", *paths, "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish tournament-merge: {paths[1]} was played with a different "
                          f"seed from {paths[0]} (7, not 6)")
    assert "use --pool" in err
    pooled = run_json_merge(capsys, *paths, "--pool")
    assert pooled["games"] == 80
    assert pooled["seed"] == [6, 7]
    assert [batch["games"] for batch in pooled["batches"]] == [40, 40]
    for index, row in enumerate(pooled["bots"]):
        wins = sum(result["bots"][index]["wins"] for result in batches.values())
        assert row["wins"] == pytest.approx(wins)
        assert row["games"] == 80
        assert row["win_rate"] == pytest.approx(wins / 80)
    # A batch that is itself missing a shard is pooled, with a warning naming its seed.
    half = tmp_path / "seed8-half.json"
    half.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", "40", "--seed",
                                        "8", "--shard", "0/2")))
    assert main(["tournament-merge", paths[0], str(half), "--pool", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 60
    assert "shard 1 of seed 8 is missing" in captured.err


def test_pooling_refuses_other_bots_or_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = run_json(capsys, "random", "emma", "--games", "20", "--seed", "1")
    nordic = run_json(capsys, "random", "emma", "--games", "20", "--seed", "2", "--rules",
                      "nordic")
    other_bots = run_json(capsys, "random", "counter", "--games", "20", "--seed", "3")
    for other, complaint in ((nordic, "different rules"), (other_bots, "different bots")):
        paths = []
        for name, result in (("a", first), ("b", other)):
            path = tmp_path / f"{name}.json"
            path.write_text(json.dumps(result))
            paths.append(str(path))
        assert main(["tournament-merge", *paths, "--pool"]) == 2
        assert complaint in capsys.readouterr().err


def test_pooling_refuses_batches_of_one_seed_whose_deals_are_the_same_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 40 and 80 games of seed 5 share deals 0-19: pooled, those 40 games counted twice.
    paths = []
    for games in ("40", "80"):
        path = tmp_path / f"games{games}.json"
        path.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", games,
                                            "--seed", "5")))
        paths.append(str(path))
    assert main(["tournament-merge", *paths, "--pool"]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {paths[1]} was played with the same seed as {paths[0]} (5) "
        "but other --games: the deals they share are the same games, which pooling would count "
        "twice; play each batch with a new seed\n")


def run_json_merge(capsys: pytest.CaptureFixture[str], *paths: str) -> dict:
    assert main(["tournament-merge", *paths, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_table_csv_and_progress(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    csv_path = tmp_path / "out.csv"
    assert main(["tournament", "random", "emma", "--games", "20", "--seed", "1", "--csv",
                 str(csv_path), "--progress"]) == 0
    captured = capsys.readouterr()
    assert "emma" in captured.out and "95% CI" in captured.out
    assert "20/20 games" in captured.err
    lines = csv_path.read_text().splitlines()
    assert lines[0].startswith("name,games,wins,win_rate,ci95_low,ci95_high,elo")
    assert len(lines) == 3


def test_the_table_shows_the_seed_so_a_run_without_one_can_be_repeated(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # Without --seed a random one is drawn; only --json printed it, so a table run could not
    # be played again.
    assert main(["tournament", "random", "emma", "--games", "20"]) == 0
    first = capsys.readouterr().out.splitlines()
    seed = first[0].split("seed ")[1].split(",")[0]
    assert main(["tournament", "random", "emma", "--games", "20", "--seed", seed]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[1:] == first[1:] and f"seed {seed}, " in again[0]


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.png"
    assert main(["tournament", "random", "emma", "--games", "20", "--seed", "1",
                 "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_a_chart_named_without_extension_is_written_as_that_png_file(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart"
    assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1",
                 "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"  # the file named, not chart.png beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart"]


def test_a_name_that_is_not_utf8_is_written_to_csv_and_chart_with_a_replacement_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A command-line byte that is not UTF-8 (here through a result file's JSON escape)
    # crashed --csv with UnicodeEncodeError, leaving half a file, and --plot with TypeError.
    pytest.importorskip("matplotlib")
    result = run_json(capsys, "random", "emma", "--games", "4", "--seed", "1")
    result["bots"][0]["name"] = result["bots"][0]["spec"] = "cmd:./bot \ud800"
    shard = tmp_path / "shard.json"
    shard.write_text(json.dumps(result))
    csv_path, chart = tmp_path / "out.csv", tmp_path / "chart.png"
    assert main(["tournament-merge", str(shard), "--csv", str(csv_path),
                 "--plot", str(chart)]) == 0
    assert "cmd:./bot \ufffd " in capsys.readouterr().out  # the table too (stdout is strict)
    lines = csv_path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and any(line.startswith("cmd:./bot \ufffd,") for line in lines)
    assert chart.read_bytes()[:4] == b"\x89PNG"


class _ClosedPipe:
    """Standard output whose reader has gone (gofish tournament ... | a-command-that-failed)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_the_csv_asked_for_is_written_even_when_standard_output_is_a_closed_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_json: list[str]
) -> None:
    # The failed write to stdout skipped the files: the tournament's result was lost, exit 0.
    csv_path = tmp_path / "out.csv"
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1",
                 "--csv", str(csv_path), *as_json]) == 141
    assert len(csv_path.read_text().splitlines()) == 3


@pytest.mark.parametrize(("files", "where"), [
    ([], "; --csv FILE or --json > FILE keeps it"),
    (["--csv", "out.csv"], "; it is in out.csv"),
])
def test_a_reader_gone_before_the_result_is_status_141_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    files: list[str], where: str,
) -> None:
    # `gofish tournament ... | head -c 0` exited 0 without a word: a script could not tell
    # that the result never reached it.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1", *files]) == 141
    assert capsys.readouterr().err == (
        f"gofish tournament: standard output was closed before the whole result was written"
        f"{where}\n")


def test_long_bot_names_on_the_chart_do_not_run_into_each_other(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "counter:epsilon=0.5" and "emma:memory=1" side by side read "counter:epsilon=0.5emma:…".
    plt = pytest.importorskip("matplotlib.pyplot")
    from gofish.tournament.report import write_plot

    result = run_json(capsys, "emma", "counter", "random", "expert-easy", "emma:memory=3",
                      "--games", "10", "--seed", "1")
    for row, name in zip(result["bots"], ["counter:epsilon=0.5", "emma:memory=1",
                                          "counter:epsilon=0.25", "expert:epsilon=0.3",
                                          "emma:memory=2"], strict=True):
        row["name"] = name
    drawn = []
    monkeypatch.setattr(plt, "close", drawn.append)  # keep the figure to measure it
    write_plot(result, str(tmp_path / "chart.png"))
    [figure] = drawn
    renderer = figure.canvas.get_renderer()
    boxes = [label.get_window_extent(renderer) for label in figure.axes[0].get_xticklabels()]
    assert len(boxes) == 5
    for left, right in itertools.pairwise(boxes):
        assert left.x1 + 4 < right.x0, (left, right)


def test_plot_without_matplotlib_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    code = main(["tournament", "random", "emma", "--games", "4", "--plot",
                 str(tmp_path / "x.png")])
    assert code == 2
    said = capsys.readouterr().err
    # Not 'pip install gofish[plot]': gofish on PyPI is an unrelated project.
    assert "pip install matplotlib" in said and "gofish[" not in said


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_unwritable_output_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    option: str,
) -> None:
    import gofish.tournament

    played = []
    monkeypatch.setattr(gofish.tournament, "run_tournament",
                        lambda *args, **kwargs: played.append(args))
    for path, why in ((tmp_path / "no-such-folder" / "out", "no folder"),
                      (tmp_path, "it is a folder")):
        code = main(["tournament", "random", "emma", "--games", "4", option, str(path)])
        assert code == 2
        captured = capsys.readouterr()
        assert f"cannot write {path}: {why}" in captured.err
        assert "Traceback" not in captured.err and captured.out == ""
    assert played == []


def test_a_file_that_fails_after_the_games_loses_no_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gofish.tournament import report

    class FullDisk:
        def writerow(self, row: object) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(report.csv, "writer", lambda stream: FullDisk())
    code = main(["tournament", "random", "emma", "--games", "20", "--seed", "1", "--json",
                 "--csv", str(tmp_path / "out.csv")])
    assert code == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 20  # the result was shown before the write
    assert "cannot write" in captured.err and "No space left on device" in captured.err


def test_a_write_error_without_a_system_message_still_says_what_failed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An OSError raised with a message only has no strerror: it said "cannot write X: None".
    from gofish.tournament import report

    def lost_disk(stream: object) -> object:
        raise OSError("the disk went away")

    monkeypatch.setattr(report.csv, "writer", lost_disk)
    out = tmp_path / "out.csv"
    assert main(["tournament", "random", "emma", "--games", "20", "--seed", "1", "--json",
                 "--csv", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"cannot write {out}: the disk went away" in err and "None" not in err


def test_merge_refuses_an_unwritable_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "a.json"
    path.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", "20")))
    assert main(["tournament-merge", str(path), "--csv", str(tmp_path / "no" / "x.csv")]) == 2
    captured = capsys.readouterr()
    assert "no folder" in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nobody", "emma"], "unknown bot 'nobody'"),
        (["emma", "python examples/mybot.py"], "unknown bot 'python examples/mybot.py': choose "
         "one of counter, emma, expert, expert-easy, ismcts, ismcts-quick, random (an external "
         "program is written cmd:PROGRAM [ARGS…])"),
        (["emma", "./mybot"], "(an external program is written cmd:PROGRAM [ARGS…])"),
        (["emma"], "at least two bots"),
        (["emma", "random", "--players", "7"], "7 players cannot play"),
        (["emma", "random", "--refill", "none"], "--refill none needs --end first-empty"),
        (["emma", "random", "--hand-size", "30"], "--hand-size must be a whole number from 1"),
        # --rules and the house rules are read as play reads them (test_options_as_play.py)
        (["emma", "random", "--rules", "poker"], "unknown --rules 'poker': choose classic"),
        (["emma", "random", "--book-size", "3"], "--book-size must be 4 (books) or 2"),
        (["emma", "random", "--hand-size", "x"], "--hand-size needs a whole number, not 'x'"),
        (["emma", "random", "--games", "0"], "--games must be from 1 to 1,000,000,000, not 0"),
        (["emma", "random", "--games", "10" * 12], "--games must be from 1"),
        (["emma", "random", "--timeout", "inf"], "--timeout must be more than 0 and at most"),
        (["emma", "random", "--timeout", "nan"], "--timeout must be"),
        (["emma", "random", "--shard", "0/2"], "--shard needs --seed"),
        (["emma", "cmd:/"], "is a folder, not a program"),
        (["emma", "random", "--jobs", "0"], "--jobs must be at least 1"),
        (["emma", "random", "--jobs", "100000"], "--jobs must be at most"),
        (["emma", "random", "--shard", "4/2"], "--shard"),
        # An empty --shard (an unset shell variable) played the whole tournament on every
        # machine, each result then refused by the merge as shard 0/1 given twice.
        (["emma", "random", "--shard", "", "--seed", "1"], "--shard takes I/N, e.g. 0/4, not ''"),
        (["emma", "random", "--shard", ""], "--shard takes I/N, e.g. 0/4, not ''"),
        (["emma", "random", "--timeout", "0"], "--timeout"),
        # said as typed: "not -1.0" for -1 read as if the user had written a fraction
        (["emma", "random", "--timeout", "-1"], "at most 3600 seconds, not -1\n"),
        (["emma", "random", "--timeout", "7200"], "at most 3600 seconds, not 7200\n"),
        # float() reads 1e400 as inf: "not inf" named no number the user had typed
        (["emma", "random", "--timeout", "1e400"], "at most 3600 seconds, not 1e400, which "
         "is too large to be read as a finite number\n"),
        (["emma", "random", "--timeout=-1e400"], "not -1e400, which is too large"),
        # float() reads 1e-400 as 0: "more than 0 …, not 1e-400" refused a number that is
        (["emma", "random", "--timeout", "1e-400"], "at most 3600 seconds, not 1e-400, which "
         "is too small to be read as more than 0\n"),
        (["emma", "random", "--timeout=-1e-400"], "at most 3600 seconds, not -1e-400\n"),
        (["emma", "random", "--timeout", "0e5"], "at most 3600 seconds, not 0e5\n"),
        (["emma", "random", "--timeout", " 1e400 "], "seconds, not 1e400, which is too large"),
        (["emma", "random", "--ask", "card", "--fast"], "--fast cannot be used"),
        (["emma", f"cmd:{sys.executable} x.py", "--fast"], "--fast cannot be used"),
        (["emma", "cmd:no-such-program-here"], "was not found"),
        (["emma", "cmd:"], "empty"),
        (["counter:epsilon=1e400", "emma"],
         "bot option epsilon=1e400: epsilon must be a number from 0 to 1\n"),
        (["emma", "Expert:Endgame=-01"], "bot option endgame=-01: endgame must be a whole"),
    ],
)
def test_bad_input_is_a_clear_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["tournament", *args, "--games", "4"] if "--games" not in args
                else ["tournament", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    # One line, named after the command, whichever layer found the mistake.
    assert err.startswith("gofish tournament: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_argparse_errors_exit_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "emma", "random", "--seatings", "poker"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["tournament", "emma", "random", "--players", "abc"],
    ["tournament", "emma", "random", "--ask", "suit"],
    ["tournament-merge"],
])
def test_option_errors_are_one_line_without_the_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # docs/tournament.md: bad input gives one line on stderr, starting with the command.
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish {argv[0]}: ") and err.count("\n") == 1
    assert "usage:" not in err


def test_merge_refuses_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    assert main(["tournament-merge", str(junk)]) == 2
    assert "not a tournament JSON result" in capsys.readouterr().err
    assert main(["tournament-merge", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def _broken(result: dict, change: str) -> object:
    """A copy of a good result with one thing wrong."""
    broken = json.loads(json.dumps(result))
    if change == "not an object":
        return [broken]
    if change == "no bots":
        del broken["bots"]
    elif change == "totals a string":
        broken["totals"] = "x"
    elif change == "empty totals":
        broken["totals"] = {}
    elif change == "short totals":
        broken["totals"]["wins_units"] = broken["totals"]["win_units"].pop()
    elif change == "negative players":
        broken["players"] = -3
    elif change == "shard out of range":
        broken["shard"] = [5, 3]
    elif change == "unknown rules":
        broken["rules"] = "poker"
    elif change == "pooled seed":
        broken["seed"] = [1, 2]
    elif change == "too many games":
        broken["games_asked"] = 10**12
    elif change == "more wins than games":
        broken["totals"]["win_units"][1] = 60 * broken["totals"]["games"][1] + 1
    elif change == "more games than played":
        broken["totals"]["tables"] = 10**42
    elif change == "seats not adding up":
        broken["totals"]["games"][0] += 1
    elif change == "too many books":
        broken["totals"]["books"][1] = 10**400
    elif change == "pair points not adding up":
        broken["totals"]["pair_points"][0][1] = 10**400
    return broken


@pytest.mark.parametrize(("change", "complaint"), [
    ("not an object", "it is not a JSON object"),
    ("no bots", "'bots' must list two or more bots"),
    ("totals a string", "'totals' must be an object"),
    ("empty totals", "'totals' must be an object with the count of 'tables'"),
    ("short totals", "'totals.win_units' must hold one count per bot"),
    ("negative players", "'players' must be a whole number from 2, not -3"),
    ("shard out of range", "'shard' must be [I, N] with 0 <= I < N, not [5, 3]"),
    ("unknown rules", "'rules':"),
    ("pooled seed", "'seed' must be a whole number from 0, not [1, 2] (a pooled result "
                    "cannot be merged again)"),
    ("too many games", "'games_asked' must be a whole number from 1 to 1,000,000,000"),
    ("more wins than games", "'totals.win_units' gives emma more wins than games"),
    # Totals no tournament adds up to: these crashed the table's arithmetic with a traceback.
    ("more games than played", "'totals.tables' is 10000000000000000000000000000000000000000"
                               "00, more than the 20 games of this tournament"),
    ("seats not adding up", "'totals.games' must add up to 2 seats for each of the 20 games"),
    ("too many books", "'totals.books' gives emma more books than 26 per game"),
    ("pair points not adding up", "'totals.pair_points' of random and emma must add up to two "
                                  "half points per meeting"),
])
def test_merge_says_what_is_wrong_with_a_damaged_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: str, complaint: str
) -> None:
    good = run_json(capsys, "random", "emma", "--games", "20", "--seed", "1")
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(_broken(good, change)))
    for pool in ([], ["--pool"]):
        assert main(["tournament-merge", str(path), *pool]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"gofish tournament-merge: {path} is not a tournament JSON "
                              f"result: {complaint}")
        assert err.count("\n") == 1 and "Traceback" not in err


def test_merge_refuses_a_file_that_is_not_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe{}")
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err.startswith(
        f"gofish tournament-merge: {path} is not a tournament JSON result")


@pytest.mark.parametrize(("content", "where"), [
    (b'{"bots": [\n  {"name": "r\xffx"}]}', "not valid UTF-8 (byte 0xff at position 13 of line 2)"),
    (b"\xef\xbb\xbf\xe8", "not valid UTF-8 (byte 0xe8 at position 0 of line 1)"),  # after a BOM
    (b'\n\n{"a": "\xc3"}', "not valid UTF-8 (byte 0xc3 at position 7 of line 3)"),
    ("{\n}".encode("utf-16") + b"\x00\xdc",
     "not valid UTF-16 (bytes 00 dc at position 2 of line 2)"),  # a lone low surrogate
    (b"\xff\xfe{\x00x", "not valid UTF-16 (one byte left over at position 4 of line 1, "
                       "as when a file is cut short)"),
], ids=["utf-8", "utf-8 after its mark", "third line", "utf-16", "utf-16 cut short"])
def test_merge_says_where_a_file_is_not_text(
    content: bytes, where: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It quoted the codec ("'utf-8' codec can't decode byte 0xff in position 21: invalid
    # start byte"), counting bytes from the file's start; replay says which byte of the
    # line, and so does merge now, naming the line.
    path = tmp_path / "shard.json"
    path.write_bytes(content)
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {path} is not a tournament JSON result: it is {where}\n")


def test_merge_says_a_number_too_long_to_read_is_too_long(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Python's words were advice to its programmer: "Exceeds the limit (4300 digits) for
    # integer string conversion ...; use sys.set_int_max_str_digits() to increase the limit".
    path = tmp_path / "shard.json"
    path.write_text('{"games": ' + "9" * 5000 + "}")
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {path} is not a tournament JSON result: a number in it "
        "has 5,000 digits, far more than any count or seed of a tournament\n")


def test_merge_says_where_standard_input_is_not_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{\n\x80}")))
    assert main(["tournament-merge", "-"]) == 2
    assert capsys.readouterr().err == (
        "gofish tournament-merge: standard input is not a tournament JSON result: it is not "
        "valid UTF-8 (byte 0x80 at position 0 of line 2)\n")


@pytest.mark.parametrize(("content", "first"), [
    (b"\x00" * 300, 0),  # a file that a crash left all zeros
    ('{"rules": "classic"}'.encode("utf-16-le"), 1),  # UTF-16 without its byte order mark
])
def test_merge_says_a_file_holding_nul_bytes_holds_them(
    content: bytes, first: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It said "Expecting value: line 1 column 1 (char 0)" or "Expecting property name
    # enclosed in double quotes", of a file an editor shows as a JSON object.
    path = tmp_path / "shard.json"
    path.write_bytes(content)
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {path} is not a tournament JSON result: it holds NUL bytes "
        f"(the first at position {first}), which no JSON text does: zeros where a crash cut "
        "the file short, or UTF-16 text without its byte order mark?\n")


@pytest.mark.parametrize("content", [b"", b"\n \n", b"\xef\xbb\xbf"])
def test_merge_says_an_empty_file_is_empty(
    content: bytes, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It said "is not a tournament JSON result: Expecting value: line 1 column 1 (char 0)".
    path = tmp_path / "empty.json"
    path.write_bytes(content)
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {path} is empty: a tournament JSON result was expected\n")


def test_merge_refuses_json_nested_too_deeply_to_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {path} is not a tournament JSON result: it is nested too "
        "deeply\n")


def test_a_chart_format_matplotlib_cannot_write_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.txt"
    assert main(["tournament", "random", "emma", "--games", "20", "--plot", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no game was played
    assert f"cannot draw {path}: charts are written as" in captured.err
    assert ".png" in captured.err and "not .txt" in captured.err
    assert not path.exists()


def test_long_names_are_shown_whole_so_two_commands_never_look_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "a_rather_long_folder_name_for_bots"
    folder.mkdir()
    commands = []
    for name in ("alpha", "beta"):
        bot = folder / f"{name}.py"
        bot.write_text((Path(__file__).parents[2] / "examples" / "mybot.py").read_text())
        commands.append(f"cmd:{sys.executable} {bot}")
    assert main(["tournament", *commands, "--games", "2", "--seed", "1", "--jobs", "1"]) == 0
    table = capsys.readouterr().out
    for command in commands:
        assert command in table


def test_a_built_in_bot_named_twice_in_other_cases_plays_itself(
    capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_json(capsys, "emma", "Emma ", "--games", "20", "--seed", "1")
    assert [row["name"] for row in result["bots"]] == ["emma#1", "emma#2"]


def test_a_bot_with_options_named_twice_in_other_spellings_plays_itself(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # The options after the colon were kept as typed: two entrants that looked unrelated.
    result = run_json(capsys, "counter:epsilon=0.3", "Counter: Epsilon = 0.3", "--games", "4",
                      "--seed", "1")
    assert [row["name"] for row in result["bots"]] == ["counter:epsilon=0.3#1",
                                                       "counter:epsilon=0.3#2"]


def test_a_bot_with_options_in_other_values_and_order_is_one_entrant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # counter:epsilon=0.20 and counter:epsilon=0.2 (expert:infer=False and expert:infer=false,
    # options in another order) were two unrelated entrants; one bot, it plays itself.
    table = tmp_path / "table.csv"
    result = run_json(capsys, "counter:epsilon=0.20", "COUNTER:Epsilon=.2", "emma",
                      "--games", "6", "--seed", "1", "--csv", str(table))
    names = ["counter:epsilon=0.2#1", "counter:epsilon=0.2#2", "emma"]
    assert [row["name"] for row in result["bots"]] == names
    assert [row["spec"] for row in result["bots"]] == [
        "counter:epsilon=0.2", "counter:epsilon=0.2", "emma"]
    assert [line.split(",")[0] for line in table.read_text().splitlines()[1:]] == names
    plan = Plan(make_rules("classic"), 2, 1, ("expert:infer=False:epsilon=0.20",
                                              "Expert:Epsilon=0.2:Infer=false"), 2)
    assert plan.names == ["expert:epsilon=0.2:infer=false#1", "expert:epsilon=0.2:infer=false#2"]


def test_shards_spelling_a_bot_differently_merge_under_its_one_spelling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A shard stored before the spellings were made one (or typed otherwise) holds
    # counter:epsilon=0.20 where another holds 0.2: the merge refused them as other bots.
    common = ["--games", "8", "--seed", "3"]
    paths = []
    for shard, spelling in enumerate(("counter:epsilon=0.2", "counter:epsilon=0.20")):
        part = run_json(capsys, spelling, "emma", *common, "--shard", f"{shard}/2")
        part["bots"][0]["spec"] = part["bots"][0]["name"] = spelling  # as stored back then
        path = tmp_path / f"shard{shard}.json"
        path.write_text(json.dumps(part))
        paths.append(str(path))
    merged = run_json_merge(capsys, *list(reversed(paths)))
    whole = run_json(capsys, "counter:epsilon=0.2", "emma", *common)
    assert merged["bots"] == whole["bots"]
    assert merged["bots"][0]["name"] == "counter:epsilon=0.2"


def test_a_plan_takes_numpy_whole_numbers() -> None:
    # A study loops over numpy arrays: np.int64(1) was refused as "not a whole number".
    import numpy as np

    rules = make_rules("classic")
    plan = Plan(rules, np.int64(2), np.uint64(7), ("emma", "random"), np.int64(40),
                np.int32(1), np.int64(2))
    assert plan == Plan(rules, 2, 7, ("emma", "random"), 40, 1, 2)
    assert run_tournament(plan, jobs=1).tally.raw() == run_tournament(
        Plan(rules, 2, 7, ("emma", "random"), 40, 1, 2), jobs=1).tally.raw()


@pytest.mark.parametrize("prefix", [" cmd:", "CMD:"])
def test_a_command_after_a_space_or_in_capitals_is_still_taken_as_written(
    tmp_path: Path, prefix: str
) -> None:
    # " cmd:python Bot.py" was read as a bot name and lower-cased: python could not find bot.py.
    bot = tmp_path / "MyBot.py"
    bot.write_text((Path(__file__).parents[2] / "examples" / "mybot.py").read_text())
    plan = Plan(make_rules("classic"), 2, 1, ("emma", f"{prefix}{sys.executable} {bot}"), 2)
    assert plan.specs[1] == f"cmd:{sys.executable} {bot}"
    assert run_tournament(plan, jobs=1).tally.failures == []


def test_a_program_that_cannot_be_run_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "bot.py"
    script.write_text("print('hi')\n")
    script.chmod(0o644)
    assert main(["tournament", "emma", f"cmd:{script}", "--games", "4"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{str(script)!r} is not executable (chmod +x it" in captured.err


def _worker_dies(task: object) -> None:
    os._exit(3)  # as a crash (or a task it cannot unpickle) ends a worker process


def test_a_worker_that_dies_stops_the_tournament_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # With multiprocessing.Pool this waited forever for the dead worker's results.
    monkeypatch.setattr(tournament_run, "_play_chunk", _worker_dies)
    assert main(["tournament", "emma", "random", "--games", "400", "--jobs", "2",
                 "--no-fast", "--json"]) == 1  # a failed run, not bad input (2)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "worker process stopped unexpectedly" in captured.err
    assert "--jobs 1" in captured.err and "Traceback" not in captured.err


def _worker_fails(task: object) -> None:
    raise TournamentError("the chunk could not be played")


def test_an_error_in_a_worker_reaches_the_caller_as_if_played_there(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tournament_run, "_play_chunk", _worker_fails)
    assert main(["tournament", "emma", "random", "--games", "400", "--jobs", "2",
                 "--no-fast"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().endswith("gofish tournament: the chunk could not be played")
    assert "Traceback" not in captured.err


def test_a_merge_missing_a_shard_still_misses_it_when_merged_or_pooled_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Shards 0 and 1 of 3 merged and saved: merging or pooling that file again said no
    # shard was missing, and reported its two thirds of the games as a whole tournament.
    common = ["random", "emma", "--games", "60", "--seed", "6"]
    shards = []
    for shard in range(2):
        shards.append(tmp_path / f"shard{shard}.json")
        shards[-1].write_text(json.dumps(run_json(capsys, *common, "--shard", f"{shard}/3")))
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(run_json_merge(capsys, *map(str, shards))))
    assert run_json_merge(capsys, str(partial))["missing_shards"] == [2]
    other = tmp_path / "seed7.json"
    other.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", "60", "--seed",
                                         "7")))
    assert main(["tournament-merge", "--pool", str(partial), str(other)]) == 0
    assert "warning: shard 2 of seed 6 is missing" in capsys.readouterr().err
    with pytest.raises(TournamentError, match="'missing_shards' must be a list of shard"):
        merge_results([{**json.loads(partial.read_text()), "missing_shards": "2"}])


def test_a_drawn_seed_has_all_the_bits_the_deals_use(capsys: pytest.CaptureFixture[str]) -> None:
    # A 32-bit seed could be found by a bot trying each against the cards it was dealt
    # (docs/bots-protocol.md, "Bots you do not trust"); one in 2**32 runs would fail here.
    seeds = []
    for _ in range(2):
        assert main(["tournament", "random", "emma", "--games", "2", "--json"]) == 0
        seeds.append(json.loads(capsys.readouterr().out)["seed"])
    assert all(2**32 <= seed < 2**64 for seed in seeds) and seeds[0] != seeds[1]


def test_a_name_with_a_newline_keeps_its_row_on_one_line() -> None:
    # A cmd: bot whose path held a newline split its row in two on screen.
    result = summary(run_tournament(Plan(make_rules("classic"), 2, 1, ("random", "emma"), 4)))
    result["bots"][0]["name"] = "cmd:'/tmp/bot\nx.sh'"
    result["failures"], result["failure_count"] = ["bot 'b\nx' crashed: \x1b[31mboom"], 1
    out = io.StringIO()
    print_table(result, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 + 2 + 2  # heading, header, rule, two bots, failure heading and one
    assert any(line.startswith("cmd:'/tmp/bot\ufffdx.sh'") for line in lines)
    assert lines[-1] == "  bot 'b\ufffdx' crashed: \ufffd[31mboom"


def test_a_shard_dealt_no_tables_says_so_instead_of_a_zero_win_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 2 games of 2 bots make one table; shard 5 of 10 is dealt none of it. Its table read
    # "0.0%" and a game length of 0.0 for each bot, figures of games never played.
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1",
                 "--shard", "5/10"]) == 0
    text = capsys.readouterr().out
    rows = [line.split() for line in text.splitlines() if line.startswith(("random", "emma"))]
    assert rows == [["random", "0", "-", "-", "-", "-", "-", "-"],
                    ["emma", "0", "-", "-", "-", "-", "-", "-"]]
    assert "No games were played: this shard was dealt none of the tournament's tables" in text
    assert "0.0%" not in text


def test_a_merge_of_shards_dealt_no_tables_says_the_shards_were_dealt_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    # A merge is shard 0 of 1, and its table said "this shard was dealt none", naming a
    # shard the merge is not.
    paths = []
    for shard in ("5/10", "7/10"):
        path = tmp_path / f"{shard[0]}.json"
        path.write_text(json.dumps(run_json(capsys, "random", "emma", "--games", "2",
                                            "--seed", "1", "--shard", shard)))
        paths.append(str(path))
    assert main(["tournament-merge", *paths]) == 0
    text = capsys.readouterr().out
    assert "No games were played: shards 5, 7 were dealt none of the tournament's tables " \
        "(too few --games for so many shards).\n" in text
    assert "this shard" not in text
    assert main(["tournament-merge", paths[0]]) == 0
    assert "No games were played: shard 5 was dealt none of" in capsys.readouterr().out


def test_a_whole_tournament_of_no_games_names_no_shard() -> None:
    result = summary(run_tournament(Plan(make_rules("classic"), 2, 1, ("random", "emma"), 2,
                                         5, 10)))
    result["shard"] = [0, 1]  # as a whole tournament's: none of its tables was dealt
    out = io.StringIO()
    print_table(result, out)
    assert out.getvalue().splitlines()[-1] == "No games were played."


def test_a_shard_dealt_no_tables_keeps_numbers_in_its_json_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # As docs/tournament.md says: "games": 0 tells there is nothing, and the figures stay
    # numbers (not null) for whatever sorts or adds them up (the table sorts by elo).
    result = run_json(capsys, "random", "emma", "--games", "2", "--seed", "1",
                      "--shard", "5/10")
    for row in result["bots"]:
        assert row["games"] == 0 and row["win_rate"] == 0.0 and row["elo"] == 0.0
        assert row["ci95"] == [0.0, 1.0] and row["game_length"] == 0.0


def test_a_shard_dealt_no_tables_leaves_its_csv_figures_blank(tmp_path: Path) -> None:
    # The table shows "-" for them; the CSV gave a win rate of 0.0, an interval of 0 to 1
    # and a game length of 0.0, which a spreadsheet reads as figures of games played.
    path = tmp_path / "r.csv"
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1",
                 "--shard", "5/10", "--csv", str(path)]) == 0
    assert path.read_text().splitlines()[1:] == ["random,0,0.0,,,,,,,0,0",
                                                 "emma,0,0.0,,,,,,,0,0"]


@pytest.mark.parametrize(("option", "said"), [
    (["--games", "60"], "was played with a different --games from {first} (60, not 40)"),
    (["--players", "3"], "was played with a different number of players from {first} (3, not "
                         "2)"),
    (["--rules", "nordic"], "was played under different rules from {first} ('nordic', not "
                            "'classic')"),
    (["--seatings", "all"], "was played with a different --seatings from {first} ('all', not "
                            "'rotate')"),
])
def test_shards_of_other_tournaments_are_refused_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: list[str], said: str
) -> None:
    # The field's name was put in the sentence as it is in the JSON: "played with a different
    # games_asked", "a different rules", "a different players".
    paths = []
    for name, extra in (("first", []), ("other", option)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(run_json(capsys, "random", "emma", "counter", "--games", "40",
                                            "--seed", "3", "--shard", f"{len(paths)}/2",
                                            *extra)))
        paths.append(str(path))
    assert main(["tournament-merge", *paths]) == 2
    err = capsys.readouterr().err
    assert f"gofish tournament-merge: {paths[1]} {said.format(first=paths[0])}: it is not part " \
           "of the same tournament" in err, err


def test_the_csv_lists_the_bots_in_the_tables_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # docs/tournament.md: --csv "also writes the table". It wrote the bots as named, while
    # the table ranks them strongest first: a reader comparing the two saw other rows.
    csv_path = tmp_path / "out.csv"
    assert main(["tournament", "random", "emma", "counter", "--games", "60", "--seed", "1",
                 "--csv", str(csv_path)]) == 0
    table = capsys.readouterr().out.splitlines()
    ranked = [line.split()[0] for line in table if line.split()[:1] in (
        ["random"], ["emma"], ["counter"])]
    with csv_path.open(newline="") as stream:
        listed = [row["name"] for row in csv.DictReader(stream)]
    assert len(ranked) == 3 and listed == ranked
    assert ranked != ["random", "emma", "counter"]  # else this run proves nothing


def test_a_bot_name_that_is_not_utf8_is_refused_as_play_refuses_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    # It read "unknown bot 'em\xffma' … did you mean 'emma'?", as if misspelt.
    assert main(["tournament", "emma", "em\udcffma", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err == ("gofish tournament: each BOT must be UTF-8 text, and 'em\ufffdma' has bytes "
                   "that are not (shown as \ufffd)\n")

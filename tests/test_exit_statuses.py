"""One convention for exit statuses (README, "Exit statuses"): 1 when a games database
that is there cannot be read, whichever command reads it; 2 when the command refuses what
was asked (a bad option, a game that is not there)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gofish.cli import main

READERS = [["history"], ["stats"], ["show", "1"], ["export", "1"], ["resume", "--plain"]]


@pytest.fixture(params=["not a database", "a folder"])
def unreadable_database(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    if request.param == "a folder":
        path.mkdir()
    else:
        path.write_text("these are not the games you are looking for\n" * 20)
    return path


@pytest.mark.parametrize("command", READERS, ids=lambda command: command[0])
def test_a_database_that_cannot_be_read_is_status_1_for_every_reader(
        command: list[str], unreadable_database: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    # resume said 2 where history, stats, show and export said 1.
    assert main([*command, "--database", str(unreadable_database)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"gofish {command[0]}: ") and error.count("\n") == 1, error


@pytest.mark.parametrize("command", [["show", "7"], ["export", "7"], ["resume", "7"]],
                         ids=lambda command: command[0])
def test_a_game_that_is_not_there_is_status_2(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--database", str(tmp_path / "none.sqlite3")]) == 2
    assert "7" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_tournament_table_that_cannot_be_written_after_the_games_is_status_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    # It was 2, the status of a refusal, though the games had been played and shown.
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1", "--jobs", "1",
                 "--csv", "/dev/full"]) == 1
    captured = capsys.readouterr()
    assert "random" in captured.out  # the result came first
    assert captured.err == "gofish tournament: cannot write /dev/full: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("csv", [False, True])
def test_a_tournament_result_that_cannot_reach_standard_output_says_it_is_the_result(
        tmp_path: Path, csv: bool) -> None:
    # `--json > r.json` on a full disk said only "No space left on device", after the
    # games: not that the result was lost, nor where else it was kept.
    table = tmp_path / "r.csv"
    extra = ["--csv", str(table)] if csv else []
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "gofish", "tournament", "random", "emma", "--games", "2",
             "--seed", "1", "--jobs", "1", "--json", *extra],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    where = f"; it is in {table}" if csv else ""
    assert (done.returncode, done.stderr) == (1, (
        "gofish tournament: cannot write the result to standard output: No space left on "
        f"device{where}\n"))

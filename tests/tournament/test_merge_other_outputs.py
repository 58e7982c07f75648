"""tournament-merge reads what ``--json`` prints. Handed the table printed without it (a
shard run as ``gofish tournament … > shard0.json``) or the ``--csv`` file, it said only
json's "Expecting value: line 1 column 1 (char 0)"; it now says which output it was given
and which to merge instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main

INSTEAD = "merge the result --json prints (gofish tournament … --json > FILE)"
TOURNAMENT = ["tournament", "emma", "random", "--games", "1200", "--seed", "3", "--shard", "0/2"]


def test_the_table_printed_without_json_is_told_so(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(TOURNAMENT) == 0
    shard = tmp_path / "shard0.json"
    shard.write_text(capsys.readouterr().out)
    assert main(["tournament-merge", str(shard)]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: {shard} is not a tournament "
                                       f"JSON result: it is the table printed without --json: "
                                       f"{INSTEAD}\n")


def test_the_csv_table_is_told_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "shard0.csv"
    assert main([*TOURNAMENT, "--json", "--csv", str(table)]) == 0
    capsys.readouterr()
    assert main(["tournament-merge", str(table)]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: {table} is not a tournament "
                                       f"JSON result: it is the table --csv writes: {INSTEAD}\n")


def test_other_text_is_still_told_what_json_found(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("emma beat random, 1200 games\n")
    assert main(["tournament-merge", str(notes)]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: {notes} is not a tournament "
                                       "JSON result: Expecting value: line 1 column 1 (char 0)\n")

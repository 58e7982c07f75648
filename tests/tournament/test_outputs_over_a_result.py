"""``--csv`` (and ``export -o``) never write over a tournament's JSON result: ``--csv
shard0.json`` for ``--csv shard0.csv`` (a completion one letter off) replaced a shard that
took hours with a table, as writing over a games database was refused already. A result
is read as ``tournament-merge`` reads one, in UTF-8 or in PowerShell's UTF-16."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main

SHARD = ["tournament", "emma", "random", "--games", "4", "--seed", "1"]


@pytest.fixture
def result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    assert main([*SHARD, "--shard", "0/2", "--json"]) == 0
    path = tmp_path / "shard0.json"
    path.write_text(capsys.readouterr().out)
    return path


def _refused(capsys: pytest.CaptureFixture[str], path: Path, command: str) -> None:
    assert capsys.readouterr() == ("", (
        f"gofish {command}: will not write over {path}: it holds a tournament's result "
        "(gofish tournament --json); choose another file\n"))


@pytest.mark.parametrize("layout", ["as written", "indented", "utf-16"])
def test_csv_is_not_written_over_a_result(
    capsys: pytest.CaptureFixture[str], result: Path, layout: str
) -> None:
    if layout == "indented":  # as jq . or a pretty-printer leaves it
        result.write_text(json.dumps(json.loads(result.read_text()), indent=2))
    elif layout == "utf-16":  # PowerShell's gofish tournament --json > shard0.json
        result.write_bytes(result.read_text().encode("utf-16"))
    before = result.read_bytes()
    assert main([*SHARD, "--shard", "1/2", "--csv", str(result)]) == 2
    _refused(capsys, result, "tournament")
    assert result.read_bytes() == before


def test_merge_csv_is_not_written_over_another_result(
    capsys: pytest.CaptureFixture[str], result: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.json"
    other.write_bytes(result.read_bytes())
    assert main(["tournament-merge", str(result), "--csv", str(other)]) == 2
    _refused(capsys, other, "tournament-merge")


def test_export_is_not_written_over_a_result(
    capsys: pytest.CaptureFixture[str], result: Path, tmp_path: Path
) -> None:
    assert main(["export", "1", "-o", str(result), "--database",
                 str(tmp_path / "none.sqlite3")]) == 2
    _refused(capsys, result, "export")


def test_other_json_and_an_old_table_are_written_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A game record (it too begins {"rules": ...}), a result of no kind, and last run's CSV.
    for name, text in (("record.json", '{"rules": "classic", "players": 2, "deck": []}\n'),
                       ("list.json", "[1, 2]\n"), ("r.csv", "name,games\nemma,4\n")):
        path = tmp_path / name
        path.write_text(text)
        assert main([*SHARD, "--csv", str(path)]) == 0
        assert path.read_text().startswith("name,games,wins,")
    capsys.readouterr()

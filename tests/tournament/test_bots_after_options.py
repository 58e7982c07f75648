"""gofish tournament reads its bots wherever they stand among the options: ``gofish
tournament emma --games 20 random`` was refused ("unrecognized arguments: random"), as
argparse ends a list of names at the first option. So does tournament-merge its files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main


def test_bots_on_both_sides_of_an_option_all_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "emma", "--games", "20", "random", "--seed", "3",
                 "counter", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [bot["name"] for bot in result["bots"]] == ["emma", "random", "counter"]


def test_an_unknown_option_among_the_bots_is_still_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "emma", "--games", "20", "random", "--gams", "5"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: random --gams 5" in err


def two_shard_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, games: int
                    ) -> list[str]:
    """The paths of shards 0/2 and 1/2 of emma against random over ``games`` games, each
    saved from what --json printed."""
    names = []
    for shard in (0, 1):
        assert main(["tournament", "emma", "random", "--games", str(games), "--seed", "5",
                     "--shard", f"{shard}/2", "--json"]) == 0
        path = tmp_path / f"shard{shard}.json"
        path.write_text(capsys.readouterr().out)
        names.append(str(path))
    return names


def test_merge_files_on_both_sides_of_an_option(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    shards = two_shard_files(capsys, tmp_path, games=20)
    assert main(["tournament-merge", shards[0], "--json", shards[1]]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["games"] == 20

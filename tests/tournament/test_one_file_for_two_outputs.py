"""--csv and --plot naming one file: the chart, written second, replaced the table with no
word said. Refused before any game, as any other output that cannot be written is."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("other_name", ["out.png", "./out.png", "link.png"])
def test_csv_and_plot_naming_one_file_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    other_name: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    os.symlink("out.png", "link.png")  # a link to a file not there yet reaches it too
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1",
                 "--csv", "out.png", "--plot", other_name]) == 2
    assert capsys.readouterr() == ("", f"gofish tournament: --csv and --plot both name "
                                       f"{other_name}: give each its own file\n")
    assert not (tmp_path / "out.png").exists()


def test_merge_refuses_them_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1", "--json"]) == 0
    shard = tmp_path / "whole.json"
    shard.write_text(capsys.readouterr().out)
    chart = str(tmp_path / "both.png")
    assert main(["tournament-merge", str(shard), "--csv", chart, "--plot", chart]) == 2
    assert capsys.readouterr().err == (f"gofish tournament-merge: --csv and --plot both name "
                                       f"{chart}: give each its own file\n")
    assert json.loads(shard.read_text())["games"] == 2

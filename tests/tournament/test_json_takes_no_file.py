"""``--json`` prints the result on standard output and takes no file, unlike ``--csv FILE``
beside it: a file name written after it (``--json r.json``) joined the bots, refused as
"unknown bot 'r.json'" with a hint about register_bot, or the files to merge, refused as
"cannot read m.json". Either way the line said nothing of ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main

from .test_bots_after_options import two_shard_files

WRITE_INSTEAD = "--json takes no file name: it prints the result on standard output, so write"


def test_a_file_after_json_in_a_tournament_is_told_to_be_a_redirection(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", "emma", "random", "--games", "2", "--json", "r.json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"gofish tournament: {WRITE_INSTEAD} --json > r.json "
                            "('r.json' was read as a bot)\n")
    assert captured.out == ""
    assert list(tmp_path.iterdir()) == []  # no game played, nothing written


def test_a_missing_file_after_json_in_a_merge_is_told_to_be_a_redirection(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shard = tmp_path / "shard0.json"
    assert main(["tournament", "emma", "random", "--games", "4", "--seed", "5",
                 "--shard", "0/2", "--json"]) == 0
    shard.write_text(capsys.readouterr().out)
    merged = tmp_path / "merged result.json"
    assert main(["tournament-merge", str(shard), "--json", str(merged)]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament-merge: {WRITE_INSTEAD} --json > '{merged}' ('{merged}' was read "
        "as a file to merge, and there is none)\n")
    assert not merged.exists()


def test_a_shard_that_is_there_after_json_is_merged(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # "tournament-merge --json a.json b.json" is a merge of both, printed as JSON.
    names = two_shard_files(capsys, tmp_path, games=4)
    assert main(["tournament-merge", "--json", *names]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4

"""An output file that was not there before (export -o, tournament --csv) and whose write
fails (a full disk, a file-size limit, Ctrl-C) is removed again: half a record was left
under the name asked for, which gofish replay then read as a broken game. An old file is
kept as it was (tests/test_whole_files.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

import pytest

import gofish.whole_files
from gofish.cli import main
from gofish.core import make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store
from gofish.whole_files import written_whole


def test_a_new_file_whose_write_fails_is_not_left_behind(tmp_path: Path) -> None:
    target = tmp_path / "results.csv"
    with pytest.raises(KeyboardInterrupt), written_whole(str(target), newline="") as stream:
        stream.write("name,games\r\nemma,")
        raise KeyboardInterrupt
    assert os.listdir(tmp_path) == []


def test_through_a_dangling_link_the_file_made_is_removed_and_the_link_kept(
        tmp_path: Path) -> None:
    link = tmp_path / "latest.json"
    link.symlink_to(tmp_path / "real.json")
    with pytest.raises(OSError, match="No space"), written_whole(str(link)) as stream:
        stream.write("{")
        raise OSError(28, "No space left on device")
    assert link.is_symlink() and not (tmp_path / "real.json").exists()


def _on_a_full_disk(file: str, mode: str = "r", **options: Any) -> IO[Any]:
    """``open`` for a disk that is full: the file is made, and its write then fails with
    ENOSPC (it goes to /dev/full)."""
    open(file, mode, **options).close()
    return open("/dev/full", mode, **options)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_export_to_a_new_file_on_a_full_disk_leaves_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "games.sqlite3"
    settings = TableSettings(rules=make_rules("classic"), seed=3)
    with open_store(database) as store:
        TableSession.deal(settings, store).save()
    output = tmp_path / "out" / "game.json"
    output.parent.mkdir()
    monkeypatch.setattr(gofish.whole_files, "open", _on_a_full_disk, raising=False)
    assert main(["export", "1", "-o", str(output), "--database", str(database)]) == 1
    assert f"cannot write {output}: No space left on device" in capsys.readouterr().err
    assert os.listdir(output.parent) == []  # README, exit statuses: 1, a write failed

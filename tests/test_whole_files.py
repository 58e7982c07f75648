"""Output files (export -o, tournament --csv and --plot) are written whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gofish.whole_files import written_whole


def _leftovers(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.endswith(".part"))


def test_a_write_that_fails_keeps_the_old_file(tmp_path: Path) -> None:
    # Opening for writing emptied the file at once: a full disk left half a record.
    target = tmp_path / "game.json"
    target.write_text("the good export\n")
    with pytest.raises(OSError, match="No space left"), written_whole(str(target)) as stream:
        stream.write("half a")
        raise OSError(28, "No space left on device")
    assert target.read_text() == "the good export\n"
    assert _leftovers(tmp_path) == []


def test_a_complete_write_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "table.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    with written_whole(str(target), newline="") as stream:
        stream.write("new\r\n")
    assert target.read_bytes() == b"new\r\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert _leftovers(tmp_path) == []


def test_through_a_link_the_linked_file_is_replaced_and_the_link_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    link = tmp_path / "latest.csv"
    link.symlink_to(real)
    with written_whole(str(link)) as stream:
        stream.write("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_a_new_file_and_a_device_are_written_in_place(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    with written_whole(str(fresh), "wb") as stream:
        stream.write(b"{}\n")
    assert fresh.read_bytes() == b"{}\n"
    with written_whole(os.devnull) as stream:  # never replaced by a regular file
        stream.write("gone\n")
    assert not Path(os.devnull).is_file()


def test_a_file_we_may_not_write_is_never_replaced_round_its_permissions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A rename needs only the folder's permission: replacing a read-only file would get
    # round it. Such a file is opened in place, so open refuses it (root aside) as before.
    target = tmp_path / "kept.csv"
    target.write_text("old\n")
    inode = target.stat().st_ino
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: (
        False if str(path) == str(target) else real_access(path, mode, **kw)))
    with written_whole(str(target)) as stream:  # root may write it: in place, then
        stream.write("new\n")
    assert target.stat().st_ino == inode  # the same file, not a replacement
    assert _leftovers(tmp_path) == []

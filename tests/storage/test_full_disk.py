"""A games database on a disk with no room left: the player is told the disk is full.

SQLite must grow the ``-shm`` file beside a WAL database even to read it, so on a full
disk `gofish history` failed with SQLite's bare "disk I/O error", which reads as a
broken disk, not as one to free space on. A real tmpfs is filled here (root only).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gofish
from gofish.storage import StorageError, open_store

from .helpers import EMMA, YOU, played_game


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A tiny tmpfs holding one stored game, then filled to the last byte."""
    mount_point = tmp_path / "tiny"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs",
                              str(mount_point)], capture_output=True, check=False)
    if os.geteuid() != 0 or mounted.returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        db_path = mount_point / "games.sqlite3"
        with open_store(db_path) as store:
            store.save(gofish.game_to_record(played_game(seed=3)), seats=[YOU, EMMA])
        filler = mount_point / "filler"
        with filler.open("wb", buffering=0) as out, pytest.raises(OSError):
            while True:  # until the disk refuses: ENOSPC
                out.write(b"\0" * 4096)
        yield db_path
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def test_reading_a_database_on_a_full_disk_says_the_disk_is_full(full_disk: Path) -> None:
    with pytest.raises(StorageError) as caught, open_store(full_disk, read_only=True) as store:
        store.list_games()
    message = str(caught.value)
    assert "full" in message and "free some space" in message
    assert "disk I/O error" not in message


def test_history_on_a_full_disk_says_so_and_keeps_the_game(full_disk: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "gofish", "history", "--database",
                             str(full_disk)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "is full" in result.stderr and "free some space" in result.stderr
    (full_disk.parent / "filler").unlink()  # room again: the game is still there
    assert shutil.disk_usage(full_disk.parent).free > 0
    with open_store(full_disk, read_only=True) as store:
        assert [game.id for game in store.list_games()] == [1]

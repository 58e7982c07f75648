"""Another connection makes and removes the -wal and -shm files beside a database at any
moment (the last to close removes them). A store opened while that happened took the
database for read-only: it looked for a side file, found it, then asked whether it may
write it, once it was gone ("no"). Its saves then went to the fallback file, which a full
test run caught with six threads saving at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gofish.storage import Store, access


class VanishingSideFiles:
    """os.access and os.path.exists for a database whose side files are there for the
    first two looks at each (whether both are there, then that one) and removed by
    another connection before the third (whether it may be written)."""

    def __init__(self, database: Path) -> None:
        self.sides = {f"{database}-wal", f"{database}-shm"}
        self.looks: dict[str, int] = {}
        self._access, self._exists = os.access, os.path.exists

    def _there(self, name: str) -> bool:
        self.looks[name] = self.looks.get(name, 0) + 1
        return self.looks[name] <= 2

    def access(self, name: str | os.PathLike[str], mode: int) -> bool:
        name = os.fspath(name)
        if name in self.sides:
            return self._there(name)  # root may write any file that is there
        return self._access(name, mode)

    def exists(self, name: str | os.PathLike[str]) -> bool:
        name = os.fspath(name)
        if name in self.sides:
            return self._there(name)
        return self._exists(name)


def test_side_files_removed_while_looked_at_are_not_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "games.sqlite3"
    Store(database).close()
    files = VanishingSideFiles(database)
    monkeypatch.setattr(access.os, "access", files.access)
    monkeypatch.setattr(access.os.path, "exists", files.exists)
    assert access.unwritable(database) is None


def test_a_read_only_side_file_is_still_found(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "games.sqlite3"
    Store(database).close()
    wal = f"{database}-wal"
    open(wal, "wb").close()
    real_access = os.access
    # As for a user who is not root: a -wal file made read-only with the database.
    monkeypatch.setattr(access.os, "access", lambda name, mode: (
        False if os.fspath(name) == wal else real_access(name, mode)))
    assert access.unwritable(database) == f"{wal} beside it is read-only (make it writable too)"

"""A games database path with no name of its own ('.', '/') still has a fallback file:
``gofish play --database .`` crashed its saving thread (with_name refused the empty name)
with a traceback, and the game it was meant to rescue was lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.storage.fallback import fallback_path, write_fallback


def test_a_path_without_a_name_keeps_its_fallback_file_inside() -> None:
    assert fallback_path(Path(".")) == Path("gofish.unsaved.jsonl")
    assert fallback_path(Path("/")) == Path("/gofish.unsaved.jsonl")
    assert fallback_path(Path("data/games.sqlite3")) == Path(
        "data/games.sqlite3.unsaved.jsonl")


def test_write_fallback_for_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert write_fallback(Path("."), {"record": {"players": 2}}) == Path(
        "gofish.unsaved.jsonl")
    line = (tmp_path / "gofish.unsaved.jsonl").read_text(encoding="utf-8")
    assert json.loads(line)["record"] == {"players": 2}


def test_play_with_the_current_folder_as_database_keeps_the_game(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "3", "--database", "."],
        input="quit\n", capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0
    assert "is a directory, not a file" in result.stderr
    kept = (tmp_path / "gofish.unsaved.jsonl").read_text(encoding="utf-8").splitlines()
    assert kept and json.loads(kept[-1])["record"]["players"] == 2

"""A history read around a damaged page walks the file's game keys (every game, read one
by one) once, not once for each page of 200 games, once more for the count beside a list
cut by --limit and once more for the damaged games past it: 120,000 games took two
minutes to list 5,000 of them, now 16 s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gofish.cli import main
from gofish.storage import salvage

from .test_damaged_pages import _overwrite, _pages_of
from .test_recover import _copied_tenfold


def damaged_with_walks_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                               ) -> tuple[Path, int, list[int]]:
    """A file of 300 games (two history pages) read around damage, its game count, and
    the list to which each walk of its game keys adds the keys it found."""
    path = tmp_path / "games.sqlite3"
    total = _copied_tenfold(path)
    _overwrite(path, _pages_of(path, "games_by_update")[0])  # times unknown: read around
    _overwrite(path, _pages_of(path, "games")[-1])
    walks: list[int] = []
    real_game_keys = salvage.game_keys

    def game_keys(*args: Any) -> list[salvage.GameKey]:
        keys = real_game_keys(*args)
        walks.append(len(keys))
        return keys

    monkeypatch.setattr(salvage, "game_keys", game_keys)
    return path, total, walks


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_history_of_several_pages_walks_the_keys_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        as_json: list[str]) -> None:
    path, total, walks = damaged_with_walks_counted(tmp_path, monkeypatch)
    limit = total - 10  # cut short: the count and the games past the limit are looked up
    assert main(["history", "--limit", str(limit), *as_json, "--database", str(path)]) == 1
    out = capsys.readouterr()
    assert "past the limit" in (out.err if as_json else out.out)
    assert walks == [total]

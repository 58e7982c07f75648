"""A damaged game is named in words that fit every cause: on a failing disk, "edited by
hand?" sent the player looking for an edit nobody made. One wording, in the commands'
messages and on the browser's pages alike."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from gofish.storage import DamagedGameError, StoredGame, open_store
from gofish.storage.errors import DAMAGE_CAUSES

from .test_cli import gofish_cmd
from .test_damaged_pages import _overwrite, _pages_of, _stored


def test_the_causes_name_a_failing_disk_and_an_edit_by_hand() -> None:
    assert "failing disk" in DAMAGE_CAUSES and "by hand" in DAMAGE_CAUSES


@pytest.mark.parametrize("command", ["history", "stats", "show"])
def test_a_game_on_a_damaged_page_is_named_with_every_cause(tmp_path: Path,
                                                            command: str) -> None:
    path = tmp_path / "games.sqlite3"
    _stored(path)
    leaves = _pages_of(path, "games")
    _overwrite(path, leaves[len(leaves) // 2])
    with open_store(path, read_only=True) as store:
        lost = next(entry.game_id for entry in store.list_entries(100)
                    if not isinstance(entry, StoredGame))
    arguments = [str(lost)] if command == "show" else []
    result = gofish_cmd(command, *arguments, "--database", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"damaged and cannot be read ({DAMAGE_CAUSES})" in result.stderr, result.stderr


def test_the_error_itself_names_every_cause(tmp_path: Path) -> None:
    error = DamagedGameError(3, tmp_path / "games.sqlite3")
    assert str(error).endswith(f"is damaged and cannot be read ({DAMAGE_CAUSES})")


@pytest.mark.parametrize("page", ["history.js", "stats.js"])
def test_the_browser_pages_use_the_same_words(page: str) -> None:
    script = resources.files("gofish.web").joinpath("static", "js", page).read_text("utf-8")
    assert f"damaged in the games database ({DAMAGE_CAUSES})" in script.lower()
    assert "(edited by hand?)" not in script

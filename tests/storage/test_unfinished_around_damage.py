"""history --unfinished on a file whose games' pages are all overwritten: a game that
cannot be read may be unfinished, so it is listed whatever --unfinished asks, and the
count beside a cut list must count what is listed, not what the intact index says."""

from __future__ import annotations

from pathlib import Path

from .test_cli import gofish_cmd
from .test_damaged_pages import _overwrite, _pages_of
from .test_recover import GAMES, _save_games

LIMIT = 20


def test_unfinished_list_cut_by_limit_says_how_many_more_cannot_be_read(
        tmp_path: Path) -> None:
    # Every games page overwritten: the first 20 of 30 unreadable games were listed and the
    # count (6, from the sound index of unfinished games) said no more were stored, so the
    # other 10 were neither shown nor named.
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    for page in _pages_of(path, "games"):
        _overwrite(path, page)

    listed = gofish_cmd("history", "--database", str(path), "--unfinished",
                        "--limit", str(LIMIT))

    assert listed.returncode == 1, listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 2 + LIMIT + 1, listed.stdout  # heading, rule, rows, the count
    assert all("(damaged: cannot be read)" in row for row in lines[2:-1])
    assert lines[-1] == (f"({LIMIT} of {GAMES} games that are unfinished or cannot be read "
                         "shown, the most recent: --limit N lists more)")

"""gofish history reads a long history a page at a time, and still lists the games as one
read found them: a game another gofish played on between two pages moved to the top,
past the pages already read, and was listed nowhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gofish.cli import history as history_command
from gofish.cli import main
from gofish.storage import Store

from .helpers import copies_of_one_game, damage, listed_ids

GAMES = history_command.PAGE + 50


def _hour(game_id: int) -> str:
    return f"2026-01-{1 + game_id // 24:02d}T{game_id % 24:02d}:00:00.000+00:00"


@pytest.mark.parametrize("as_json", [False, True])
def test_a_game_played_on_between_two_pages_is_still_listed_once(
    db_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    as_json: bool,
) -> None:
    copies_of_one_game(db_path, GAMES, updated_at=_hour)
    real_list_page = Store.list_page
    pages: list[int] = []

    def list_page(store: Store, *args: Any, **kwargs: Any) -> Any:
        page = real_list_page(store, *args, **kwargs)
        if not pages:  # another gofish plays on the oldest game, not yet listed
            damage(db_path, "UPDATE games SET updated_at = '2027-01-01T00:00:00.000+00:00' "
                   "WHERE id = 1")
        pages.append(len(page.entries))
        return page

    monkeypatch.setattr(Store, "list_page", list_page)
    code = main(["history", "--limit", str(GAMES), "--database", str(db_path),
                 *(["--json"] if as_json else [])])
    out = capsys.readouterr().out
    assert code == 0
    # As they stood when the listing began:
    assert listed_ids(out, as_json=as_json) == list(range(GAMES, 0, -1))

"""Two windows resuming one game: the store keeps the second window's moves as a game of
their own (neither loses a move), and now that window is told which game it plays. Its log
still said "Resuming game 50" while its moves went to game 51, and only its quit prompt,
naming game 51, hinted at the split."""

from __future__ import annotations

import io
from pathlib import Path

import gofish
from gofish.core import RANKS
from gofish.plain import play_plain
from gofish.session import TableSession
from gofish.storage import open_store

SEATS = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
EVERY_RANK_ONCE = "\n".join(rank.symbol for rank in RANKS) + "\n"


def _resumed(store: object, game_id: int) -> TableSession:
    stored = store.get(game_id)  # type: ignore[attr-defined]
    return TableSession.resume(stored.record, stored.seats, store, game_id,  # type: ignore[arg-type]
                               source="plain")


def test_the_table_whose_moves_are_split_off_is_told_its_new_game(tmp_path: Path) -> None:
    with open_store(tmp_path / "games.sqlite3") as store:
        game = gofish.new_game("classic", 2, seed=5)
        game_id = store.save(game.to_record(), seats=SEATS)
        first, second = _resumed(store, game_id), _resumed(store, game_id)
        assert play_plain(first, io.StringIO(EVERY_RANK_ONCE), io.StringIO()) == 0
        out = io.StringIO()
        assert play_plain(second, io.StringIO(EVERY_RANK_ONCE), out) == 0
        split = second.game_id
        assert split is not None and split != game_id
        text = out.getvalue()
        assert text.count(f"Game {game_id} went on at another table") == 1, text
        assert f"kept apart from there as game {split}" in text
        assert store.get(split).record["actions"] == second.game.to_record()["actions"]

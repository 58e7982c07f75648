"""A table that deals again forgets its own deal if nobody asked in it, but never a deal
another table resumed and played on meanwhile: `gofish play` dealt game 1, `gofish resume
1` in a second terminal played five asks in it, and `n n` on the first table deleted
game 1 with those five asks (and the second table's next save then found no game 1)."""

from __future__ import annotations

from pathlib import Path

from gofish.core import make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store


def _person_first(store_path: Path) -> TableSession:
    settings = TableSettings(rules=make_rules("classic"), players=2, opponents=("emma",),
                             name="You", seed=7)  # seed 7: the person asks first
    session = TableSession.deal(settings, open_store(store_path))
    assert session.human_to_act and not session.game.actions
    session.save()  # the terminal table stores its deal (BackgroundSaver, at once)
    return session


def test_dealing_again_keeps_a_deal_another_table_played_on(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    first = _person_first(database)
    game_id = first.game_id
    assert game_id is not None
    with open_store(database) as store:  # gofish resume ID, in another terminal
        stored = store.get(game_id)
        other = TableSession.resume(stored.record, stored.seats, store, stored.id)
        ask = other.game.legal_actions()[0]
        other.ask(ask.target, ask.rank)
        assert other.save() is None and other.game_id == game_id
    first.forget_unplayed()  # n n at the first table
    with open_store(database) as store:
        kept = store.get(game_id)
    assert kept.actions == len(other.game.actions) >= 1


def test_dealing_again_still_forgets_a_deal_nobody_asked_in(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    first = _person_first(database)
    first.forget_unplayed()
    with open_store(database) as store:
        assert store.list_games() == []

"""A move that reaches a table while it closes (its game going to a newer socket).

A page's socket gives way when a newer one of its page's takes its game: the old table is
closed, its game stored, then read by the new one. An ask from the old page that arrived
meanwhile waited for the session's lock and was then played on the closed session and
stored, behind the new page's back: its next save put the game back without it, and the
ask was never told to anyone. A closed session now refuses it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.storage import open_store
from gofish.web import GameSession, MoveRefused
from gofish.web.messages import AskMessage, StartMessage

from .test_session import Page, run


def test_an_ask_after_the_table_closed_is_refused_and_not_stored(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path / "games.sqlite3") as store:
            dealt = StartMessage(type="start", opponents=["emma"], seed=8, pace=0)
            session = GameSession.from_start(dealt, store=store)
            session.keep_dealt()  # as a page's table does
            await session.connect(0, Page().send)
            assert session.game.current_player == 0 and session.game_id is not None
            ask = session.game.legal_actions()[0]
            late = AskMessage(type="ask", version=session.version, target=ask.target,
                              rank=str(ask.rank))
            await session.close()
            with pytest.raises(MoveRefused, match="open the game again"):
                await session.submit(0, late)
            assert not session.game.actions
            assert store.get(session.game_id).actions == 0

    run(scenario)

"""A resumed game's names come from the games database, which may have been edited by
hand: an escape sequence or a newline in one reached the full-screen table as it was, and
the terminal acted on it (ESC [2J cleared the screen at every line naming that player).
``TableSession.names`` shows each control character as U+FFFD, as ``gofish show`` and the
line mode do, for every table and every game dealt after it at that table."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.tui.helpers import screen_text

from gofish.core import make_rules
from gofish.narrate import is_control
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store
from gofish.tui import GoFishApp

PERSON = "Bob\x1b]0;pwned\x07"  # sets the terminal window's title
BOT = "Em\nma\x1b[2J"  # breaks the line, then clears the screen


def _edited_game(database: Path) -> int:
    """A game against two Emmas with one ask played, whose seat names are then edited."""
    settings = TableSettings(rules=make_rules("classic"), players=3, opponents=("emma",),
                             name="Bob", seed=5)
    with open_store(database) as store:
        session = TableSession.deal(settings, store)
        while not session.human_to_act:
            session.bot_move()
        first = session.game.legal_actions()[0]
        session.ask(first.target, first.rank)
        assert session.game_id is not None
        game_id = session.game_id
    with sqlite3.connect(database) as db:
        db.execute("UPDATE seats SET name = ? WHERE seat = 0", (PERSON,))
        db.execute("UPDATE seats SET name = ? WHERE seat = 1", (BOT,))
    return game_id


def _resumed(database: Path) -> TableSession:
    game_id = _edited_game(database)
    store = open_store(database)
    stored = store.get(game_id)
    return TableSession.resume(stored.record, stored.seats, store, stored.id)


def _no_control(text: str) -> bool:
    return not any(map(is_control, text))


def test_a_resumed_games_names_and_sentences_hold_no_control_character(
        tmp_path: Path) -> None:
    session = _resumed(tmp_path / "games.sqlite3")
    assert session.names[:2] == ["Bob\ufffd]0;pwned\ufffd", "Em\ufffdma\ufffd[2J"]
    said = [sentence for _, sentence in session.history()]
    assert any("Em\ufffdma" in sentence for sentence in said)
    assert all(map(_no_control, said))
    assert _no_control(session.explain(1, session.held_ranks()[0]) or "")


def test_the_next_game_at_a_resumed_table_shows_the_names_cleanly_too(
        tmp_path: Path) -> None:
    # The person's name goes on in the table's settings to every new deal.
    session = _resumed(tmp_path / "games.sqlite3").next_game()
    assert session.names[0] == "Bob\ufffd]0;pwned\ufffd"
    assert all(map(_no_control, session.names))


def test_the_full_screen_table_draws_no_escape_from_a_stored_name(tmp_path: Path) -> None:
    app = GoFishApp(_resumed(tmp_path / "games.sqlite3"), speed=0)
    seen: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            seen.append(screen_text(app))

    asyncio.run(main())
    assert "Em\ufffdma" in seen[0]
    assert "\x1b" not in seen[0] and "\x07" not in seen[0]

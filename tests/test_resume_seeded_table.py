"""A seeded table left mid-game and resumed deals on from its seed: the game after the
resumed one is the deal an uninterrupted table deals next (deal 1 of the seed), in the
line mode and on the terminal table alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.tui.helpers import make_app, play_to_the_end, run_app
from textual.pilot import Pilot

from gofish.core import RANKS, make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import StorageError, open_store
from gofish.storage.store import rescue
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS

SEED = 13


def next_deal_uninterrupted(settings: TableSettings) -> tuple[list[str], int]:
    """The deck and first player of the game a table never left deals after its first."""
    record = TableSession.deal(settings).next_game().game.to_record()
    return record["deck"], record["first_player"]


def deal_of(record: dict[str, Any]) -> tuple[list[str], int]:
    return record["deck"], record["first_player"]


def gofish(args: list[str], stdin: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GOFISH_DB": str(db), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "gofish", *args],
        input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False,
    )


# "queen", not "Q": a q alone would quit once the game is over.
EVERY_RANK = "".join(f"{'queen' if rank.symbol == 'Q' else rank.symbol}\n" for rank in RANKS)


def test_plain_resume_then_new_deals_the_seeds_next_game(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    first = gofish(["play", "--plain", "--seed", str(SEED)], "A\n2\n3\n4\n5\n6\n", db)
    assert "saved unfinished" in first.stdout, first.stderr
    # Finish the resumed game, deal the next one and ask in it, so that it is stored too.
    second = gofish(["resume", "--plain"], EVERY_RANK * 60 + "new\n" + EVERY_RANK, db)
    assert second.returncode == 0, second.stderr
    assert "Game over" in second.stdout and "Game 2 saved unfinished" in second.stdout
    with open_store(db) as store:
        assert store.get(1).over
        next_game = store.get(2)
        assert deal_of(next_game.record) == next_deal_uninterrupted(
            TableSettings(make_rules("classic"), seed=SEED))
        # …and it is saved as deal 1 of the seed, so resuming it deals on from there.
        assert store.seeded_deal(2) == {"seed": SEED, "number": 1}


def test_table_resume_then_new_deals_the_seeds_next_game(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    app = make_app("classic", seed=SEED, database=db)

    async def walk_away(app: GoFishApp, pilot: Pilot[None]) -> None:
        for _ in range(3):
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
            await pilot.pause()
        await pilot.press("ctrl+c")

    run_app(app, walk_away)
    assert not app.session.is_over
    with open_store(db) as store:
        stored = store.latest_unfinished()
        assert stored is not None
        # As gofish resume sets it up.
        resumed = GoFishApp(TableSession.resume(stored.record, stored.seats, store, stored.id,
                                                deal=store.seeded_deal(stored.id)), speed=0)

        async def finish_and_deal_again(app: GoFishApp, pilot: Pilot[None]) -> None:
            await play_to_the_end(app, pilot)
            await pilot.press("n")
            await pilot.pause()
            assert not app.session.is_over
            expected = next_deal_uninterrupted(TableSettings(make_rules("classic"), seed=SEED))
            assert deal_of(app.session.game.to_record()) == expected

        run_app(resumed, finish_and_deal_again)


def test_a_game_saved_without_a_deal_resumes_unseeded(tmp_path: Path) -> None:
    # Games stored before deals were kept (or unseeded ones) resume as they always did.
    db = tmp_path / "g.db"
    settings = TableSettings(make_rules("classic"), seed=SEED)
    session = TableSession.deal(settings, open_store(db))
    held = session.held_ranks()[0]
    if session.bot_to_act:
        session.bot_move()
    session.ask(1, held) if session.human_to_act else None
    assert session.store is not None and session.game_id is not None
    session.store.connection.execute("UPDATE games SET deal = NULL")
    resumed = TableSession.resume(session.game.to_record(), session.seats, session.store,
                                  session.game_id, deal=session.store.seeded_deal(1))
    assert resumed.settings.seed is None and resumed.game_number == 0
    session.store.close()


def test_a_deal_that_did_not_make_the_game_is_ignored() -> None:
    # A deal edited by hand (or from another table) must not seed the next game.
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=SEED))
    record = session.game.to_record()
    resumed = TableSession.resume(record, session.seats, None, 1,
                                  deal={"seed": SEED + 1, "number": 0})
    assert resumed.settings.seed is None
    right = TableSession.resume(record, session.seats, None, 1,
                                deal={"seed": SEED, "number": 0})
    assert right.settings.seed == SEED
    assert deal_of(right.next_game().game.to_record()) == next_deal_uninterrupted(
        session.settings)


def test_a_game_rescued_to_the_fallback_file_keeps_its_deal(tmp_path: Path) -> None:
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=SEED), game_number=2)
    deal = session.seeded_deal()
    assert deal == {"seed": SEED, "number": 2}
    with open_store(tmp_path / "g.db") as store:
        rescue(store.path, StorageError("the database is locked"), session.game.to_record(),
               session.seats, None, "plain", deal)
        [game_id] = store.recover_unsaved()
        assert store.seeded_deal(game_id) == deal

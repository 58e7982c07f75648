"""How the terminal table saves: every ask, from a thread; a locked games database
another program holds neither fills the fallback file nor the log with warnings."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from tests.plain import test_locked_database as line_mode
from tests.tui.helpers import make_app, run_app, screen_text
from tests.tui.test_sweep_wording import prompt_text
from tests.tui.test_table import until
from textual.pilot import Pilot

from gofish.session import TableSession
from gofish.storage import Store
from gofish.tui import GoFishApp
from gofish.tui.widgets import RANK_KEYS

# The line mode's fixtures: a games database with a short lock wait (one failed save
# takes about a second), and another program holding its write lock.
db, store, locked = line_mode.db, line_mode.store, line_mode.locked
fallback_entries = line_mode.fallback_entries


def log_lines(app: GoFishApp, words: str) -> list[str]:
    return [line.plain for line in app.log_lines if words in line.plain]


async def ask_once(app: GoFishApp, pilot: Pilot[None]) -> None:
    """Ask for the first rank held (the bots answer at once: speed 0); R5."""
    asks = len(app.session.game.actions)
    await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
    await until(lambda: len(app.session.game.actions) > asks, pilot)


async def ask_and_save(app: GoFishApp, pilot: Pilot[None]) -> None:
    """Ask once, then wait until the saves it queued are done (stored, or failed)."""
    await ask_once(app, pilot)
    await until(lambda: app.saver.wait(0), pilot)


def asks_left(app: GoFishApp) -> bool:
    return app.session.human_to_act and not app.session.is_over


async def quit_and_wait(app: GoFishApp, pilot: Pilot[None]) -> None:
    await pilot.press("q", "q")
    await until(lambda: app.return_code is not None, pilot)


def table_on(games: Any) -> GoFishApp:
    app = make_app("classic", seed=3)
    app.session.store = games
    # ask_once asks at the machine's pace, the rank just handed over again too (a sure
    # miss, R6, that passes the turn): no double press of a key, which would be dropped.
    app.repeat_window = 0
    return app


def test_a_locked_database_warns_once_and_keeps_few_copies_of_the_game(
    db: Path, store: Store, locked: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No retry falls due during the test however slow the machine (30 s in play).
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 3600.0)
    app = table_on(store)
    seen: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        await until(lambda: app.told_failure, pilot)  # the first failed save is told
        asks = 0
        while asks < 4 and asks_left(app):
            await ask_once(app, pilot)
            asks += 1
        seen["asks"] = asks
        await until(lambda: app.saver.wait(0), pilot)
        seen["warnings"] = log_lines(app, "Could not save")
        await quit_and_wait(app, pilot)

    run_app(app, script)
    assert seen["asks"] >= 3
    [warning] = seen["warnings"]  # once, not after every ask (it used to be one per ask)
    assert "locked by another program" in warning and "games.sqlite3.unsaved.jsonl" in warning
    final = app.session.game.to_record()
    entries = fallback_entries(db)
    # The first failed save's copy and the last position's, not one copy per ask.
    assert len(entries) == 2
    assert [entry["record"] for entry in entries].count(final) == 1
    locked.execute("ROLLBACK")
    assert len(store.recover_unsaved()) == 1
    [stored] = store.list_games()
    assert stored.record == final


def test_with_a_working_database_every_ask_is_saved_as_it_is_made(
    db: Path, store: Store
) -> None:
    app = table_on(store)
    stored_after_ask: list[bool] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        while len(stored_after_ask) < 4 and asks_left(app):
            await ask_and_save(app, pilot)
            stored = store.get(app.session.game_id or 0)
            stored_after_ask.append(stored.record == app.session.game.to_record())
        await quit_and_wait(app, pilot)

    run_app(app, script)
    assert len(stored_after_ask) >= 3 and all(stored_after_ask)
    assert not log_lines(app, "Could not save") and not fallback_entries(db)
    assert store.get(1).record == app.session.game.to_record()


def test_the_player_is_told_once_that_saving_fails_and_once_that_it_works_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 0.0)  # every ask tries again
    switchable = line_mode.SwitchableStore(tmp_path / "games.sqlite3")  # locked at first
    app = table_on(switchable)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        for _ in range(3):
            await ask_once(app, pilot)
            await until(lambda: app.saver.wait(0) and app.told_failure, pilot)
        switchable.locked = False
        await ask_once(app, pilot)
        await until(lambda: not app.told_failure, pilot)
        await quit_and_wait(app, pilot)

    run_app(app, script)
    assert len(switchable.refused) >= 3  # several failed saves ...
    assert len(log_lines(app, "Could not save")) == 1  # ... one warning
    assert len(log_lines(app, "works again")) == 1
    assert switchable.saved[-1] == app.session.game.to_record()


class StuckStore:
    """Saves that wait until the test lets them end (a database held a long while)."""

    def __init__(self) -> None:
        self.path = Path("stuck.sqlite3")  # named in "Quit? … gofish resume --database …"
        self.saved: list[dict[str, Any]] = []
        self.saving = threading.Event()
        self.release = threading.Event()

    def save(self, record: dict[str, Any], **_: object) -> int:
        self.saving.set()
        self.release.wait(timeout=60)
        self.saved.append(record)
        return 1


@pytest.mark.parametrize("keys", [("q", "q"), ("n", "n")], ids=["quit", "new game"])
def test_leaving_a_game_waits_for_its_last_position_to_be_saved(keys: tuple[str, ...]) -> None:
    stuck = StuckStore()
    app = table_on(stuck)
    seen: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        first = app.session
        try:
            await until(stuck.saving.is_set, pilot)  # the deal's save is under way, stuck
            await ask_once(app, pilot)  # queued behind it
            await pilot.press(*keys)
            await pilot.pause()
            seen["text"] = screen_text(app)
            seen["waited"] = app.return_code is None and app.session is first
            seen["asks"] = len(first.game.actions)
            await pilot.press(RANK_KEYS[first.held_ranks()[0]])  # no more asks meanwhile
            await pilot.pause()
            seen["asks after"] = len(first.game.actions)
        finally:
            stuck.release.set()
        await until(lambda: app.return_code is not None or app.session is not first, pilot)
        seen["first"] = first.game.to_record()
        seen["saved then"] = list(stuck.saved)

    run_app(app, script)
    assert "Saving the game…" in seen["text"] and seen["waited"]
    assert seen["asks after"] == seen["asks"]
    # Saved before the table quit or dealt again: the new deal's saves come after it.
    saved, first = seen["saved then"], seen["first"]
    dealt_again = [index for index, record in enumerate(saved) if record["deck"] != first["deck"]]
    assert saved[(dealt_again or [len(saved)])[0] - 1] == first


@pytest.mark.parametrize("refused", [True, False])
def test_closing_the_table_says_where_the_game_went(
    refused: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The app's log goes with its screen: the last word on saving is printed after it.
    from gofish.cli.play import launch

    session = make_app("classic", seed=3).session
    session.game_id = 4
    session.game.play(session.game.legal_actions()[0])  # R5: one ask, so there is a game
    rescued = "Could not save the game: locked. The game is not lost: it was written to x.jsonl"

    def run(app: GoFishApp) -> None:
        app.saver.failure = rescued if refused else None

    monkeypatch.setattr(GoFishApp, "run", run)
    assert launch(session, plain=False, speed=0) == 0
    out, err = capsys.readouterr()
    if refused:
        assert err == f"gofish: {rescued}\n" and "saved" not in out
    else:
        assert out.startswith("Game 4 saved unfinished: gofish resume 4") and err == ""


def test_dealing_again_says_where_the_last_game_went_in_the_new_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 3600.0)
    switchable = line_mode.SwitchableStore(tmp_path / "games.sqlite3")  # locked throughout
    app = table_on(switchable)
    seen: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        first = app.session
        await ask_once(app, pilot)
        await until(lambda: app.told_failure, pilot)  # warned already in this game
        await pilot.press("n", "n")
        await until(lambda: app.session is not first, pilot)
        seen["first"] = first.game.to_record()
        seen["said"] = log_lines(app, "Last game:")
        await quit_and_wait(app, pilot)

    run_app(app, script)
    # The last game's final save went to the fallback file: the new game's log says so
    # (start() used to clear the log right after the old one said it, or said nothing).
    assert seen["first"] in switchable.refused
    [said] = seen["said"]
    assert "locked by another program" in said and "unsaved.jsonl" in said


@pytest.mark.parametrize("rescued", [True, False], ids=["in the fallback file", "nowhere"])
def test_the_quit_and_new_game_questions_say_whether_the_game_is_kept(
    rescued: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # They said "The game is saved" even when every save had failed, the fallback file's
    # too: a person who believed it quit and lost the game.
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 0.0)
    switchable = line_mode.SwitchableStore(tmp_path / "games.sqlite3", rescues=rescued)
    app = table_on(switchable)
    questions: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        await until(lambda: app.saver.wait(0) and app.told_failure, pilot)
        for key in ("q", "n"):
            await pilot.press(key)
            await pilot.pause()
            questions.append(prompt_text(app))
            await pilot.press("x")  # stay
            await pilot.pause()
        switchable.locked = False  # the last save, as the table is left, works
        await quit_and_wait(app, pilot)

    run_app(app, script, size=(200, 30))
    quit_question, new_game_question = questions
    if rescued:
        assert "The game is saved: gofish resume --database" in quit_question
        assert "This game is saved: gofish resume --database" in new_game_question
    else:
        nowhere = ("could not be saved anywhere: it is tried once more as you leave, and lost "
                   "if that fails too.")
        assert quit_question.endswith(f"The game {nowhere}") and "is saved" not in quit_question
        assert new_game_question.endswith(f"This game {nowhere}")
    assert switchable.saved[-1] == app.session.game.to_record()  # tried once more: kept


def test_a_deal_dealt_again_before_any_ask_leaves_no_game_in_the_history(tmp_path: Path) -> None:
    # Each n on a deal nobody had asked in yet left it stored "in progress", with nothing
    # in it to resume: six quick n, six empty games in `gofish history`. The deal on the
    # table is kept (as the line mode keeps it), and so is every game with an ask in it
    # (Emma, first to play in some deals, asks at once).
    database = tmp_path / "games.sqlite3"
    app = make_app("classic", seed=3, database=database)
    app.repeat_window = 0  # each n is pressed on a deal in sight, not as a double press
    left: list[TableSession] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_once(app, pilot)
        for _ in range(6):
            deal = app.session
            await until(lambda deal=deal: deal.game_id is not None or bool(deal.game.actions),
                        pilot)
            await pilot.press("n")
            if app.confirm_new:  # an ask in it: "New game? Press n again"
                await pilot.press("n")
            await until(lambda deal=deal: app.session is not deal, pilot)
            left.append(deal)
        await until(lambda: app.session.game_id is not None, pilot)

    run_app(app, script)
    with Store(database) as reopened:
        kept = reopened.list_games()
    asked_in = [deal for deal in left if deal.game.actions]
    assert 0 < len(asked_in) < len(left)  # both kinds of deal were left
    assert len(kept) == len(asked_in) + 1
    assert [game.id for game in kept if not game.actions] == [app.session.game_id]


def test_a_table_whose_moves_are_split_off_says_which_game_it_now_plays(
    db: Path, store: Store
) -> None:
    # Two windows on one game: the store keeps the later one's moves as a new game, and
    # its log still said "Resuming game 1" while its moves went to game 2.
    app = table_on(store)
    told: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await ask_and_save(app, pilot)
        first = app.session.game_id
        ahead = app.session.game.to_record()  # another window plays on from here
        elsewhere = TableSession.resume(ahead, app.session.seats, store, first or 0)
        # Another ask than the one this table will make (its first rank held).
        elsewhere.game.play(elsewhere.game.legal_actions()[-1])
        assert elsewhere.save() is None and elsewhere.game_id == first
        await until(lambda: asks_left(app), pilot)
        await ask_and_save(app, pilot)  # its save finds the other table's move stored
        await pilot.pause()
        told.extend(log_lines(app, "went on at another table"))
        told.append(str(app.session.game_id))
        await quit_and_wait(app, pilot)

    run_app(app, script)
    assert told[:-1] == [f"Game 1 went on at another table (another window), so this "
                         f"table's moves are kept apart from there as game {told[-1]}; "
                         "neither table loses a move."], told
    assert told[-1] == "2"


def test_quitting_a_fresh_deal_says_it_was_saved_as_the_line_mode_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # q before any ask quits at once; the deal is in the games database, unfinished, and
    # resume picks it up: the line mode says "Game 1 saved unfinished", the table said nothing.
    from gofish.cli.play import say_where_the_game_is

    database = tmp_path / "games.sqlite3"
    app = make_app("classic", seed=1, database=database)
    # Seed 1 deals the person first: no bot has asked when q is pressed.
    assert app.session.human_to_act and not app.session.game.actions

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: app.saver.wait(0) and app.session.game_id is not None, pilot)
        await pilot.press("q")
        await until(lambda: app.return_code is not None, pilot)

    run_app(app, script)
    say_where_the_game_is(app)
    out, err = capsys.readouterr()
    kept = Store(database).latest_unfinished()
    assert kept is not None and kept.id == app.session.game_id and not kept.record["actions"]
    assert out == f"Game {kept.id} saved unfinished: gofish resume {kept.id} --database " \
        f"{database} picks it up.\n" and err == ""


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
def test_help_does_not_name_a_resume_command_it_cannot_know(preset: str) -> None:
    """The help's quit row said "your game is saved: gofish resume", with no --database
    and while every save was failing; the quit question says where the game is kept, in
    full, and the help now points to it."""
    from gofish.core import make_rules
    from gofish.tui.screens import controls

    quit_row = dict(controls(make_rules(preset), 3))["q Ctrl+Q"]
    assert "gofish resume" not in quit_row and "saved" not in quit_row
    assert "the first q says where the game is kept" in quit_row

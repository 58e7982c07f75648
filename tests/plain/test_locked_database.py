"""The plain line mode with a games database another program holds locked."""

from __future__ import annotations

import io
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from gofish.core import RANKS, make_rules
from gofish.plain import PlainTable, play_plain
from gofish.session import BackgroundSaver, TableSession, TableSettings
from gofish.storage import StorageError, Store, open_store

# One save into a locked database costs 3 tries of this wait plus 0.25 s of pauses.
LOCK_WAIT = 0.25
# Seconds a test waits for saves to settle, or a held save for its release: only a
# failing test ever waits this long, so it may be far more than a loaded machine needs.
SETTLE_LIMIT = HELD_SAVE_LIMIT = 60.0
EVERY_RANK_ONCE = "\n".join(rank.symbol for rank in RANKS) + "\n"


class SettledLines(io.StringIO):
    """Piped input that, before each line, lets the table's saves settle and calls
    ``before_line`` (to look at the store, or to unlock it)."""

    def __init__(self, text: str, before_line: Callable[[PlainTable], None]) -> None:
        super().__init__(text)
        self.before_line = before_line
        self.table: PlainTable | None = None

    def readline(self, size: int | None = -1) -> str:
        assert self.table is not None
        assert self.table.saver.wait(SETTLE_LIMIT)
        self.before_line(self.table)
        return super().readline(size)


class SwitchableStore:
    """Stands in for a Store: refuses saves while ``locked`` (the game "goes to the
    fallback file", or with ``rescues`` False, as when that fails too, nowhere), keeps
    them otherwise, and counts both."""

    def __init__(self, path: Path, *, rescues: bool = True) -> None:
        self.path = path
        self.locked = True
        self.rescues = rescues
        self.rescue_to = Path("unsaved.jsonl")  # where a refused save "goes"
        self.saved: list[dict[str, Any]] = []
        self.refused: list[dict[str, Any]] = []

    def save(self, record: dict[str, Any], **_: object) -> int:
        if self.locked:
            self.refused.append(record)
            locked = f"the games database {self.path} is locked by another program"
            if not self.rescues:
                raise StorageError(f"{locked}; the game could not be written anywhere else "
                                   "either")
            raise StorageError(f"{locked}. The game is not lost: it was written to "
                               f"{self.rescue_to}", fallback_path=self.rescue_to)
        self.saved.append(record)
        return 1

    def deal(self) -> TableSession:
        return TableSession.deal(TableSettings(make_rules("classic"), seed=5),
                                 cast(Store, self), source="plain")


def play_settled(session: TableSession, before_line: Callable[[PlainTable], None]) -> str:
    lines = SettledLines(EVERY_RANK_ONCE, before_line)
    out = io.StringIO()
    table = lines.table = PlainTable(session, lines, out)
    assert table.run() == 0
    return out.getvalue()


def fallback_entries(db: Path) -> list[dict[str, object]]:
    path = db.with_name(db.name + ".unsaved.jsonl")
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with open_store(db, timeout=LOCK_WAIT) as opened:
        yield opened


@pytest.fixture
def locked(db: Path, store: Store) -> Iterator[sqlite3.Connection]:
    """Another program holds the write lock (the store is open already)."""
    holder = sqlite3.connect(db, isolation_level=None, timeout=0, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO schema_version (version) SELECT version FROM schema_version")
    yield holder
    if holder.in_transaction:
        holder.execute("ROLLBACK")
    holder.close()


def test_a_locked_database_is_tried_once_during_play_and_again_at_the_end(
    db: Path, store: Store, locked: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No retry falls due during the test however slow the machine (30 s in play).
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 3600.0)
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=5), store,
                                source="plain")
    copies_when_read: list[int] = []
    text = play_settled(session, lambda _: copies_when_read.append(len(fallback_entries(db))))
    asks = sum(1 for player, _ in session.game.actions if player == session.human)
    assert asks >= 3 and not session.is_over
    # Every ask used to try the database again (3 s of lock wait) and add a copy of the
    # game to the fallback file; now only the deal's save was tried during play.
    assert copies_when_read and set(copies_when_read) == {1}
    # The deal's failed save is said once during play (the lines wait for it), the last
    # position's at the end: not a warning after every move.
    assert text.count("Play on") == 1 and text.count("Warning:") == 2
    assert "locked by another program" in text and "games.sqlite3.unsaved.jsonl" in text
    # The last save waits out the lock (3 tries of 0.25 s), longer than the table waits
    # before it says so.
    assert "Saving the game…" in text
    # Where the game is: not "saved unfinished: gofish resume picks it up", as resume
    # reads only the database, which the fallback file goes into once it can be written.
    assert "saved unfinished" not in text
    assert text.rstrip().endswith(
        f"The game's last moves are kept in {db}.unsaved.jsonl, and go into the database "
        f"the next time gofish can write to it: then gofish history --database {db} lists "
        "it.")  # the database it goes into: a bare gofish history lists the default one
    final = session.game.to_record()
    entries = fallback_entries(db)
    assert len(entries) == 2 and entries[-1]["record"] == final
    locked.execute("ROLLBACK")
    assert len(store.recover_unsaved()) == 1
    [stored] = store.list_games()
    assert stored.record == final and stored.source == "plain"


class HeldStore:
    """Stands in for a Store whose first save hangs until the input ends (a database
    held a long while), then refuses it; counts the saves that ended."""

    def __init__(self) -> None:
        self.path = Path("games.sqlite3")  # as a Store has: resume commands name it
        self.release = threading.Event()
        self.ended = 0

    def save(self, record: dict[str, Any], **_: object) -> int:
        self.release.wait(timeout=HELD_SAVE_LIMIT)
        self.ended += 1
        raise StorageError("the games database is locked by another program. The game is "
                           "not lost: it was written to unsaved.jsonl",
                           fallback_path=Path("unsaved.jsonl"))


class LinesWhileHeld(io.StringIO):
    """Piped input that notes how many saves had ended when each line was read, and
    lets ``store``'s held save end at the end of input."""

    def __init__(self, text: str, store: HeldStore) -> None:
        super().__init__(text)
        self.store = store
        self.saves_ended: list[int] = []

    def readline(self, size: int | None = -1) -> str:
        self.saves_ended.append(self.store.ended)
        line = super().readline(size)
        if not line:
            self.store.release.set()
        return line


def test_no_move_waits_for_a_save() -> None:
    # A save held until the input ends: were any ask to wait for its save, that line
    # would be read only after the save ended (at the safety limit). No clock involved.
    held = HeldStore()
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=5),
                                cast(Store, held), source="plain")
    lines = LinesWhileHeld(EVERY_RANK_ONCE, held)
    out = io.StringIO()
    assert play_plain(session, lines, out) == 0
    asks = sum(1 for player, _ in session.game.actions if player == session.human)
    assert asks >= 3 and len(lines.saves_ended) > asks
    assert set(lines.saves_ended) == {0}  # every line read while the first save hung
    assert held.ended >= 1 and held.release.is_set()
    text = out.getvalue()
    assert "Play on" not in text and text.count("Warning:") == 1  # the last save's, at the end


def test_with_a_working_database_every_ask_is_saved_as_it_is_made(db: Path, store: Store) -> None:
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=5), store,
                                source="plain")
    stored_when_read: list[bool] = []

    def check(table: PlainTable) -> None:
        stored = store.get(table.session.game_id or 0)
        stored_when_read.append(stored.record == table.session.game.to_record())

    text = play_settled(session, check)
    assert session.game.actions and stored_when_read and all(stored_when_read)
    assert "Warning" not in text and "Saving the game" not in text
    assert text.rstrip().endswith("Game 1 saved unfinished: gofish resume 1 --plain --database "
                                  f"{db} picks it up.")
    assert store.get(1).record == session.game.to_record()
    assert not fallback_entries(db)


def test_the_player_is_warned_once_and_told_when_saving_works_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 0.0)  # every ask tries again
    store = SwitchableStore(tmp_path / "games.sqlite3")
    session = store.deal()
    reads_since_warning = []

    def unlock_a_while_after_the_warning(table: PlainTable) -> None:
        if table.told_failure:
            reads_since_warning.append(1)
        if len(reads_since_warning) == 5:
            store.locked = False

    text = play_settled(session, unlock_a_while_after_the_warning)
    # Several failed saves (how many depends on how the asks of one line coalesce into
    # one save, which the machine's load decides; each line waits for its saves) ...
    assert len(store.refused) >= 2
    assert text.count("Warning:") == 1 and "Play on" in text  # ... one warning
    assert text.count("The games database works again") == 1
    assert text.index("Warning:") < text.index("works again")
    assert store.saved[-1] == session.game.to_record()
    assert "Game 1 saved unfinished" in text


def test_after_a_failed_save_the_database_is_tried_again_only_after_a_while(
    tmp_path: Path
) -> None:
    store = SwitchableStore(tmp_path / "games.sqlite3")
    session = store.deal()
    game = session.game
    now = [0.0]
    saver = BackgroundSaver(session, retry_after=30, clock=lambda: now[0])

    def ask_and_save() -> None:
        game.play(game.legal_actions()[0])
        saver.submit()
        assert saver.wait(SETTLE_LIMIT)

    saver.submit()
    assert saver.wait(SETTLE_LIMIT) and saver.failure is not None and "locked" in saver.failure
    for _ in range(3):
        ask_and_save()
    assert len(store.refused) == 1  # not one try (and one rescued copy) per ask
    now[0] = 31
    ask_and_save()
    assert len(store.refused) == 2 and store.refused[-1] == game.to_record()
    store.locked = False
    ask_and_save()
    assert not store.saved  # the last try was under 30 s ago
    saver.finish()
    assert saver.wait(SETTLE_LIMIT) and saver.failure is None
    assert store.saved == [game.to_record()]  # the end is always tried, and this was the newest
    saver.finish()
    assert saver.wait(SETTLE_LIMIT)
    assert len(store.saved) == 1  # the same position is not saved twice


def test_a_game_kept_nowhere_is_not_said_to_be_kept_and_every_ask_tries_again(
    tmp_path: Path
) -> None:
    # The fallback file could not be written either: nothing holds the moves but the
    # table, so no backing off (and no "your moves are kept").
    store = SwitchableStore(tmp_path / "games.sqlite3", rescues=False)
    session = store.deal()
    game = session.game
    saver = BackgroundSaver(session, retry_after=30, clock=lambda: 0.0)
    saver.submit()
    assert saver.wait(SETTLE_LIMIT) and not saver.rescued
    news = saver.failure_news()
    assert news is not None and "anywhere else either" in news
    assert "moves are kept" not in news and "could not be saved anywhere" in news
    for asks in range(1, 4):
        game.play(game.legal_actions()[0])
        saver.submit()
        assert saver.wait(SETTLE_LIMIT)
        assert len(store.refused) == 1 + asks  # tried at every ask, the clock standing still
    store.locked = False
    game.play(game.legal_actions()[0])
    saver.submit()
    assert saver.wait(SETTLE_LIMIT) and saver.failure is None and saver.failure_news() is None
    assert store.saved == [game.to_record()]


@pytest.mark.parametrize("rescues", [True, False], ids=["rescued", "kept nowhere"])
def test_finishing_tries_a_failed_save_again_though_no_ask_came_since(
    rescues: bool, tmp_path: Path
) -> None:
    # finish() saved only a position not yet tried, so a game left just after a failed
    # save was not tried again (the class says it is, at finish): kept nowhere, it was lost
    # though the database had come free.
    store = SwitchableStore(tmp_path / "games.sqlite3", rescues=rescues)
    session = store.deal()
    session.game.play(session.game.legal_actions()[0])
    saver = BackgroundSaver(session, retry_after=3600, clock=lambda: 0.0)
    saver.submit()
    assert saver.wait(SETTLE_LIMIT) and saver.failure is not None
    store.locked = False
    saver.finish()
    assert saver.wait(SETTLE_LIMIT) and saver.failure is None
    assert store.saved == [session.game.to_record()]
    saver.finish()  # once only: a table finishes again as it closes
    assert saver.wait(SETTLE_LIMIT) and len(store.saved) == 1


def test_plain_mode_says_a_game_kept_nowhere_is_not_kept(tmp_path: Path) -> None:
    store = SwitchableStore(tmp_path / "games.sqlite3", rescues=False)
    text = play_settled(store.deal(), lambda _: None)
    assert "Play on" not in text and "your moves are kept" not in text
    assert text.count("could not be saved anywhere: the table tries again after each ask") == 1


def test_a_saver_whose_thread_does_not_start_is_not_waited_for_forever(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SwitchableStore(tmp_path / "games.sqlite3")
    saver = BackgroundSaver(store.deal())

    def no_thread(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    with monkeypatch.context() as patched:
        patched.setattr(threading.Thread, "start", no_thread)
        with pytest.raises(RuntimeError):
            saver.submit()
    assert saver.wait(0)  # it used to wait for the thread that never ran: forever
    store.locked = False
    saver.finish()  # the position is still waiting, and is saved now
    assert saver.wait(SETTLE_LIMIT) and store.saved == [saver.session.game.to_record()]


class BuggyStore(SwitchableStore):
    """Its next ``crashes`` saves fail with an error no store should raise (a bug)."""

    def __init__(self, path: Path, crashes: int) -> None:
        super().__init__(path)
        self.locked = False
        self.crashes = crashes

    def save(self, record: dict[str, Any], **kwargs: object) -> int:
        if self.crashes:
            self.crashes -= 1
            raise ValueError("a bug")
        return super().save(record, **kwargs)


def test_a_save_that_crashes_is_neither_lost_nor_called_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(threading, "excepthook", lambda _: None)  # the bug's traceback
    store = BuggyStore(tmp_path / "games.sqlite3", crashes=1)
    session = store.deal()
    session.game_id = 1  # stored before, so that the table would say "Game 1 saved"
    lines = io.StringIO("")  # the input ends at once: the table says goodbye
    out = io.StringIO()
    table = PlainTable(session, lines, out)
    table.saver.submit()
    assert table.saver.wait(SETTLE_LIMIT)
    failure = table.saver.failure
    assert failure is not None and "failed unexpectedly" in failure and "a bug" in failure
    assert table.run() == 0
    # Saved at the end: the position the crashed save took used to count as saved.
    assert store.saved[-1] == session.game.to_record()
    assert table.saver.failure is None and "Game 1 saved unfinished" in out.getvalue()


def test_a_table_whose_last_save_crashed_does_not_say_the_game_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(threading, "excepthook", lambda _: None)
    store = BuggyStore(tmp_path / "games.sqlite3", crashes=0)  # the first save works ...
    session = store.deal()
    table = PlainTable(session, io.StringIO(""), out := io.StringIO())
    table.saver.submit()
    assert table.saver.wait(SETTLE_LIMIT) and session.game_id == 1
    store.crashes = 10  # ... the last one crashes, however often tried
    assert table.run() == 0
    text = out.getvalue()
    assert "failed unexpectedly" in text and "saved unfinished" not in text


def test_the_player_is_told_again_when_the_moves_are_no_longer_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("gofish.session.SAVE_RETRY_INTERVAL", 0.0)  # every ask tries again
    store = SwitchableStore(tmp_path / "games.sqlite3")  # rescued to the fallback file ...
    session = store.deal()
    reads: list[int] = []

    def fallback_fails_a_while_later(table: PlainTable) -> None:
        reads.append(1)
        if len(reads) == 3:
            store.rescues = False  # ... until the fallback file cannot be written either

    text = play_settled(session, fallback_fails_a_while_later)
    kept = text.index("Play on: your moves are kept")
    lost = text.index("could not be saved anywhere: the table tries again after each ask")
    assert kept < lost  # the first warning is not left standing, untrue
    assert text.count("Play on") == 1 and text.count("could not be saved anywhere") == 1


@pytest.mark.parametrize("rescued_to", ["beside", "temp"])
def test_leaving_a_rescued_game_says_where_its_last_moves_are(tmp_path: Path,
                                                               rescued_to: str) -> None:
    # A game saved as game 1, then its later asks refused by the database: leaving, the
    # player was told "Game 1 saved unfinished: gofish resume 1 picks it up", and resume
    # then dealt the older position. The temp folder's copy (the database's own folder
    # read-only) goes in as the one beside it does (tests/storage/test_temp_fallback.py).
    db = tmp_path / "games.sqlite3"
    beside = tmp_path / "games.sqlite3.unsaved.jsonl"
    store = SwitchableStore(db)
    store.locked = False
    session = store.deal()
    elsewhere = Path("/tmp/gofish-someone.unsaved.jsonl")

    def refuse_after_the_deal(table: PlainTable) -> None:
        if table.session.game_id is not None and not store.locked:
            store.locked = True
            store.rescue_to = beside if rescued_to == "beside" else elsewhere

    text = play_settled(session, refuse_after_the_deal)
    assert session.game_id == 1 and store.refused and "saved unfinished" not in text
    kept_in = beside if rescued_to == "beside" else elsewhere
    assert text.rstrip().endswith(
        f"The game's last moves are kept in {kept_in}, and go into the database the next "
        f"time gofish can write to it: then gofish resume 1 --plain --database {db} "
        "picks it up.")

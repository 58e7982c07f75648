"""`gofish recover`: the games a damaged database still holds go into a sound file in its
place, exactly as they were stored; the damaged file is kept beside it, never written; and
every case it cannot handle is refused in words, with nothing changed."""

from __future__ import annotations

import atexit
import contextlib
import errno
import functools
import io
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from copy import deepcopy
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store, StoredGame, open_store, recovery
from gofish.storage.errors import DAMAGE_CAUSES
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, RANDOM, YOU, denied_for, played_game
from .test_cli import gofish_cmd
from .test_damaged_pages import _overwrite, _pages_of

GAMES = 30
KEPT = re.compile(r"The damaged file is kept as (.+\.damaged-\d{8}-\d{6})\.$", re.MULTILINE)


def _save_games(path: Path) -> None:
    """GAMES games: classic ones of two players and bicycle ones of three, every fifth one
    unfinished, every fourth one dealt by a seeded table; all in the file itself."""
    # Playing and saving them is the same each time: done once a process, then copied
    # (with the file's permissions, as gofish made it).
    shutil.copy2(_games_saved_once(), path)


@functools.cache
def _games_saved_once() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="gofish-saved-games-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "games.sqlite3"
    _play_and_save_games(path)
    assert os.listdir(folder) == [path.name]  # no -wal or -shm file to copy with it
    return path


def _play_and_save_games(path: Path) -> None:
    with open_store(path) as store:
        for seed in range(1, GAMES + 1):
            rules, seats = ("classic", [YOU, EMMA]) if seed % 2 else (
                "bicycle", [EMMA, YOU, RANDOM])
            game = played_game(rules, players=len(seats), seed=seed,
                               asks=None if seed % 5 else 6)
            deal = {"seed": 7, "number": seed} if seed % 4 == 0 else None
            store.save(gofish.game_to_record(game), seats=seats, deal=deal)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def _rows(path: Path) -> dict[int, tuple[Any, ...]]:
    """Every column of every game and its seats, as stored: what must come back as it was."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        games = {row[0]: row for row in db.execute("SELECT * FROM games")}
        seats = db.execute("SELECT * FROM seats ORDER BY game_id, seat").fetchall()
    db.close()
    return {game_id: (row, [seat for seat in seats if seat[0] == game_id])
            for game_id, row in games.items()}


def _readable(path: Path) -> set[int]:
    with open_store(path, read_only=True) as store:
        return {entry.id for entry in store.list_entries(100) if isinstance(entry, StoredGame)}


class Damaged:
    """A database whose middle games page is overwritten, and what it held before."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _save_games(path)
        self.rows = _rows(path)
        self.history = _history(path)
        leaves = _pages_of(path, "games")
        self.bytes = _overwrite(path, leaves[len(leaves) // 2])
        self.readable = _readable(path)
        self.lost = set(self.rows) - self.readable

    def copied_to(self, folder: Path) -> Damaged:
        """This damaged database, with what it held, as the files of another folder."""
        for name in os.listdir(self.path.parent):  # with its -wal and -shm files
            shutil.copy2(self.path.parent / name, folder / name)
        copy = deepcopy(self)
        copy.path = folder / self.path.name
        return copy


def _history(path: Path) -> dict[int, dict[str, Any]]:
    listed = gofish_cmd("history", "--json", "--limit", "100", "--database", str(path))
    return {entry["id"]: entry for entry in map(json.loads, listed.stdout.splitlines())}


@pytest.fixture(scope="module")
def damaged_once(tmp_path_factory: pytest.TempPathFactory) -> Damaged:
    # Thirty games played and saved, then damaged: the same for each test, made once.
    return Damaged(tmp_path_factory.mktemp("damaged") / "games.sqlite3")


@pytest.fixture
def damaged(tmp_path: Path, damaged_once: Damaged) -> Damaged:
    return damaged_once.copied_to(tmp_path)


def _kept(stdout: str) -> Path:
    found = KEPT.search(stdout)
    assert found is not None, stdout
    return Path(found[1])


def _files(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def _new_files(folder: Path, before: list[str]) -> list[str]:
    """The files in ``folder`` not among ``before``, but for the side files a read-only
    opening of a sound database leaves beside it."""
    return [name for name in _files(folder) if name not in before
            and not name.endswith(("-wal", "-shm"))]


def test_every_readable_game_comes_back_as_it_was_stored(damaged: Damaged) -> None:
    assert damaged.lost and len(damaged.readable) > GAMES // 2  # a page holds a few games
    stats_before = gofish_cmd("stats", "--json", "--database", str(damaged.path)).stdout
    result = gofish_cmd("recover", "--database", str(damaged.path))
    assert result.returncode == 1, result.stderr  # some games did not come back
    assert "Traceback" not in result.stderr
    assert (f"Recovered {len(damaged.readable)} of {GAMES} games of the damaged games "
            f"database {damaged.path}") in result.stdout
    recovered = _rows(damaged.path)
    assert set(recovered) == damaged.readable  # the lost ones are not made up
    for game_id in damaged.readable:  # ids, times, seats, results, records: byte for byte
        assert recovered[game_id] == damaged.rows[game_id]
    with sqlite3.connect(damaged.path) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.close()
    # Read the same by the commands: every recovered game, and the stats of them all.
    assert _history(damaged.path) == {game_id: entry for game_id, entry in
                                      damaged.history.items() if game_id in damaged.readable}
    assert gofish_cmd("stats", "--json", "--database", str(damaged.path)).stdout == stats_before


def test_the_games_that_did_not_come_back_are_named(damaged: Damaged) -> None:
    result = gofish_cmd("recover", "--database", str(damaged.path))
    lost = sorted(damaged.lost)
    subject = (f"game {lost[0]} is" if len(lost) == 1
               else f"games {', '.join(map(str, lost))} are")
    kept = _kept(result.stdout)
    assert result.stderr.startswith(f"gofish recover: {subject} damaged and cannot be read "
                                    f"({DAMAGE_CAUSES}), so "), result.stderr
    assert result.stderr.rstrip().endswith(f"stays in {kept}")


def test_a_run_of_lost_games_is_named_as_a_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A damaged interior page of 20,000 games lost 577 in a row: a line of 3 KB of ids.
    from gofish.cli.recover import told

    kept = tmp_path / "games.sqlite3.damaged-20261205-101500"
    lost = (*range(1, 578), 900, 902, 903, *range(1000, 1003))
    done = recovery.Recovery(tmp_path / "games.sqlite3", "malformed", recovered=(901,),
                             lost=tuple(recovery.LostGame(game_id, True, "damaged")
                                        for game_id in lost), kept_as=kept)
    assert told(done) == 1
    assert capsys.readouterr().err.startswith(
        "gofish recover: games 1 to 577, 900, 902, 903, 1000 to 1002 are damaged and cannot "
        "be read"), capsys.readouterr().err


def test_a_game_whose_record_does_not_replay_is_named_with_why(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    with sqlite3.connect(path) as db:  # edited by hand: JSON still, but no game
        db.execute("UPDATE games SET record = json_set(record, '$.actions[0].rank', 'Z') "
                   "WHERE id = 1")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # into the file, as _save_games leaves it
    db.close()
    leaves = _pages_of(path, "games")
    _overwrite(path, leaves[len(leaves) // 2])
    assert 1 in _readable(path)
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 1
    assert re.search(r"^gofish recover: game 1 does not replay \(the game record cannot be "
                     r"replayed \(action 1\): .*\), so it is not in the new database; it "
                     r"stays in .*\.damaged-\d{8}-\d{6}$", result.stderr, re.MULTILINE), (
        result.stderr)
    assert 1 not in _readable(path)


def test_the_damaged_file_is_kept_aside_unchanged(damaged: Damaged) -> None:
    result = gofish_cmd("recover", "--database", str(damaged.path))
    kept = _kept(result.stdout)
    assert kept.parent == damaged.path.parent
    assert kept.name.startswith("games.sqlite3.damaged-")
    assert kept.read_bytes() == damaged.bytes  # never written
    assert not any(name.endswith(".recovering") for name in _files(kept.parent))
    again = gofish_cmd("recover", "--database", str(damaged.path))
    assert again.returncode == 0 and "is not damaged" in again.stdout  # sound now


def test_the_new_file_is_owned_and_shared_as_the_damaged_one_was(damaged: Damaged) -> None:
    os.chmod(damaged.path, 0o640)  # shared with a group on purpose
    if os.geteuid() == 0:  # recovered by root (sudo) for a user, who must still write it
        os.chown(damaged.path, 65534, 65534)
    owner = damaged.path.stat()
    gofish_cmd("recover", "--database", str(damaged.path))
    recovered = damaged.path.stat()
    assert recovered.st_ino != owner.st_ino  # the new file
    assert (recovered.st_mode & 0o777, recovered.st_uid, recovered.st_gid) == (
        0o640, owner.st_uid, owner.st_gid)


def test_a_new_game_takes_no_lost_game_s_id(damaged: Damaged) -> None:
    gofish_cmd("recover", "--database", str(damaged.path))
    with open_store(damaged.path) as store:
        new = store.save(gofish.game_to_record(played_game(seed=99, asks=2)), seats=[YOU, EMMA])
    assert new == GAMES + 1  # a lost game's id would name two games in messages and logs


def test_a_recovered_unfinished_game_resumes_where_it_was(damaged: Damaged) -> None:
    unfinished = [game_id for game_id in damaged.readable if game_id % 5 == 0]
    seeded = next((game_id for game_id in unfinished if game_id % 4 == 0), unfinished[-1])
    gofish_cmd("recover", "--database", str(damaged.path))
    resumed = gofish_cmd("resume", str(seeded), "--plain", "--database", str(damaged.path),
                         stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert f"Game {seeded} saved unfinished: gofish resume {seeded}" in resumed.stdout
    assert not fallback_path(damaged.path).exists()  # saved into the new file
    before = json.loads(damaged.rows[seeded][0][1])
    with open_store(damaged.path, read_only=True) as store:
        after = store.get(seeded).record  # the bots played on up to the person's turn
        assert after["deck"] == before["deck"]
        assert after["actions"][:len(before["actions"])] == before["actions"]
        expected = {"seed": 7, "number": seeded} if seeded % 4 == 0 else None
        assert store.seeded_deal(seeded) == expected


def test_games_waiting_in_the_fallback_file_go_into_the_new_file(damaged: Damaged) -> None:
    record = gofish.game_to_record(played_game(seed=77, asks=4))
    fallback_path(damaged.path).write_text(json.dumps(
        {"record": record, "seats": [YOU, EMMA], "game_id": None, "source": "terminal",
         "database": str(damaged.path)}) + "\n")
    result = gofish_cmd("recover", "--database", str(damaged.path))
    # Named: a later copy of a lost game comes back so, under a new id.
    assert f"game {GAMES + 1}, saved while the database could not take it, went into it " in (
        result.stdout)
    assert not fallback_path(damaged.path).exists()
    with open_store(damaged.path, read_only=True) as store:
        assert store.get(GAMES + 1).record == record


def test_moves_waiting_in_the_wal_file_come_back_and_stay_with_the_damaged_file(
        tmp_path: Path) -> None:
    # A gofish that stopped with its last games in the -wal file: they are part of the
    # database, read from there; and that -wal left beside the new file would be read into it.
    original = tmp_path / "first" / "games.sqlite3"
    original.parent.mkdir()
    _save_games(original)
    path = tmp_path / "games.sqlite3"
    with open_store(original) as store:
        latest = store.save(gofish.game_to_record(played_game(seed=50)), seats=[YOU, EMMA])
        for side in ("", "-wal"):  # as they were when it stopped
            shutil.copyfile(f"{original}{side}", f"{path}{side}")
    assert os.path.getsize(f"{path}-wal") > 0
    leaves = _pages_of(original, "games")
    _overwrite(path, leaves[len(leaves) // 2])
    result = gofish_cmd("recover", "--database", str(path))
    kept = _kept(result.stdout)
    assert Path(f"{kept}-wal").exists() and not Path(f"{path}-wal").exists()
    with open_store(path, read_only=True) as store:
        assert store.get(latest).record == gofish.game_to_record(played_game(seed=50))


def test_a_damaged_index_of_the_seats_loses_no_game(tmp_path: Path) -> None:
    # The rows are all there: only the index that finds a game's seats is overwritten.
    # Read through it alone, every game was lost, and an empty file put in their place.
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    rows = _rows(path)
    _overwrite(path, _pages_of(path, "sqlite_autoindex_seats_1")[0])
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 0, result.stderr
    assert f"Recovered {GAMES} of {GAMES} games" in result.stdout
    assert _rows(path) == rows


def _copied_tenfold(path: Path) -> int:
    """GAMES games, and nine copies of each under new ids (the same times: many games
    share one), so that the history's index takes several pages; how many in all."""
    _save_games(path)
    with sqlite3.connect(path) as db:
        columns = ", ".join(row[1] for row in db.execute("PRAGMA table_info(games)")
                            if row[1] != "id")
        for copy in range(1, 10):
            db.execute(f"INSERT INTO games (id, {columns}) SELECT id + ?, {columns} "
                       "FROM games WHERE id <= ?", (copy * GAMES, GAMES))
            db.execute("INSERT INTO seats SELECT game_id + ?, seat, name, bot, books, result "
                       "FROM seats WHERE game_id <= ?", (copy * GAMES, GAMES))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return 10 * GAMES


def test_a_damaged_index_page_with_a_damaged_games_page_loses_no_game_unnamed(
        tmp_path: Path) -> None:
    # Read in the history's order, pages read through the index's sound part and pages
    # read around its damage did not meet: games were neither copied nor named as lost,
    # and "Recovered 299 of 299 games" said every one was back.
    path = tmp_path / "games.sqlite3"
    total = _copied_tenfold(path)
    index, games = _pages_of(path, "games_by_update"), _pages_of(path, "games")
    assert len(index) > 1
    _overwrite(path, index[0])
    _overwrite(path, games[len(games) // 2 - 1])
    done = recovery.recover_database(path)
    assert done.lost, done
    assert sorted([*done.recovered, *(game.id for game in done.lost)]) == list(
        range(1, total + 1))


def test_the_games_are_copied_a_page_at_a_time_not_all_held_at_once(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch) -> None:
    # Held whole, 20,000 games took 700 MB: a large database could not be recovered.
    monkeypatch.setattr(recovery, "_PAGE", 7)
    restore, stored = Store.restore, []

    def noted(store: Store, games: Any, **kwargs: Any) -> dict[int, str]:
        stored.append(len(games))
        return restore(store, games, **kwargs)

    monkeypatch.setattr(Store, "restore", noted)
    done = recovery.recover_database(damaged.path)
    assert set(done.recovered) == damaged.readable and max(stored) <= 7, stored
    assert _rows(damaged.path) == {game_id: row for game_id, row in damaged.rows.items()
                                   if game_id in damaged.readable}


@pytest.mark.parametrize("table", ["sqlite_schema"])  # schema_version: ..._other_tables
def test_damage_where_gofish_reads_before_any_game_is_said_in_true_words(
        tmp_path: Path, table: str) -> None:
    # It said SQLite's list of tables was damaged when only gofish's schema version was.
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    page = _pages_of(path, table)[0]
    with path.open("r+b") as file:  # past the file's header, on page 1
        file.seek((page - 1) * 4096 + (100 if page == 1 else 0))
        file.write(b"\xff" * 64)
    before = path.read_bytes()
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr == (
        f"gofish recover: the games database {path} is damaged where gofish reads before "
        "any game (SQLite's list of tables, or the schema version), so no game can be found "
        "in it; nothing was changed. sqlite3's .recover may still find some "
        "(docs/storage.md, \"Errors\")\n")
    assert path.read_bytes() == before


def test_a_sound_database_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    before, files = path.read_bytes(), _files(tmp_path)
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 0, result.stderr
    assert f"The games database {path} is not damaged" in result.stdout
    assert "nothing was changed" in result.stdout
    assert path.read_bytes() == before
    assert _new_files(tmp_path, files) == []


def _refused(result: subprocess.CompletedProcess[str], said: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("gofish recover: ") and said in result.stderr
    assert result.stderr.rstrip().endswith("nothing was changed"), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_database_is_refused_and_not_made(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _refused(gofish_cmd("recover", "--database", str(path)),
             f"there is no games database at {path}")
    assert _files(tmp_path) == []


@pytest.mark.parametrize("content", [b"my notes\n" * 500, b"\x00" * 8192])
def test_a_file_that_is_no_sqlite_database_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    _refused(gofish_cmd("recover", "--database", str(path)),
             f"{path} is not a games database: it does not begin as an SQLite database does")
    assert path.read_bytes() == content and _files(tmp_path) == ["notes.txt"]


def test_another_program_s_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()
    before = path.read_bytes()
    _refused(gofish_cmd("recover", "--database", str(path)), "an SQLite database of another "
             "program, not a gofish games database")
    assert path.read_bytes() == before


@contextlib.contextmanager
def _open_in_another_program(path: Path) -> Iterator[None]:
    """``path`` open in another process, as another gofish holds it, until the block ends."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys\n"
         f"db = sqlite3.connect({str(path)!r})\n"
         "db.execute('SELECT count(*) FROM sqlite_master').fetchall()\n"
         "print('open', flush=True)\nsys.stdin.readline()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        yield
    finally:
        holder.communicate("\n", timeout=60)


@pytest.fixture
def held_open(damaged: Damaged) -> Iterator[Damaged]:
    """The damaged database open in another program (another gofish), until the test ends."""
    with _open_in_another_program(damaged.path):
        yield damaged


def test_a_database_another_program_has_open_is_refused(held_open: Damaged) -> None:
    files = _files(held_open.path.parent)
    _refused(gofish_cmd("recover", "--database", str(held_open.path)),
             f"the games database {held_open.path} is in use by another program (is another "
             "gofish running?): close it and try again")
    assert held_open.path.read_bytes() == held_open.bytes
    assert _new_files(held_open.path.parent, files) == []


def test_a_gofish_opening_it_while_the_games_are_copied_stops_the_swap(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Swapped under it, that gofish would go on in the file kept aside.
    copy_games = recovery._build
    files = _files(damaged.path.parent)
    with contextlib.ExitStack() as opened:

        def then_opened(*args: Any) -> Any:
            made = copy_games(*args)
            opened.enter_context(_open_in_another_program(damaged.path))
            return made

        monkeypatch.setattr(recovery, "_build", then_opened)
        assert main(["recover", "--database", str(damaged.path)]) == 2
    error = capsys.readouterr().err
    assert "is in use by another program (is another gofish running?)" in error, error
    assert error.rstrip().endswith("nothing was changed")
    assert damaged.path.read_bytes() == damaged.bytes
    assert _new_files(damaged.path.parent, files) == []  # the new file is removed
    assert _readable(damaged.path) == damaged.readable


@pytest.fixture(autouse=True)
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt in these tests, as at a terminal, also where the suite
    was started in the background by a script (``make test &``): such a job starts with
    SIGINT ignored, and the signals sent below went unheard."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def _interrupted_at(monkeypatch: pytest.MonkeyPatch, name: str, *, after: bool = False,
                    signal_number: int = signal.SIGINT) -> None:
    """``recovery.NAME`` gets the signal (as from Ctrl-C or kill) before it runs, or, with
    ``after``, once it has run."""
    step = getattr(recovery, name)

    def signalled(*args: Any) -> Any:
        if not after:
            os.kill(os.getpid(), signal_number)
        done = step(*args)
        if after:
            os.kill(os.getpid(), signal_number)
        return done

    monkeypatch.setattr(recovery, name, signalled)


@pytest.mark.parametrize("name", ["_alone", "_open_damaged", "_copy_games", "_as_owned",
                                  "_stand_alone", "_check"])
def test_ctrl_c_before_the_swap_leaves_the_damaged_file_in_place_and_says_so(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    files = _files(damaged.path.parent)
    _interrupted_at(monkeypatch, name)
    assert main(["recover", "--database", str(damaged.path)]) == 130
    error = capsys.readouterr().err
    assert error == ("\ngofish recover: interrupted before the recovered games database was "
                     "in place of the damaged one; nothing was changed\n")
    assert damaged.path.read_bytes() == damaged.bytes
    assert _new_files(damaged.path.parent, files) == []


def test_a_signal_amid_the_swap_waits_until_it_is_done_and_says_where_things_are(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Taken while the files were moved, it undid a swap already made and said nothing
    # was changed, or cut off the undoing of one half made.
    def unwound(number: int, frame: Any) -> None:  # not the command's own handling: fail
        pytest.fail("kill ended gofish recover without a word")

    before = signal.signal(signal.SIGTERM, unwound)
    _interrupted_at(monkeypatch, "_link_aside", after=True, signal_number=signal.SIGTERM)
    try:
        assert main(["recover", "--database", str(damaged.path)]) == 128 + signal.SIGTERM
    finally:
        signal.signal(signal.SIGTERM, before)
    error = capsys.readouterr().err
    kept = next(damaged.path.parent.glob("games.sqlite3.damaged-*[0-9]"))
    assert error == (f"\ngofish recover: interrupted once the recovered games database was in "
                     f"place of the damaged one, which is kept as {kept}\n")
    assert kept.read_bytes() == damaged.bytes
    assert _readable(damaged.path) == damaged.readable
    assert not [name for name in _files(kept.parent) if name.endswith(".recovering")]


def _left_unfinished(damaged: Damaged) -> list[Path]:
    """The new file of a recovery of ``damaged`` stopped by kill -9 (or a power cut) amid
    its copying, with its side files, as it leaves them: nothing could remove them."""
    unfinished = damaged.path.with_name(f".{damaged.path.name}.k9x_2b4q.recovering")
    shutil.copyfile(damaged.path, unfinished)
    for side in ("-wal", "-shm"):
        Path(f"{unfinished}{side}").write_bytes(b"\0" * 4096)
    return [unfinished, *(Path(f"{unfinished}{side}") for side in ("-wal", "-shm"))]


@pytest.mark.skipif(sys.platform == "win32", reason="no flock to tell them apart")
def test_a_new_file_left_by_a_killed_recovery_is_removed_by_the_next(
        damaged: Damaged) -> None:
    # Hidden beside the database, as large as its games, it stayed there for good.
    left = _left_unfinished(damaged)
    result = gofish_cmd("recover", "--database", str(damaged.path))
    assert result.returncode == 1 and "Recovered" in result.stdout, result.stderr
    assert [path for path in left if path.exists()] == []
    assert not [name for name in _files(damaged.path.parent) if ".recovering" in name]


@pytest.mark.skipif(sys.platform == "win32", reason="no flock to tell them apart")
def test_the_new_file_of_a_recovery_still_under_way_is_left_alone(
        damaged: Damaged) -> None:
    import fcntl

    left = _left_unfinished(damaged)
    with left[0].open("rb") as making:  # another recovery is still writing it
        fcntl.flock(making, fcntl.LOCK_EX)
        result = gofish_cmd("recover", "--database", str(damaged.path))
    assert result.returncode == 1 and "Recovered" in result.stdout, result.stderr
    assert all(path.exists() for path in left)


class _FullDisk(io.StringIO):
    """Standard output on a full disk (``gofish recover > log`` there)."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_where_the_damaged_file_went_is_said_even_when_stdout_cannot_take_it(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Only "No space left on device" was said: the swap made, the damaged file nowhere
    # named, the lost games neither.
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(["recover", "--database", str(damaged.path)]) == 1
    error = capsys.readouterr().err
    kept = next(damaged.path.parent.glob("games.sqlite3.damaged-*[0-9]"))
    assert error.startswith(
        f"gofish recover: recovered {len(damaged.readable)} of {GAMES} games of the damaged "
        f"games database {damaged.path} into a new database in its place, and kept the "
        f"damaged file as {kept}, but standard output could not take this: No space left "
        "on device\n"), error
    assert f"so they are not in the new database; what is left of them stays in {kept}" in (
        error) or "so it is not in the new database" in error, error


def test_the_damaged_file_never_takes_the_name_of_another(damaged: Damaged) -> None:
    taken = damaged.path.with_name("games.sqlite3.damaged-20260105-143000")
    taken.write_bytes(b"an earlier damaged file")
    recovery_done = recovery.recover_database(damaged.path,
                                              now=lambda: datetime(2026, 1, 5, 14, 30))
    assert recovery_done.kept_as == taken.with_name(f"{taken.name}-2")
    assert taken.read_bytes() == b"an earlier damaged file"
    assert recovery_done.kept_as.read_bytes() == damaged.bytes


def test_a_folder_that_cannot_be_written_is_refused(damaged: Damaged,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(os, "access", denied_for(damaged.path.parent))
    files = _files(damaged.path.parent)
    assert main(["recover", "--database", str(damaged.path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gofish recover: cannot recover the games database into its "
                            f"directory {damaged.path.parent}: it is not writable"), error
    assert error.rstrip().endswith("nothing was changed")
    assert damaged.path.read_bytes() == damaged.bytes
    assert _new_files(damaged.path.parent, files) == []


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="no file owners to tell apart")
def test_another_user_s_database_is_refused_for_the_new_file_would_not_be_theirs(
        damaged: Damaged, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Recovered, the file was this user's, which its owner could then only read (or not
    # at all); in /tmp's sticky folder it failed only at the swap, with "Operation not
    # permitted", once every game had been copied.
    owner = damaged.path.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    files = _files(damaged.path.parent)
    assert main(["recover", "--database", str(damaged.path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gofish recover: the games database {damaged.path} is another "
                            f"user's (user id {owner}"), error
    assert "recover it as that user" in error and error.rstrip().endswith(
        "nothing was changed"), error
    assert damaged.path.read_bytes() == damaged.bytes and _files(damaged.path.parent) == files


@pytest.fixture
def on_a_full_disk(tmp_path: Path) -> Iterator[Damaged]:
    """A damaged database on a tiny tmpfs with room to read it, not to write its games."""
    mount_point = tmp_path / "tiny"
    mount_point.mkdir()
    damaged = Damaged(tmp_path / "games.sqlite3")  # made where there is room to save
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs",
                              str(mount_point)], capture_output=True, check=False)
    if os.geteuid() != 0 or mounted.returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        damaged.path = Path(shutil.copy(damaged.path, mount_point / "games.sqlite3"))
        filler = mount_point / "filler"
        with filler.open("wb", buffering=0) as out, pytest.raises(OSError):
            while True:  # until the disk refuses: ENOSPC
                out.write(b"\0" * 4096)
        os.truncate(filler, filler.stat().st_size - 64 * 1024)  # room for SQLite to read
        yield damaged
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def test_a_full_disk_midway_removes_the_new_file_and_changes_nothing(
        on_a_full_disk: Damaged) -> None:
    path = on_a_full_disk.path
    result = gofish_cmd("recover", "--database", str(path))
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"gofish recover: cannot make the recovered games "
                                    f"database beside {path}: "), result.stderr
    assert "the disk is full" in result.stderr
    assert "The unfinished new file is removed and nothing was changed" in result.stderr
    assert path.read_bytes() == on_a_full_disk.bytes
    assert [name for name in _files(path.parent)
            if not name.endswith(("-wal", "-shm"))] == ["filler", "games.sqlite3"]


def test_the_commands_help_lists_it_and_says_what_it_does() -> None:
    listed = gofish_cmd("--help").stdout
    assert re.search(r"^ +recover +get the games of a damaged games database back",
                     listed, re.MULTILINE), listed
    explained = " ".join(gofish_cmd("recover", "--help").stdout.split())
    for part in ("into a new file", "kept beside it", "never written",
                 "not damaged is left as it is", "--database PATH"):
        assert part in explained, explained

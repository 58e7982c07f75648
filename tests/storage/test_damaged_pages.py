"""A bad disk: one page of the database file overwritten. History and stats list and count
every game they can still read and name the ones they cannot, instead of failing whole;
nothing is written to the damaged file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import gofish
from gofish.storage import DamagedGameError, StoredGame, open_store

from .helpers import EMMA, YOU, played_game
from .test_cli import gofish_cmd

GAMES = 40
PAGE = 4096


def _stored(path: Path) -> dict[int, StoredGame]:
    """GAMES games, every fifth one unfinished, written whole into the file."""
    with open_store(path) as store:
        for seed in range(1, GAMES + 1):
            game = played_game(seed=seed, asks=None if seed % 5 else 6)
            store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
        stored = {game.id: game for game in store.list_games(limit=GAMES)}
    with sqlite3.connect(path) as db:  # everything in the file itself, no -wal
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return stored


def _pages_of(path: Path, name: str) -> list[int]:
    with sqlite3.connect(path) as db:
        try:
            rows = db.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' "
                              "ORDER BY pageno", (name,)).fetchall()
        except sqlite3.OperationalError:
            pytest.skip("this SQLite has no dbstat table to find a table's pages by")
    db.close()
    return [row[0] for row in rows]


def _overwrite(path: Path, page: int) -> bytes:
    """Garbage over the start of ``page`` (1-based), as a failing disk leaves it; the file's
    bytes afterwards."""
    with path.open("r+b") as file:
        file.seek((page - 1) * PAGE)
        file.write(b"\xff" * 64)
    return path.read_bytes()


@pytest.fixture
def damaged(tmp_path: Path) -> tuple[Path, dict[int, StoredGame], bytes]:
    """A database one of whose games pages (in the middle) is overwritten."""
    path = tmp_path / "games.sqlite3"
    stored = _stored(path)
    leaves = _pages_of(path, "games")
    return path, stored, _overwrite(path, leaves[len(leaves) // 2])


def test_history_lists_every_game_it_can_still_read(
        damaged: tuple[Path, dict[int, StoredGame], bytes]) -> None:
    path, stored, before = damaged
    result = gofish_cmd("history", "--json", "--limit", "100", "--database", str(path))
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    listed = [json.loads(line) for line in result.stdout.splitlines()]
    lost = [entry["id"] for entry in listed if entry.get("damaged")]
    read = {entry["id"]: entry for entry in listed if not entry.get("damaged")}
    assert sorted([*lost, *read]) == sorted(stored)  # each game once, none missing
    assert lost and len(read) >= GAMES - 3  # one page holds a game or two
    for game_id, entry in read.items():
        assert entry["updated_at"] == stored[game_id].updated_at
        assert entry["books"] == stored[game_id].books
    assert f"{lost[0]}" in result.stderr and "damaged" in result.stderr
    assert path.read_bytes() == before  # nothing written into the damaged file


def test_history_table_marks_the_damaged_games_in_their_place(
        damaged: tuple[Path, dict[int, StoredGame], bytes]) -> None:
    path, stored, _ = damaged
    result = gofish_cmd("history", "--limit", "100", "--database", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "(damaged: cannot be read)" in result.stdout
    rows = [line.split()[0] for line in result.stdout.splitlines()[2:]]
    assert sorted(map(int, rows)) == sorted(stored)


def test_stats_counts_every_game_it_can_still_read(
        damaged: tuple[Path, dict[int, StoredGame], bytes]) -> None:
    path, stored, before = damaged
    result = gofish_cmd("stats", "--json", "--database", str(path))
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "damaged" in result.stderr
    counted = sum(json.loads(line)["games"] for line in result.stdout.splitlines())
    finished = sum(1 for game in stored.values() if game.over)
    assert finished - 3 <= counted < finished
    assert path.read_bytes() == before


def test_pages_of_a_damaged_database_list_each_game_once(
        damaged: tuple[Path, dict[int, StoredGame], bytes]) -> None:
    path, stored, _ = damaged
    seen: list[int] = []
    with open_store(path, read_only=True) as store:
        assert store.count() == GAMES
        page = store.list_page(7)
        while True:
            seen += [entry.id if isinstance(entry, StoredGame) else entry.game_id
                     for entry in page.entries]
            if page.next_before is None:
                break
            page = store.list_page(7, before=page.next_before)
        unfinished = store.list_entries(100, finished=False)
    assert sorted(seen) == sorted(stored)
    readable = [game for game in unfinished if isinstance(game, StoredGame)]
    assert all(not game.over for game in readable)
    assert {game.id for game in readable} | {
        entry.game_id for entry in unfinished if isinstance(entry, DamagedGameError)
    } >= {game_id for game_id, game in stored.items() if not game.over}


@pytest.mark.parametrize("table", ["seats", "games_by_update"])
def test_a_damaged_seats_page_or_index_leaves_the_games_listed(
        tmp_path: Path, table: str) -> None:
    path = tmp_path / "games.sqlite3"
    stored = _stored(path)
    before = _overwrite(path, _pages_of(path, table)[0])
    result = gofish_cmd("history", "--json", "--limit", "100", "--database", str(path))
    assert "Traceback" not in result.stderr
    listed = [json.loads(line)["id"] for line in result.stdout.splitlines()]
    assert sorted(listed) == sorted(stored), result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", ["show", "export"])
def test_a_game_on_the_damaged_page_is_named_not_the_whole_database(
        damaged: tuple[Path, dict[int, StoredGame], bytes], command: str) -> None:
    path, stored, before = damaged
    with open_store(path, read_only=True) as store:
        lost = [entry.game_id for entry in store.list_entries(GAMES)
                if isinstance(entry, DamagedGameError)]
        readable = next(game_id for game_id in stored if game_id not in lost)
        assert store.get(readable).record == stored[readable].record
    result = gofish_cmd(command, str(lost[0]), "--database", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"game {lost[0]} in the games database" in result.stderr, result.stderr
    assert "move it away" not in result.stderr  # the other games are still there
    assert gofish_cmd(command, str(readable), "--database", str(path)).returncode == 0
    assert path.read_bytes() == before


def _newest_with_no_time(tmp_path: Path) -> tuple[Path, dict[int, StoredGame]]:
    """A database whose history's index and newest games page are overwritten: those
    games' time cannot be read, so they are listed last."""
    path = tmp_path / "games.sqlite3"
    stored = _stored(path)
    _overwrite(path, _pages_of(path, "games_by_update")[0])
    _overwrite(path, _pages_of(path, "games")[-1])
    return path, stored


def test_history_cut_short_does_not_call_the_games_read_around_damage_the_most_recent(
        tmp_path: Path) -> None:
    # With the history's index damaged too, the most recent games, on the damaged page,
    # are listed last (their time cannot be read): --limit 5 showed five older games as
    # "the most recent", and the newest were neither shown nor named.
    path, stored = _newest_with_no_time(tmp_path)
    result = gofish_cmd("history", "--limit", "5", "--database", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "is damaged (database disk image is malformed)" in result.stderr  # it fell back
    rows = [int(line.split()[0]) for line in result.stdout.splitlines()[2:-1]]
    assert max(stored) not in rows and len(rows) == 5  # the newest is on the damaged page
    # Named too, in the order the whole list ends with them: "damaged ones ... listed
    # last" named none of them, and said nothing of a file whose only such game was shown.
    whole = gofish_cmd("history", "--limit", str(GAMES), "--database", str(path)).stdout
    last = [line.split()[0] for line in whole.splitlines()[2:] if "(damaged:" in line]
    assert last and int(last[0]) == max(stored)
    assert result.stdout.splitlines()[-1] == (
        f"(5 of {GAMES} games shown, the most recent; games {', '.join(last)} are damaged, "
        "past the limit: with no time that can be read, listed last: --limit N lists more)")


def test_history_json_cut_short_names_the_damaged_games_past_the_limit_on_stderr(
        tmp_path: Path) -> None:
    # JSON has no count line, so --json named none of them: the newest games, unlisted.
    path, stored = _newest_with_no_time(tmp_path)
    table = gofish_cmd("history", "--limit", "5", "--database", str(path)).stdout
    unplaced = table.splitlines()[-1].split("; games ")[1].split(" are damaged")[0]
    assert str(max(stored)) in unplaced.split(", ")
    for wanted in ([], ["--unfinished"]):
        result = gofish_cmd("history", "--json", "--limit", "5", *wanted,
                            "--database", str(path))
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert len(result.stdout.splitlines()) == 5  # stdout is JSON lines alone
        assert (f"gofish history: games {unplaced} are damaged, past the limit: with no time "
                "that can be read, listed last: --limit N lists them\n") in result.stderr
    whole = gofish_cmd("history", "--json", "--limit", str(GAMES), "--database", str(path))
    assert "past the limit" not in whole.stderr  # not cut: every game is listed


def test_history_unfinished_says_the_file_is_damaged_when_only_finished_games_pages_are(
        tmp_path: Path) -> None:
    # Listed through the unfinished games' index, no damaged page was met: it said "No
    # unfinished games" and exit 0, true only of the index, and never that games could
    # not be read or that gofish recover gets them back.
    path = tmp_path / "games.sqlite3"
    with open_store(path) as store:
        for seed in range(1, 21):
            store.save(gofish.game_to_record(played_game(seed=seed)), seats=[YOU, EMMA])
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    leaves = _pages_of(path, "games")
    before = _overwrite(path, leaves[len(leaves) // 2])
    result = gofish_cmd("history", "--unfinished", "--database", str(path))
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "No unfinished games" not in result.stdout
    assert "(damaged: cannot be read)" in result.stdout
    assert "is damaged and cannot be read" in result.stderr
    assert f"gofish recover --database {path}" in result.stderr
    assert path.read_bytes() == before

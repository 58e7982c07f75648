"""`gofish recover` of a file whose damage put one table's page in another's place.

Pages swapped (a bad copy, a failing disk writing a page where another belongs) put the
seats' page among the games': walked, the games table then held every seat row as a game
under the seat row's own number, and recover said "Recovered 0 of 75" of 30 games, naming
45 games that never were. And with the seats unreadable every game was lost, though the
rows of all but those on the swapped page still read: a game came back only with its
seats.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.session import TableSession
from gofish.storage import StorageError, Store, recovery
from gofish.storage.store import lost_seat

from .helpers import EMMA, RANDOM, YOU, damage, played_game
from .test_cli import gofish_cmd
from .test_damaged_pages import PAGE, _overwrite, _pages_of
from .test_recover import GAMES, _rows, _save_games


def _saved(tmp_path: Path) -> tuple[Path, dict[int, tuple[Any, ...]]]:
    """A database of GAMES games, and its rows."""
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    return path, _rows(path)


def _page(data: bytearray, number: int) -> slice:
    return slice((number - 1) * PAGE, number * PAGE)


def _swap_seats_with_games(path: Path, last: bool = False) -> None:
    """Swap the seats table's one page with a middle page of the games table (its last
    page, with ``last``)."""
    [seats] = _pages_of(path, "seats")
    games = _pages_of(path, "games")
    middle = games[-1 if last else len(games) // 2]
    data = bytearray(path.read_bytes())
    data[_page(data, seats)], data[_page(data, middle)] = (
        data[_page(data, middle)], data[_page(data, seats)])
    path.write_bytes(bytes(data))


def _named_ids(stderr: str) -> set[int]:
    """Every id the command's words name: single ids and runs ("games 1 to 5, 9")."""
    ids: set[int] = set()
    for start, end in re.findall(r"(\d+) to (\d+)", stderr):
        ids |= set(range(int(start), int(end) + 1))
    for listed in re.findall(r"games? ([\d, to]+)", stderr):
        ids |= {int(word) for word in re.findall(r"\d+", listed)}
    return ids


def test_rows_of_the_seats_page_are_not_taken_for_games(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    _swap_seats_with_games(path)

    result = gofish_cmd("recover", "--database", str(path))

    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f" of {GAMES} games of the damaged games database" in result.stdout
    assert _named_ids(result.stderr) <= set(range(1, GAMES + 1)), result.stderr


def test_the_recovery_counts_only_the_games_there_were(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    _swap_seats_with_games(path)
    done = recovery.recover_database(path)
    named = sorted([*done.recovered, *(game.id for game in done.lost)])
    assert named == list(range(1, GAMES + 1))
    assert set(_rows(path)) == set(done.recovered)  # no game made up in the new file


def _zero_the_seats(path: Path) -> None:
    [seats] = _pages_of(path, "seats")
    data = bytearray(path.read_bytes())
    data[_page(data, seats)] = bytes(PAGE)
    path.write_bytes(bytes(data))


def _game_columns(rows: dict[int, tuple[Any, ...]]) -> dict[int, tuple[Any, ...]]:
    return {game_id: row for game_id, (row, _) in rows.items()}


def test_games_whose_seats_page_is_zeroed_come_back_without_their_seats(
        tmp_path: Path) -> None:
    path, before = _saved(tmp_path)
    _zero_the_seats(path)

    result = gofish_cmd("recover", "--database", str(path))

    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f"Recovered {GAMES} of {GAMES} games" in result.stdout
    assert result.stderr.startswith(f"gofish recover: games 1 to {GAMES} came back with "
                                    "seats lost: who sat there (names, and which were "
                                    "bots) was on a damaged page"), result.stderr
    after = _rows(path)
    assert _game_columns(after) == _game_columns(before)  # ids, times, records as they were
    for game_id, (row, seats) in after.items():
        players = row[7]
        assert [seat[1:4] for seat in seats] == [
            (number, f"seat {number + 1} (name lost)", None) for number in range(players)]
        assert len(before[game_id][1]) == players


def test_with_pages_swapped_every_game_but_those_on_the_moved_page_comes_back(
        tmp_path: Path) -> None:
    path, before = _saved(tmp_path)
    _swap_seats_with_games(path)
    done = recovery.recover_database(path)
    assert done.lost and len(done.recovered) == GAMES - len(done.lost)
    assert sorted(done.seats_lost) == sorted(done.recovered)
    after = _rows(path)
    assert _game_columns(after) == {game_id: row for game_id, row in
                                    _game_columns(before).items() if game_id in after}


def test_the_seats_that_still_read_are_kept(tmp_path: Path) -> None:
    # Of a game whose seat 1 is lost, seat 0 keeps its name and bot.
    path, _ = _saved(tmp_path)
    damage(path, "DELETE FROM seats WHERE game_id = 3 AND seat = 1")
    with Store(path, read_only=True) as store:
        found = store.game_without_its_seats(3)
        assert store.game_without_its_seats(4) is None  # nothing of it lost
    assert found is not None
    game, lost = found
    assert lost == (1,)
    assert game.seats == [YOU, {"name": "seat 2 (name lost)", "bot": None}]


def test_a_seat_row_s_id_is_not_taken_for_the_largest_given_out(tmp_path: Path) -> None:
    # The seats' page at the end of the games table: its rows' numbers run past every
    # game's, and the new file gave no id up to the largest of them to a new game.
    path, _ = _saved(tmp_path)
    _swap_seats_with_games(path, last=True)
    recovery.recover_database(path)
    with Store(path) as store:
        new_id = store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
    assert new_id == GAMES + 1


def test_a_damaged_schema_version_loses_no_game(tmp_path: Path) -> None:
    # Its one row on a page of its own, overwritten: every game was sound, and recover
    # said that no game could be found. The tables have every column of the current
    # schema, which is the version the new file is given.
    path, before = _saved(tmp_path)
    _zero_the_version(path)
    assert "is damaged" in gofish_cmd("history", "--database", str(path)).stderr
    with Store(path, read_only=True) as store:  # read so, the damage is still said
        assert len(store.list_games(limit=100)) == GAMES
        assert store.damage is not None and "malformed" in store.damage

    result = gofish_cmd("recover", "--database", str(path))

    assert result.returncode == 0, (result.stdout, result.stderr)
    assert f"Recovered {GAMES} of {GAMES} games" in result.stdout
    assert _rows(path) == before
    assert gofish_cmd("history", "--database", str(path)).returncode == 0


def test_a_damaged_schema_version_is_called_damage_and_its_games_still_listed(
        tmp_path: Path) -> None:
    # Opened to write, it was "damaged or is not a gofish database" (its tables say it is
    # gofish's), and history, stats and show, which open it so, listed no game at all.
    path, _ = _saved(tmp_path)
    sound = gofish_cmd("stats", "--database", str(path), "--json").stdout
    _zero_the_version(path)
    with pytest.raises(StorageError) as refused:
        Store(path)
    said = str(refused.value)
    assert said.startswith(f"the games database {path} is damaged (")
    assert "not a gofish database" not in said and f"gofish recover --database {path}" in said

    listed = gofish_cmd("history", "--database", str(path), "--limit", str(GAMES))
    assert listed.returncode == 1, listed.stderr
    assert len(listed.stdout.splitlines()) == GAMES + 2  # heading, rule, every game
    assert "not a gofish database" not in listed.stderr
    assert "is damaged (database disk image is malformed)" in listed.stderr
    assert gofish_cmd("stats", "--database", str(path), "--json").stdout == sound


def _zero_the_version(path: Path) -> None:
    [version] = _pages_of(path, "schema_version")
    data = bytearray(path.read_bytes())
    data[_page(data, version)] = bytes(PAGE)
    path.write_bytes(bytes(data))


def test_a_damaged_schema_version_of_an_older_gofish_loses_no_game(tmp_path: Path) -> None:
    # A file of schema 1 (no deal column) has not every column of the current schema:
    # read as the current one, it was refused, and recover found no game at all.
    path, _ = _saved(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE games DROP COLUMN deal")
        db.execute("UPDATE schema_version SET version = 1")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    records = {game_id: row[1] for game_id, (row, _) in _rows(path).items()}
    _zero_the_version(path)

    result = gofish_cmd("recover", "--database", str(path))

    assert result.returncode == 0, (result.stdout, result.stderr)
    assert f"Recovered {GAMES} of {GAMES} games" in result.stdout
    assert {game_id: row[1] for game_id, (row, _) in _rows(path).items()} == records


def test_the_help_says_games_can_come_back_without_their_seats() -> None:
    explained = " ".join(gofish_cmd("recover", "--help").stdout.split())
    assert "games kept without seats it cannot read (each named 'seat N (name lost)')" in (
        explained), explained


def test_show_names_no_game_for_a_seat_row_s_id(tmp_path: Path) -> None:
    # A search by an id past every game's landed on the seats' page at the end of the
    # games table: "game 50 ... is damaged" of a file that never held a game 50.
    path, _ = _saved(tmp_path)
    _swap_seats_with_games(path, last=True)
    made_up = gofish_cmd("show", str(GAMES + 20), "--database", str(path))
    assert made_up.returncode == 2, made_up.stderr
    assert f"there is no stored game with id {GAMES + 20}" in made_up.stderr
    moved = gofish_cmd("show", str(GAMES), "--database", str(path))  # on the page moved
    assert moved.returncode == 1 and f"game {GAMES} in the games database" in moved.stderr


def test_resume_says_a_game_came_back_without_who_sat_there(tmp_path: Path) -> None:
    # Every seat lost reads as a person's, and resume said "game 5 has 2 people: a table
    # here seats one" of a game of one person and Emma.
    path, _ = _saved(tmp_path)
    _zero_the_seats(path)
    gofish_cmd("recover", "--database", str(path))

    result = gofish_cmd("resume", "5", "--plain", "--database", str(path), stdin="q\n")

    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stderr == ("gofish resume: game 5 came back from gofish recover without "
                             "who sat in seats 1, 2 (person or bot), so it cannot be "
                             "resumed\n")


def test_a_game_that_lost_only_its_person_s_seat_still_resumes(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    damage(path, "DELETE FROM seats WHERE game_id = 5 AND seat = 0")
    with Store(path, read_only=True) as store:
        found = store.game_without_its_seats(5)
    assert found is not None
    game, _ = found
    assert TableSession.resume_problem(game.record, game.seats, game.id) is None
    emma_lost = [YOU, {"name": "seat 2 (name lost)", "bot": None}]
    assert TableSession.resume_problem(game.record, emma_lost, game.id) == (
        "game 5 came back from gofish recover without who sat in seat 2 (person or bot), "
        "so it cannot be resumed")


def test_a_game_is_read_from_the_seat_of_its_known_person(tmp_path: Path) -> None:
    # Emma's seat (seat 1 of three) lost and the person's read: history gave Emma's
    # result and books as the person's, and named the person's seat among the opponents.
    path = tmp_path / "games.sqlite3"
    game = played_game("bicycle", players=3, seed=4)
    with Store(path) as store:
        game_id = store.save(gofish.game_to_record(game), seats=[lost_seat(0), YOU, RANDOM])
        stored = store.get(game_id)
    assert stored.human_seats == [1, 0]
    assert stored.opponents() == ["human", "random"]

    assert game.winners == (1,)  # the person won, Emma lost

    listed = gofish_cmd("history", "--database", str(path)).stdout.splitlines()[-1]

    books = stored.books
    assert re.search(rf"seat 1 \(name lost\), Randy +won +{books[1]} \(vs {books[0]}, "
                     rf"{books[2]}\)$", listed), listed


def test_the_browser_says_a_game_came_back_without_who_sat_there(tmp_path: Path) -> None:
    from gofish.web.session import why_not_resumable

    unfinished = played_game(seed=5, asks=6)
    with Store(tmp_path / "games.sqlite3") as store:
        game_id = store.save(gofish.game_to_record(unfinished),
                             seats=[lost_seat(0), lost_seat(1)])
        stored = store.get(game_id)
    assert why_not_resumable(stored) == (
        f"game {game_id} came back from gofish recover without who sat in seats 1, 2 "
        "(person or bot): it cannot be resumed at one browser")


def test_stats_count_no_seat_recover_could_not_name_as_yours(tmp_path: Path) -> None:
    # Counted as a person's at each lost seat, a game of one person and Emma was two
    # games of yours, Emma's win among them.
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        whole = store.save(gofish.game_to_record(played_game(seed=1)), seats=[YOU, EMMA])
        nobody = store.save(gofish.game_to_record(played_game(seed=3)),
                            seats=[lost_seat(0), lost_seat(1)])
        store.save(gofish.game_to_record(played_game("bicycle", players=3, seed=4)),
                   seats=[lost_seat(0), YOU, RANDOM])

    result = gofish_cmd("stats", "--json", "--database", str(path))

    rows = {tuple(row["opponents"]): row["games"] for row in map(
        json.loads, result.stdout.splitlines())}
    assert rows == {("emma",): 1, ("human", "random"): 1}, result.stdout
    assert result.stderr == (f"gofish stats: game {nobody} is not counted: gofish recover "
                             "brought it back without who sat in which seat (--all-seats "
                             "counts every seat)\n")
    assert whole == 1 and result.returncode == 0


def test_games_whose_seats_alone_are_damaged_are_said_to_come_back_with_recover(
        tmp_path: Path) -> None:
    # The seats' one page overwritten, history marked every game "(damaged: cannot be
    # read)", said "the other games are listed" of none, and show called each lost,
    # where gofish recover brings every one back without its seats.
    path, _ = _saved(tmp_path)
    [seats] = _pages_of(path, "seats")
    _overwrite(path, seats)

    listed = gofish_cmd("history", "--database", str(path), "--limit", str(GAMES))

    assert listed.returncode == 1, listed.stderr
    rows = listed.stdout.splitlines()[2:]
    assert len(rows) == GAMES and all("(damaged: seats unreadable)" in row for row in rows)
    first = listed.stderr.splitlines()[0]
    assert first.startswith(f"gofish history: games {GAMES}, {GAMES - 1}, ")
    assert first.endswith(": who sat where cannot be read, though what was played can (a "
                          "failing disk, a bad copy or an edit by hand?); gofish recover "
                          "brings them back, each seat it cannot read named by its number")
    shown = gofish_cmd("show", "1", "--database", str(path))
    assert shown.returncode == 1
    assert "who sat where cannot be read, though what was played can" in shown.stderr
    assert f"gofish recover --database {path}" in shown.stderr

    result = gofish_cmd("recover", "--database", str(path))
    assert f"Recovered {GAMES} of {GAMES} games" in result.stdout, result.stderr


def test_a_game_whose_every_seat_was_lost_is_read_from_no_seat(tmp_path: Path) -> None:
    # Both seats lost (the seats' page gone), history gave seat 1's result as the player's
    # ("won", "12 (vs 1)") and show narrated seat 1 as "You", hiding seat 2's hand, though
    # which seat was the player's is not known; stats already counts such a game as no one's.
    path = tmp_path / "games.sqlite3"
    game = played_game(seed=5)
    with Store(path) as store:
        game_id = store.save(gofish.game_to_record(game), seats=[lost_seat(0), lost_seat(1)])
    [winner] = game.winners
    books = [len(laid) for laid in game.books]

    listed = gofish_cmd("history", "--database", str(path)).stdout.splitlines()[-1]
    assert re.search(rf"seat 1 \(name lost\), seat 2 \(name lost\) +seat {winner + 1} "
                     rf"\(name lost\) won +{books[0]} / {books[1]}$", listed), listed

    shown = gofish_cmd("show", str(game_id), "--database", str(path)).stdout
    assert "seen as a spectator" in shown.splitlines()[0], shown.splitlines()[0]
    assert "You" not in shown


def test_stats_says_games_whose_seats_alone_are_damaged_come_back_with_recover(
        tmp_path: Path) -> None:
    # The seats' one page overwritten, history said each game comes back with gofish
    # recover, while stats said the same games were "damaged and cannot be read", as lost.
    path, _ = _saved(tmp_path)
    [seats] = _pages_of(path, "seats")
    _overwrite(path, seats)

    counted = gofish_cmd("stats", "--database", str(path))

    assert counted.returncode == 1, counted.stderr
    first = counted.stderr.splitlines()[0]
    assert "cannot be read (" not in first, first
    assert first.startswith(f"gofish stats: games {GAMES - 1}, {GAMES - 2}, "), first
    assert first.endswith(": who sat where cannot be read, though what was played can (a "
                          "failing disk, a bad copy or an edit by hand?); gofish recover "
                          "brings them back, each seat it cannot read named by its number, "
                          "so they are not counted"), first

"""`gofish recover` of a file whose damage put one table's page in another's place.

Pages swapped (a bad copy, a failing disk writing a page where another belongs) put the
seats' page among the games': walked, the games table then held every seat row as a game
under the seat row's own number, and recover said "Recovered 0 of 75" of 30 games, naming
45 games that never were. And with the seats unreadable every game was lost, though the
rows of all but those on the swapped page still read: a game came back only with its
seats.
"""

from __future__ import annotations

import re
from pathlib import Path

from gofish.storage import recovery

from .test_cli import gofish_cmd
from .test_damaged_pages import PAGE, _pages_of
from .test_recover import GAMES, _rows, _save_games


def _page(data: bytearray, number: int) -> slice:
    return slice((number - 1) * PAGE, number * PAGE)


def _swap_seats_with_games(path: Path) -> None:
    """Swap the seats table's one page with a middle page of the games table."""
    [seats] = _pages_of(path, "seats")
    games = _pages_of(path, "games")
    middle = games[len(games) // 2]
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
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    _swap_seats_with_games(path)

    result = gofish_cmd("recover", "--database", str(path))

    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f" of {GAMES} games of the damaged games database" in result.stdout
    assert _named_ids(result.stderr) <= set(range(1, GAMES + 1)), result.stderr


def test_the_recovery_counts_only_the_games_there_were(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _save_games(path)
    _swap_seats_with_games(path)
    done = recovery.recover_database(path)
    named = sorted([*done.recovered, *(game.id for game in done.lost)])
    assert named == list(range(1, GAMES + 1))
    assert set(_rows(path)) == set(done.recovered)  # no game made up in the new file

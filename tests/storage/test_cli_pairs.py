"""history and stats say pairs for a game under the pairs house rule, which lays pairs (R3).

Both counted its pairs as books: "books/game 6.5" for a game of pairs beside one of books
of four read as if the pairs player had laid twice the books.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import gofish
from gofish.storage import Store

from .helpers import EMMA, YOU, played_game
from .test_cli import gofish_cmd

PAIRS = {"preset": "classic", "book_size": 2}


def store(db_path: Path, *rules: object) -> list[gofish.Game]:
    played = [played_game(each, seed=31 + index) for index, each in enumerate(rules)]
    with Store(db_path) as opened:
        for game in played:
            opened.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    return played


def sets(game: gofish.Game, seat: int) -> int:
    return len(game.books[seat])


def test_history_says_pairs_after_a_pairs_games_counts(db_path: Path) -> None:
    classic, pairs = store(db_path, "classic", PAIRS)
    listed = gofish_cmd("history", "--database", str(db_path))
    assert listed.returncode == 0, listed.stderr
    assert re.search(rf"^ *2 .*classic \(pairs instead of books\) .* {sets(pairs, 0)} "
                     rf"\(vs {sets(pairs, 1)}\) pairs$", listed.stdout, re.MULTILINE), listed.stdout
    assert re.search(rf"^ *1 .*classic .* {sets(classic, 0)} \(vs {sets(classic, 1)}\)$",
                     listed.stdout, re.MULTILINE), listed.stdout
    rows = [json.loads(line) for line in
            gofish_cmd("history", "--json", "--database", str(db_path)).stdout.splitlines()]
    assert [row["book_size"] for row in rows] == [2, 4]


def test_stats_names_the_sets_of_each_row_when_books_and_pairs_are_both_there(
    db_path: Path
) -> None:
    classic, pairs = store(db_path, "classic", PAIRS)
    result = gofish_cmd("stats", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].split()[-1] == "pairs/game"  # "books or pairs/game"
    assert re.search(rf"^classic +Emma .* {sets(classic, 0):.1f} books$", result.stdout,
                     re.MULTILINE), result.stdout
    assert re.search(rf"^classic \(pairs instead of books\) +Emma .* {sets(pairs, 0):.1f} pairs$",
                     result.stdout, re.MULTILINE), result.stdout
    rows = [json.loads(line) for line in
            gofish_cmd("stats", "--json", "--database", str(db_path)).stdout.splitlines()]
    assert sorted((row["rules"], row["book_size"]) for row in rows) == [
        ("classic", 4), ("classic (book_size=2)", 2)]


def test_stats_of_pairs_games_only_heads_its_column_pairs(db_path: Path) -> None:
    [pairs] = store(db_path, PAIRS)
    result = gofish_cmd("stats", "--database", str(db_path))
    assert "books" not in result.stdout.replace("(pairs instead of books)", "")
    assert result.stdout.splitlines()[0].split()[-1] == "pairs/game"
    assert result.stdout.splitlines()[2].split()[-1] == f"{sets(pairs, 0):.1f}"

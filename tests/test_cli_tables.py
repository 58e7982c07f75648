"""The columns of ``gofish history`` and ``gofish stats`` line up in a terminal whatever
script the names are in: they were padded by characters, so a name of wide characters (CJK,
emoji: two cells each) or with a combining accent pushed every column after it out of line."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from tests.storage.helpers import played_game

import gofish
from gofish.cli import main
from gofish.cli._messages import display_width, padded, table
from gofish.storage import Store

NAMES = ["山田太郎", "🐟Emma", "e\u0301mile", "鈴木一郎と佐藤花子", "Emma"]


def cells(text: str) -> int:
    """Terminal cells of the test's own names, worked out apart from the code under test:
    the combining acute takes none, every other character past ASCII here two."""
    return sum(0 if char == "\u0301" else 2 if ord(char) > 0x7F else 1 for char in text)


def test_the_test_names_are_wide_or_combining() -> None:
    # Each would be padded wrongly by len(): 4, 5, 6 and 9 characters in 8, 6, 5 and 18 cells.
    assert [len(name) for name in NAMES[:4]] == [4, 5, 6, 9]
    assert [cells(name) for name in NAMES[:4]] == [8, 6, 5, 18]


@pytest.mark.parametrize("text", [*NAMES, "", "id", "鈴"])
def test_display_width_counts_terminal_cells(text: str) -> None:
    assert display_width(text) == cells(text)


@pytest.mark.parametrize(("text", "width"), [
    ("\u200d", 0),  # the zero-width joiner
    # Variation selector 16 draws the symbol before it as an emoji, two cells (as rich
    # measures it in the terminal table); the history padded a red heart as one cell.
    ("\u2764", 1),
    ("\u2764\ufe0f", 2),
    ("\u2764\ufe0f\u2764\ufe0f", 4),
    ("1\ufe0f\u20e3", 2),  # a keycap
    ("A\ufe0f", 1),  # a letter is not an emoji: it stays one cell
    ("\ufe0f", 0),  # with nothing before it, nothing to widen
    ("👍\U0001f3fd", 2),  # a skin tone colours the emoji before it
    ("👍\U0001f3fdx", 3),
    ("👨\u200d👩\U0001f3fd", 2),
    ("👩\u200d💻", 2),  # one picture, as terminals draw it
    ("\uff21", 2),  # a fullwidth A
    ("\u1100\u1161", 2),  # a Hangul syllable spelt in Jamo: the vowel joins the consonant
])
def test_display_width_of_joiners_and_fullwidth_forms(text: str, width: int) -> None:
    assert display_width(text) == width


def test_padding_fills_terminal_cells_not_characters() -> None:
    assert padded("山田", 6) == "山田  "
    assert padded("山田", 6, right=True) == "  山田"
    assert padded("e\u0301", 3) == "e\u0301  "
    assert padded("too wide", 3) == "too wide"


def test_table_lines_up_every_column_by_cells() -> None:
    rows = [[str(index), name, "x"] for index, name in enumerate(NAMES)]
    lines = table(["id", "name", "last"], rows, right={0}).splitlines()
    starts = {cells(line[: line.rindex(" ") + 1]) for line in lines}
    assert starts == {cells("id") + 2 + max(map(cells, NAMES)) + 2}, "\n".join(lines)


def store_games(database: Path, *, finished: bool) -> None:
    """A game against each of NAMES, as the opponent's name and as its bot's name."""
    with Store(database) as store:
        for seed, name in enumerate(NAMES, start=1):
            game = played_game(seed=seed) if finished else played_game(seed=seed, asks=2)
            store.save(gofish.game_to_record(game),
                       seats=[{"name": "You", "bot": None}, {"name": name, "bot": name}])


def test_history_columns_line_up_with_wide_and_combining_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    store_games(database, finished=False)
    assert main(["history", "--database", str(database)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[0], lines[2:]
    assert len(rows) == len(NAMES)
    assert {name for name in NAMES if not any(name in row for row in rows)} == set()
    # The column after the opponents starts on one cell in every line.
    result_starts = {cells(row[: row.index("in progress")]) for row in rows}
    assert result_starts == {cells(header[: header.index("result")])}, "\n".join(lines)


@pytest.mark.parametrize("all_seats", [[], ["--all-seats"]])
def test_stats_columns_line_up_with_wide_and_combining_bot_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], all_seats: list[str]
) -> None:
    # The opponents (with --all-seats the player too) are named by their bot names.
    database = tmp_path / "games.sqlite3"
    store_games(database, finished=True)
    assert main(["stats", *all_seats, "--database", str(database)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + len(NAMES) * (2 if all_seats else 1)
    # The last columns are numbers, aligned right: every line ends on the same cell.
    assert {cells(line) for line in lines} == {cells(lines[1])}, "\n".join(lines)


@pytest.mark.parametrize("text", [
    *NAMES, "❤️Ann", "Bo👍🏽", "👩‍💻 dev", "🇫🇷 Marie", "©️ Corp", "1️⃣ first", "A\ufe0fnn",
    "한글", "\u1100\u1161", "\uff21\uff22",
])
def test_the_history_and_the_terminal_table_measure_a_name_alike(text: str) -> None:
    # The terminal table fits names with rich's measure; the history padded "❤️" as one
    # cell where the table (and the terminal) drew two, so the two disagreed on a name.
    assert display_width(text) == cell_len(text)

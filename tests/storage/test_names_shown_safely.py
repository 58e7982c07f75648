"""Names read from the games database reach the terminal without control characters: a
hand-edited (or older) database with an escape sequence in a seat's name made gofish show,
history and stats send it to the terminal, which acted on it (ESC [2J clears the screen)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store

from .helpers import played_game

ESCAPED = "Eve\x1b[2J\u202e"


@pytest.fixture
def stored(db_path: Path) -> Path:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)),
                   seats=[{"name": "You", "bot": None}, {"name": ESCAPED, "bot": "emma"}])
        store.save(gofish.game_to_record(played_game(seed=23, asks=6)),
                   seats=[{"name": ESCAPED, "bot": None}, {"name": "Emma", "bot": "emma"}])
    return db_path


@pytest.mark.parametrize("command", [["show", "1", "--delay", "0"], ["show", "2", "--delay", "0"],
                                     ["history"]])
def test_a_stored_name_with_an_escape_is_shown_with_replacement_marks(
    capsys: pytest.CaptureFixture[str], stored: Path, command: list[str]
) -> None:
    assert main([*command, "--database", str(stored)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "Eve\ufffd[2J\ufffd" in out


@pytest.mark.parametrize("all_seats", [[], ["--all-seats"]])
def test_stats_shows_a_stored_bot_name_with_an_escape_with_replacement_marks(
    capsys: pytest.CaptureFixture[str], db_path: Path, all_seats: list[str]
) -> None:
    with Store(db_path) as store:  # stats names a seat by its bot
        store.save(gofish.game_to_record(played_game(seed=21)),
                   seats=[{"name": "You", "bot": None}, {"name": "Eve", "bot": ESCAPED}])
    assert main(["stats", *all_seats, "--database", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Eve\ufffd[2J\ufffd" in out


def test_json_output_keeps_the_name_as_stored(
    capsys: pytest.CaptureFixture[str], stored: Path
) -> None:
    assert main(["history", "--json", "--database", str(stored)]) == 0
    assert "\\u001b[2J" in capsys.readouterr().out  # escaped by JSON, for programs to read

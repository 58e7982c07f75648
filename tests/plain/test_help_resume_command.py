"""The line mode's help names the command that picks the game up again as leaving says
it: "gofish resume" alone opened the full-screen table for a player who had asked for the
line mode (--plain), and missed the --database of a game kept elsewhere."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gofish.core import make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store


@pytest.mark.parametrize("resume_plain, command", [
    (True, "gofish resume --plain --database"), (False, "gofish resume --database")])
def test_help_names_the_resume_command_that_leaving_says(
        tmp_path: Path, resume_plain: bool, command: str) -> None:
    database = tmp_path / "games.sqlite3"
    with open_store(database) as store:
        session = TableSession.deal(TableSettings(make_rules("classic"), seed=1), store)
        out = io.StringIO()
        play_plain(session, io.StringIO("help\nquit\n"), out, resume_plain=resume_plain)
    said = out.getvalue().splitlines()
    quit_line = next(line for line in said if line.startswith("  quit: "))
    assert quit_line == (f"  quit: stop; the game is saved and can be resumed ({command} "
                         f"{database})"), said
    leaving = command.replace("resume", "resume 1")  # the game's id, known by then
    assert said[-1] == f"Game 1 saved unfinished: {leaving} {database} picks it up."

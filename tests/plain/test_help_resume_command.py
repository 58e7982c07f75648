"""The line mode's help names the command that picks the game up again as leaving says
it: "gofish resume" alone opened the full-screen table for a player who had asked for the
line mode (--plain), and missed the --database of a game kept elsewhere."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tests.plain.test_locked_database import SwitchableStore

import gofish
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
    leaving = command.replace("resume", "resume 1")  # the game's id, saved by then
    assert quit_line == (f"  quit: stop; the game is saved and can be resumed ({leaving} "
                         f"{database})"), said
    assert said[-1] == f"Game 1 saved unfinished: {leaving} {database} picks it up."


def test_help_after_the_end_says_the_game_is_kept_not_that_it_can_be_resumed() -> None:
    # R19 with pairs and two cards each: seed 13802 deals every hand a pair, laid at once
    # (R3), so the game is over before the first ask. A finished game is not resumed
    # ("game 1 is already finished"), yet help offered "gofish resume".
    rules = make_rules("nordic", hand_size=2, book_size=2)
    game = gofish.new_game(rules, players=4, seed=13802)
    assert game.is_over
    settings = TableSettings(rules, players=4)
    session = TableSession(settings, game, settings.seats())
    out = io.StringIO()
    play_plain(session, io.StringIO("help\nquit\n"), out)
    said = out.getvalue().splitlines()
    assert "  quit: stop; the game is over and kept (gofish history lists it)" in said, said
    assert not [line for line in said if "resume" in line], said


@pytest.mark.parametrize("rescued, kept", [
    (True, "the game is not in the database now: its moves are kept in unsaved.jsonl until "
           "gofish can write there, then gofish resume --plain --database"),
    (False, "the game could not be saved anywhere so far: it is tried once more as you leave, "
            "and lost if that fails too")], ids=["in the fallback file", "nowhere"])
def test_help_does_not_say_the_game_is_saved_while_saving_fails(
        tmp_path: Path, rescued: bool, kept: str) -> None:
    # Help said "the game is saved and can be resumed (gofish resume --plain --database …)"
    # while every save failed: that resume finds no game, and a game kept nowhere is lost.
    switchable = SwitchableStore(tmp_path / "games.sqlite3", rescues=rescued)
    out = io.StringIO()
    play_plain(switchable.deal(), io.StringIO("help\nquit\n"), out)
    said = out.getvalue().splitlines()
    quit_line = next(line for line in said if line.startswith("  quit: "))
    assert quit_line.startswith(f"  quit: stop; {kept}"), said
    assert "is saved" not in quit_line

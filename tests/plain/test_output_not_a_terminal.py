"""Typing at a terminal whose output goes to a file (``gofish play > game.txt``, or
``2> errors.log``, where Textual would draw the table): the line mode is played, and the
terminal is told so, instead of staying blank while the game waits for a move."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.plain.test_cli_output import environment, read_until_closed

SAID = ("standard output is not a terminal, so the game is played line by line (as with "
        "--plain) and written there; type your moves here")


def play_into_a_file(tmp_path: Path, typed: bytes, *, stream: str = "stdout"
                     ) -> tuple[str, str]:
    """What the terminal shows, and what the file holds, for ``gofish play > file`` (or
    ``2> file``, ``stream="stderr"``) typed at a (pseudo-)terminal."""
    written = tmp_path / "game.txt"
    main, attached = os.openpty()
    with written.open("wb") as output:
        streams = {"stdout": attached, "stderr": attached, stream: output}
        process = subprocess.Popen(
            [sys.executable, "-m", "gofish", "play", "--seed", "3", "--speed", "0",
             "--database", str(tmp_path / "games.sqlite3")],
            stdin=attached, **streams, env={**environment("utf-8"), "TERM": "xterm-256color"})
    os.close(attached)
    try:
        os.write(main, typed)
        shown = read_until_closed(main, seconds=60).decode("utf-8", "replace")
        process.wait(timeout=60)
    finally:
        process.kill()
        os.close(main)
    return shown.replace("\r\n", " ").replace("\n", " "), written.read_text("utf-8")


def test_the_terminal_is_told_where_the_game_is_written(tmp_path: Path) -> None:
    shown, written = play_into_a_file(tmp_path, b"hand\nquit\n")
    assert SAID in " ".join(shown.split()), shown
    assert "\x1b[" not in written, written  # the table was not drawn into the file
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in written, written


def test_the_file_holds_no_prompt_for_moves_typed_elsewhere(tmp_path: Path) -> None:
    # "> " went into the file before each next event ("> You ask Emma for 5s.", "> Game 1
    # saved unfinished"), where nothing was typed.
    _, written = play_into_a_file(tmp_path, b"5\nquit\n")
    assert "You ask Emma for 5s." in written.splitlines(), written
    assert "> " not in written, written


def test_a_script_with_no_terminal_at_all_is_told_nothing(tmp_path: Path) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--seed", "3", "--speed", "0",
         "--database", str(tmp_path / "games.sqlite3")],
        input="hand\nquit\n", capture_output=True, text=True, encoding="utf-8",
        env=environment("utf-8"), timeout=120)
    assert played.returncode == 0, played.stderr
    assert "not a terminal" not in played.stderr, played.stderr
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in played.stdout


def test_with_standard_error_in_a_file_the_game_is_played_on_the_terminal(
        tmp_path: Path) -> None:
    # Textual draws on standard error: the whole table went into the file, escape codes
    # and all, and the terminal stayed blank while the game waited for a move.
    shown, written = play_into_a_file(tmp_path, b"hand\nquit\n", stream="stderr")
    assert ("gofish play: standard error is not a terminal, and the full-screen table is "
            "drawn there, so the game is played line by line") in " ".join(shown.split()), shown
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in shown, shown
    assert "\x1b[" not in shown + written, written


def test_leaving_a_game_played_line_by_line_only_for_a_redirect_resumes_without_plain(
        tmp_path: Path) -> None:
    # The line mode chosen for `2> errors.log` or `> game.txt` said "gofish resume 1
    # --plain picks it up": at a terminal next time that would refuse the full-screen
    # table, which resume chooses by itself wherever it can be drawn.
    for stream in ("stderr", "stdout"):
        (tmp_path / stream).mkdir()
        shown, written = play_into_a_file(tmp_path / stream, b"hand\nquit\n", stream=stream)
        said = " ".join((shown + " " + written).split())
        database = tmp_path / stream / "games.sqlite3"
        assert f"Game 1 saved unfinished: gofish resume 1 --database {database} picks" in (
            said), said
        assert "--plain picks it up" not in said, said


def test_leaving_a_game_asked_for_with_plain_resumes_with_plain(tmp_path: Path) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "3", "--speed", "0",
         "--database", str(tmp_path / "games.sqlite3")],
        input="hand\nquit\n", capture_output=True, text=True, encoding="utf-8",
        env=environment("utf-8"), timeout=120)
    assert "Game 1 saved unfinished: gofish resume 1 --plain --database" in played.stdout, (
        played.stdout)

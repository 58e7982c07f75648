"""What every command writes: a terminal that is not UTF-8 (a Latin-1 or ASCII console)
gets plain forms of what it cannot show (9♦ as 9D), never a UnicodeEncodeError
traceback; and a bad option is one line naming it, never a usage dump."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest


def gofish(args: list[str], encoding: str | None, stdin: str = "",
           locale: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run gofish with its standard streams in ``encoding``, or in ``locale``'s."""
    env = environment(encoding, locale)
    return subprocess.run([sys.executable, "-m", "gofish", *args], input=stdin, env=env,
                          capture_output=True, text=True, encoding=encoding or "ascii",
                          timeout=120)


def environment(encoding: str | None, locale: str | None = None) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8"))}
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    if locale is not None:  # as on a system whose C locale is ASCII: no UTF-8 coercion
        env.update(LC_ALL=locale, LANG=locale, PYTHONCOERCECLOCALE="0", PYTHONUTF8="0")
    return env


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_plain_play_and_show_write_suits_as_letters(tmp_path: Path, encoding: str) -> None:
    database = str(tmp_path / "games.sqlite3")
    played = gofish(["play", "--plain", "--seed", "3", "--database", database], encoding,
                    stdin="hand\nquit\n")
    assert "Traceback" not in played.stderr and played.returncode == 0, played.stderr
    assert "Your hand: 2D, 3D, 5C 5H, 6D, 7D, 8S." in played.stdout
    shown = gofish(["show", "1", "--database", database], encoding)
    assert "Traceback" not in shown.stderr and shown.returncode == 0, shown.stderr
    assert "You are dealt seven cards: 2D 3D 5C 5H 6D 7D 8S." in shown.stdout


def test_a_utf_8_terminal_still_gets_the_symbols(tmp_path: Path) -> None:
    played = gofish(["play", "--plain", "--seed", "3", "--database",
                     str(tmp_path / "games.sqlite3")], "utf-8", stdin="hand\nquit\n")
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in played.stdout


@pytest.mark.parametrize(("args", "complaint"), [
    (["show", "--step=x", "1"], "gofish show: argument --step: ignored explicit argument 'x'"),
    (["export", "nope"], "gofish export: argument id: the game id needs a whole number"),
    (["show", "9" * 5000], "gofish show: argument id: the game id is far too large a number"),
    (["stats", "--all-seats=3"], "gofish stats: argument --all-seats: ignored explicit"),
    (["replay"], "gofish replay: the following arguments are required"),
    (["tournament-merge"], "gofish tournament-merge: the following arguments are required"),
])
def test_every_command_reports_a_bad_option_in_one_line(
        args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]) -> None:
    from gofish.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith(complaint) and error.count("\n") == 1, error  # no usage dump
    assert f"(see gofish {args[0]} --help)" in error


def test_an_ascii_locale_gets_letters_not_a_traceback(tmp_path: Path) -> None:
    # Python writes standard output with surrogateescape there, which crashed on the first ♦.
    database = str(tmp_path / "games.sqlite3")
    played = gofish(["play", "--plain", "--seed", "3", "--database", database], None,
                    stdin="hand\nquit\n", locale="C")
    assert "Traceback" not in played.stderr and played.returncode == 0, played.stderr
    assert "Your hand: 2D, 3D, 5C 5H, 6D, 7D, 8S." in played.stdout
    shown = gofish(["show", "1", "--database", database], None, locale="C")
    assert "You are dealt seven cards: 2D 3D 5C 5H 6D 7D 8S." in shown.stdout, shown.stderr


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_messages_on_standard_error_are_plain_too(tmp_path: Path, encoding: str) -> None:
    # Python writes standard error with backslashreplace: "\u2026" and "\u2660" were shown.
    missing = gofish(["show", "9" * 70, "--database", str(tmp_path / "games.sqlite3")],
                     encoding)
    assert "gofish show: there is no stored game with id 999999999999... (70 digits)" in (
        missing.stderr), missing.stderr
    unknown = gofish(["play", "--plain", "--rules", "cl\u00e2ssic\u2660"], encoding)
    readable = "cl\u00e2ssicS" if encoding == "latin-1" else "classicS"  # â is Latin-1
    assert f"unknown --rules '{readable}'" in unknown.stderr, unknown.stderr
    assert "\\u" not in missing.stderr + unknown.stderr


def test_an_accented_name_loses_only_its_accent_in_ascii(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    gofish(["play", "--plain", "--name", "Zo\u00eb \u674e", "--database", database], "utf-8",
           stdin="quit\n")
    shown = gofish(["show", "1", "--database", database], "ascii")
    assert "Game 1: classic, Zoe ?, Emma;" in shown.stdout, shown.stdout + shown.stderr


def test_letters_without_a_plain_base_keep_a_letter_in_plain_forms() -> None:
    # NFKD takes the accent off e, not the stroke off o: Bjørn came out as Bj?rn.
    from gofish.cli import plain_form

    written = "".join(map(plain_form, "Bjørn Æsa Łukasz Straße Zoë"))
    assert written == "Bjorn AEsa Lukasz Strasse Zoe"


def test_plain_forms_keep_the_bytes_of_a_path_as_typed() -> None:
    from gofish.cli import OUTPUT_ERRORS, plain_form

    assert [plain_form(char) for char in "\u2660\u00eb\u00bd\u2026"] == ["S", "e", "?", "..."]
    # A byte of an argument that is not UTF-8 (U+DCFF for 0xff) is written back as itself.
    assert "9\u2666 /tmp/\udcff\udcfe\u2663".encode("ascii", OUTPUT_ERRORS) == (
        b"9D /tmp/\xff\xfeC")


def on_a_terminal(args: list[str], encoding: str, typed: bytes,
                  term: str = "xterm-256color") -> str:
    """What gofish writes on a terminal (a pseudo-terminal) whose encoding is ``encoding``,
    of the kind ``term`` names (TERM)."""
    env = {**environment(encoding), "TERM": term}
    main, attached = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "gofish", *args], stdin=attached,
                               stdout=attached, stderr=attached, env=env)
    os.close(attached)
    try:
        os.write(main, typed)
        return read_until_closed(main, seconds=60).decode("utf-8", "replace")
    finally:
        process.kill()
        process.wait(timeout=10)
        os.close(main)


def read_until_closed(terminal: int, seconds: float) -> bytes:
    written = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not select.select([terminal], [], [], deadline - time.monotonic())[0]:
            break
        try:
            chunk = os.read(terminal, 4096)
        except OSError:  # EIO: the program closed the terminal (it ended)
            break
        if not chunk:
            break
        written += chunk
    return written


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_that_cannot_draw_the_table_gets_the_line_mode(
        tmp_path: Path, encoding: str) -> None:
    # Textual drew every suit and frame as a "\u2660" escape: a screen of garbage.
    shown = on_a_terminal(["play", "--seed", "3", "--speed", "0", "--database",
                           str(tmp_path / "games.sqlite3")], encoding, b"hand\nquit\n")
    assert "cannot show the table's suits and frames, so the game is played line by line" in (
        shown.replace("\r\n", " ")), shown
    assert "Your hand: 2D, 3D, 5C 5H, 6D, 7D, 8S." in shown
    assert "\\u" not in shown and "Traceback" not in shown


@pytest.mark.parametrize("term", ["dumb", "unknown"])
def test_a_dumb_terminal_gets_the_line_mode(tmp_path: Path, term: str) -> None:
    # One that cannot move its cursor (Emacs' shell, an editor's output pane): the table's
    # escape codes were written to it as a screen of garbage, and its keys never came.
    shown = on_a_terminal(["play", "--seed", "3", "--speed", "0", "--database",
                           str(tmp_path / "games.sqlite3")], "utf-8", b"hand\nquit\n",
                          term=term)
    assert (f"this terminal (TERM={term}) cannot draw the full-screen table, so the game is "
            "played line by line") in shown.replace("\r\n", " "), shown
    assert "Your hand: 2♦, 3♦, 5♣ 5♥, 6♦, 7♦, 8♠." in shown
    assert "\x1b[" not in shown, shown  # no escape code at all


def test_a_name_typed_in_utf8_under_an_ascii_locale_is_kept(tmp_path: Path) -> None:
    # Python reads it there as 'Zo' and two stand-ins for bytes: it was refused as not UTF-8.
    database = str(tmp_path / "games.sqlite3")
    played = gofish(["play", "--plain", "--name", "Zo\u00eb", "--database", database], None,
                    stdin="quit\n", locale="C")
    assert played.returncode == 0, played.stderr
    shown = gofish(["show", "1", "--database", database], "utf-8")
    assert "Game 1: classic, Zo\u00eb, Emma;" in shown.stdout, shown.stderr

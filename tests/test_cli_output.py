"""How gofish commands report: when their standard output fails, and messages that echo
what was typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(("asked", "prog"), [(["--help"], "gofish"), (["--version"], "gofish"),
                                             (["play", "--help"], "gofish play")])
def test_help_to_a_full_disk_is_an_error_not_a_silent_success(asked: list[str], prog: str) -> None:
    # argparse dropped the failed write, and the command exited 0 having printed nothing.
    # The message names the command, as its other messages do.
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "gofish", *asked], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == f"{prog}: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_gofish_alone_to_a_full_disk_says_what_to_type() -> None:
    # Its help, written to a full disk, was a traceback.
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "gofish"], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith("gofish: name a command, one of bots, export, ")
    assert result.stderr.endswith(" (the help could not be written: No space left on device)\n")


@pytest.mark.parametrize(("asked", "prog"), [
    (["--help"], "gofish"), (["--version"], "gofish"), (["rooms", "--help"], "gofish rooms"),
    (["play", "-h"], "gofish play"), (["bots", "--help"], "gofish bots")])
def test_help_with_its_output_closed_fails_as_every_command_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], asked: list[str],
    prog: str
) -> None:
    # `gofish rooms --help >&-` wrote the help to standard error and exited 0, where
    # `gofish bots >&-` says "standard output is closed" with status 1.
    from gofish.cli import main

    monkeypatch.setattr(sys, "stdout", None)
    assert main(asked) == 1
    assert capsys.readouterr().err == f"{prog}: standard output is closed\n"


def test_help_with_its_output_closed_by_the_shell_fails_in_words() -> None:
    result = subprocess.run(["sh", "-c", 'exec "$0" -m gofish rooms --help >&-', sys.executable],
                            stderr=subprocess.PIPE, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (1, "gofish rooms: standard output is closed\n")


def test_help_into_a_pipe_closed_early_is_quiet() -> None:
    reader = subprocess.Popen([sys.executable, "-m", "gofish", "tournament", "--help"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # as `| head -0` would, before a word is read
    error = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 0 and error == ""


@pytest.mark.parametrize(("asked", "expected"), [
    (["play", "--players", "9" * 300],
     "gofish play: 999999999999… (300 digits) players cannot play: every rule set takes 2 to 5"),
    (["resume", "7" * 5000, "--database", "{db}"],
     "gofish resume: the game id is far too large a number (5,000 digits)"),
    (["resume", "7" * 300, "--database", "{db}"],
     "gofish resume: there is no stored game with id 777777777777… (300 digits)"),
    (["play", "9" * 300, "--plain"],
     "gofish play: unrecognized arguments: 999999999999… (300 digits) (see gofish play --help)"),
])
def test_a_number_thousands_of_digits_long_is_not_echoed_whole(
    asked: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gofish.cli import main
    from gofish.storage import Store

    database = tmp_path / "games.sqlite3"
    Store(database).close()
    assert main([part.format(db=database) for part in asked]) == 2
    error = capsys.readouterr().err
    assert error.startswith(expected) and len(error) < 200, error


@pytest.mark.parametrize(("asked", "expected"), [
    # Refused as not UTF-8, in play's words (which show it as U+FFFD, and say so)
    (["tournament", "\udcff", "random"],
     "gofish tournament: each BOT must be UTF-8 text, and '\ufffd' has bytes that are not"),
    (["replay", "game\udce9.json"], "gofish replay: cannot read game\\xe9.json: No such file"),
    (["show", "1", "x\udcff"], "gofish show: unrecognized arguments: x\\xff (see"),
])
def test_a_byte_that_is_not_utf8_is_shown_as_the_byte(
    asked: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A byte such as 0xff in an argument reaches Python as U+DCFF; messages showed '\udcff'.
    from gofish.cli import main

    assert main(asked) == 2
    assert capsys.readouterr().err.startswith(expected)


def test_a_missing_game_in_a_missing_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gofish.cli import main

    missing = tmp_path / "none.sqlite3"
    assert main(["show", "99", "--database", str(missing)]) == 2
    assert capsys.readouterr().err == (
        f"gofish show: there is no stored game with id 99 (no games database at {missing} "
        "yet)\n")


@pytest.mark.parametrize("typed", ["²", "+-5", "5²"])
def test_what_is_not_a_number_is_not_called_too_large(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # '²' and '+-5' passed str.isdigit() once their signs were stripped, and were called
    # "far too large a number (1 digits)".
    from gofish.cli import main

    assert main(["resume", typed, "--database", "unused.sqlite3"]) == 2
    assert capsys.readouterr().err.startswith(
        f"gofish resume: the game id needs a whole number, not {typed!r}")


def test_a_long_number_is_called_too_large(capsys: pytest.CaptureFixture[str]) -> None:
    from gofish.cli import main

    assert main(["resume", "+" + "3" * 5000, "--database", "unused.sqlite3"]) == 2
    assert capsys.readouterr().err.startswith(
        "gofish resume: the game id is far too large a number (5,000 digits)")


def test_a_long_number_in_another_script_names_its_digit(
    capsys: pytest.CaptureFixture[str]
) -> None:
    from gofish.cli import main

    # Numbers take the digits 0-9 only (tests/test_digits_0_to_9.py), however long.
    assert main(["resume", "+" + "٣" * 5000, "--database", "unused.sqlite3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gofish resume: the game id needs a whole number, and '+٣٣")
    assert err.endswith("uses the digit '٣': numbers take the digits 0-9 only\n")
    assert len(err) < 300


def test_a_command_started_with_its_output_closed_still_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `gofish ... >&-` leaves sys.stdout None: flushing it after parsing raised
    # AttributeError, a traceback for every command.
    from gofish.cli import main

    monkeypatch.setattr(sys, "stdout", None)
    missing = tmp_path / "none.sqlite3"
    assert main(["show", "99", "--database", str(missing)]) == 2
    assert capsys.readouterr().err.startswith("gofish show: there is no stored game with id 99")


def test_export_and_tournament_with_their_output_closed_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both wrote to sys.stdout directly: None when started with `>&-`, an AttributeError.
    import gofish
    from gofish.cli import main
    from gofish.storage import Store

    database = tmp_path / "games.sqlite3"
    with Store(database) as store:
        game = gofish.new_game("classic", 2, seed=1)
        store.save(gofish.game_to_record(game), seats=[{"name": "You", "bot": None},
                                                       {"name": "Emma", "bot": "emma"}])
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["export", "1", "--database", str(database)]) == 1
    assert capsys.readouterr().err.endswith(
        "gofish export: cannot write the record: standard output is closed\n")
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1", "--json",
                 "--no-fast"]) == 1
    assert capsys.readouterr().err == (
        "gofish tournament: cannot write the result: standard output is closed\n")


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["stats", "--json"],
                                     ["bots"], ["bots", "--json"]])
def test_listings_with_their_output_closed_fail_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    command: list[str]
) -> None:
    # print() to a closed standard output (None) writes nothing and raises nothing: these
    # exited 0 having written nothing, and a script reading --json took that for success.
    from gofish.cli import main

    monkeypatch.setattr(sys, "stdout", None)
    database = ["--database", str(tmp_path / "games.sqlite3")] if command[0] != "bots" else []
    assert main(command + database) == 1
    assert capsys.readouterr().err == f"gofish {command[0]}: standard output is closed\n"


def test_text_that_only_looks_like_an_escape_is_left_alone() -> None:
    from gofish.cli._messages import brief

    assert brief(repr("bot \udcff")) == "'bot \\xff'"  # the byte, as repr() escaped it
    assert brief(repr("a\\udc80")) == repr("a\\udc80")  # a real backslash, then text

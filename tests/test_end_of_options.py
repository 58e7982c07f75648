"""``--``, the end of the options, as commands take it everywhere else: a trailing one is
harmless and what follows one is names, not options. argparse left a ``--`` with nothing
after it unconsumed, so ``gofish bots --`` was refused ("unrecognized arguments: --", exit
status 2), and ``gofish tournament random --games 2 -- emma`` refused the bot after it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("command", [["bots"], ["history", "--limit", "3"]], ids=" ".join)
def test_a_trailing_end_of_options_is_taken(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = ["--database", str(tmp_path / "games.sqlite3")] if command[0] != "bots" else []
    assert main([*command, *database, "--"]) == 0
    assert "unrecognized" not in capsys.readouterr().err


def test_a_tournament_ending_in_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1", "--json",
                 "--"]) == 0
    assert [bot["name"] for bot in json.loads(capsys.readouterr().out)["bots"]] == [
        "random", "emma"]


def test_bots_after_it_are_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "--games", "2", "--seed", "1", "--json", "--",
                 "emma"]) == 0
    assert [bot["name"] for bot in json.loads(capsys.readouterr().out)["bots"]] == [
        "random", "emma"]


def test_what_follows_it_where_nothing_is_taken_is_still_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "--", "emma"]) == 2
    assert capsys.readouterr().err == ("gofish bots: unrecognized arguments: emma (see gofish "
                                       "bots --help)\n")


@pytest.mark.parametrize(("command", "option"), [
    (["history", "--limit=--"], "--limit"),
    (["tournament", "emma", "random", "--games=--"], "--games"),
    (["play", "--plain", "--seed=--"], "--seed"),
    (["play", "--plain", "--refill=--"], "--refill"),
    (["export", "1", "-o=--"], "-o"),
    (["export", "1", "-o--"], "-o"),
    (["serve", "--allow-host=--"], "--allow-host"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_an_option_given_it_as_its_value_is_refused_saying_so(
        command: list[str], option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # argparse drops a "--" given as a value ("--games=--", "-o--"), as if it ended the
    # options, and hands the command [] for it: a TypeError's traceback ('<=' between int
    # and list), "limit must be a whole number ..., not []", or the default database used.
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    prog = f"gofish {command[0]}"
    assert err == (f"{prog}: argument {option}: '--' cannot be its value, as it ends the "
                   f"options (see {prog} --help)\n")


def refusal_before_any_database(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> str:
    """What gofish writes on stderr refusing ``command`` (status 2), no database made."""
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    assert main(command) == 2
    assert not (tmp_path / "games.sqlite3").exists()
    return capsys.readouterr().err


def test_after_the_end_of_options_such_a_word_is_a_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "--games", "2", "--", "--x=--"]) == 2
    assert "unknown bot '--x=--'" in capsys.readouterr().err


def test_one_before_the_command_ends_gofish_s_own_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "gofish -- bots" was "argument COMMAND: invalid choice: '--'": argparse took the --
    # for the command's name, where it ends gofish's own options (--version, --help).
    assert main(["--", "bots", "--json"]) == 0
    assert "emma" in [bot["name"] for bot in json.loads(capsys.readouterr().out)]
    with pytest.raises(SystemExit) as refused:  # after it, no option of gofish's own
        main(["--", "--version"])
    assert refused.value.code == 2 and "gofish" not in capsys.readouterr().out


@pytest.mark.parametrize(("command", "joined"), [
    (["play", "--plain", "--name", "--", "-x"], "--name=-x"),
    (["play", "--plain", "--name", "--", "Ann Lee"], "'--name=Ann Lee'"),
    (["history", "--limit", "--", "-5"], "--limit=-5"),  # a number: the type says why not
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_one_between_an_option_and_its_value_says_to_write_it_joined(
        command: list[str], joined: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # "--name -- -x", as a value starting with '-' is quoted for other commands, was
    # refused "expected one argument", its hint --name=-x not saying why the -- was no help.
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    option = command[command.index("--") - 1]
    prog = f"gofish {command[0]}"
    assert err == (
        f"{prog}: argument {option}: expected one argument; '--' ends the options, so it "
        f"cannot come before the value: write it joined, as in {joined} (see {prog} --help)\n")


@pytest.mark.parametrize("command", [
    ["play", "--plain", "--name", "--"],
    ["tournament", "emma", "random", "--games", "--"],
    ["play", "--plain", "--name", "--", "--"],
    ["export", "-o", "--", "1"],
    ["show", "--delay", "--", "1"],
    ["resume", "--speed", "--", "1"],
    ["tournament", "--games", "--", "emma", "random"],
], ids=" ".join)
def test_one_after_an_option_with_no_value_after_it_is_said_to_be_no_value(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # "--name --" was told to write "--name=-x", a value nobody typed (the hint for one
    # after the "--"), and "--name -- --" to write "--name=--", which is refused. A
    # command's own name after the '--' (a game id, a bot) is no value either: "export -o
    # -- 1" was told to write "-o=1", which wrote to a file named 1 and lost the id.
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    option, prog = command[command.index("--") - 1], f"gofish {command[0]}"
    assert err == (f"{prog}: argument {option}: expected one argument, and '--' cannot be "
                   f"its value, as it ends the options (see {prog} --help)\n")


def test_a_name_that_starts_with_a_dash_written_joined_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # The way the refusal above and gofish play --help name.
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("table\nquit\n"))
    assert main(["play", "--plain", "--seed", "1", "--name=-x"]) == 0
    assert "Game 1 saved unfinished" in capsys.readouterr().out
    assert main(["history", "--json"]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert game["seats"][0] == {"name": "-x", "bot": None}


@pytest.mark.parametrize(("command", "unknown", "option"), [
    (["play", "--plain", "--", "--name", "x"], "--name x", "--name"),
    (["play", "--", "--plain"], "--plain", "--plain"),
    (["history", "--", "--limit=3"], "--limit=3", "--limit"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_an_option_after_it_is_said_to_belong_before_it(
        command: list[str], unknown: str, option: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # "unrecognized arguments: --plain; did you mean '--plain'?" offered what was typed.
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    prog = f"gofish {command[0]}"
    assert err == (f"{prog}: unrecognized arguments: {unknown}; '--' ends the options, so "
                   f"{option} after it is not read as one: put it before the '--' "
                   f"(see {prog} --help)\n")


@pytest.mark.parametrize(("command", "option"), [
    (["tournament", "emma", "--", "--games", "5"], "--games"),
    (["tournament", "emma", "--", "random", "--seed=3"], "--seed"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_an_option_among_the_bots_after_it_is_said_to_belong_before_it(
        command: list[str], option: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Argparse takes it for a bot's name: "unknown bot '--games': choose one of …".
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    typed = next(word for word in command if word.startswith(option))  # as written
    assert err == (f"gofish tournament: unrecognized arguments: {typed}; '--' ends the "
                   f"options, so {option} after it is not read as one: put it before the "
                   f"'--' (see gofish tournament --help)\n")


def test_an_option_no_command_has_given_it_is_unrecognized_as_any_unknown_option(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # '--bogus=--' was explained as "argument --bogus: '--' cannot be its value", an
    # option play does not have; the explanation is for options that take a value.
    err = refusal_before_any_database(["play", "--bogus=--"], tmp_path, monkeypatch, capsys)
    assert err == "gofish play: unrecognized arguments: --bogus=-- (see gofish play --help)\n"


@pytest.mark.parametrize(("command", "typed"), [
    (["play", "--plain", "--name", "--", ""], "--name="),
    (["play", "--plain", "--name", "--", "  "], "'--name=  '"),
], ids=repr)
def test_an_empty_value_after_it_is_not_told_to_be_written_joined(
        command: list[str], typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # "--name -- ''" was told to write "--name=", which is then refused as an empty name.
    err = refusal_before_any_database(command, tmp_path, monkeypatch, capsys)
    assert err == ("gofish play: argument --name: expected one argument; '--' ends the "
                   "options, so it cannot come before the value, and the value after it is "
                   "empty (see gofish play --help)\n")
    assert typed not in err
    assert main(["play", "--plain", typed.strip("'")]) == 2  # the hint it had is refused
    assert "name" in capsys.readouterr().err


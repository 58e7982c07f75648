"""An option that wants a value, typed last with none: argparse's "expected one argument"
came with the hint for a value that starts with '-' ("written joined, as in --name=-x"),
which nobody had typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize(("command", "option"), [
    (["play", "--plain", "--name"], "--name"),
    (["play", "--plain", "--nam"], "--nam"),  # shortened, as argparse takes it
    (["history", "--limit"], "--limit"),
    (["export", "1", "-o"], "-o"),
    (["tournament", "emma", "random", "--games"], "--games"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_it_is_said_that_nothing_follows_it(
        command: list[str], option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    assert main(command) == 2
    prog = f"gofish {command[0]}"
    assert capsys.readouterr().err == (f"{prog}: argument {option}: expected one argument, "
                                       f"and nothing follows it (see {prog} --help)\n")
    assert not (tmp_path / "games.sqlite3").exists()


def test_an_option_taken_for_the_value_before_it_keeps_the_hint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # "--seed --name": argparse refuses --seed, whose value may be one that starts with '-'.
    err = argparse_refusal(["play", "--plain", "--seed", "--name"], tmp_path, monkeypatch,
                           capsys)
    assert err == (
        "gofish play: argument --seed: expected one argument; a value that starts with '-' "
        "is written joined, as in --seed=-x (see gofish play --help)\n")


def argparse_refusal(command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     capsys: pytest.CaptureFixture[str]) -> str:
    """What the refusal of ``command`` (status 2: gofish's, or argparse's own) writes; no
    database made."""
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    try:
        status = main(command)
    except SystemExit as refused:
        status = refused.code
    assert status == 2
    assert not (tmp_path / "games.sqlite3").exists()
    return capsys.readouterr().err


@pytest.mark.parametrize(("command", "option", "takes"), [
    (["history", "--limit", "--json"], "--limit", "a number, as in --limit N"),
    (["tournament", "emma", "random", "--jobs", "--fast"], "--jobs", "a number, as in --jobs N"),
    (["tournament", "emma", "random", "--timeout", "--fast"], "--timeout",
     "a number, as in --timeout N"),
    (["rooms", "--port", "--host", "::1"], "--port", "a number, as in --port N"),
    (["play", "--hand-size", "--plain"], "--hand-size", "a number, as in --hand-size N"),
    (["play", "--book-size", "--plain"], "--book-size", "one of 4, 2"),
    (["serve", "--pace", "--port", "1"], "--pace", "a number, as in --pace SECONDS"),
    # And one with a '--' after it: "--seed=-b" was the hint, and is no number either.
    (["tournament", "emma", "random", "--seed", "--", "-b"], "--seed",
     "a number, as in --seed N"),
    (["history", "--limit", "--", "--json"], "--limit", "a number, as in --limit N"),
    (["show", "1", "--delay", "--", "-x"], "--delay", "a number, as in --delay SECONDS"),
    # Options of choices: "--seatings=-x" is no choice of theirs.
    (["tournament", "emma", "random", "--seatings", "--fast"], "--seatings",
     "one of rotate, all"),
    (["play", "--plain", "--refill", "--name", "x"], "--refill", "one of hand, card, turn, none"),
    (["play", "--plain", "--end", "--", "-x"], "--end", "one of all-books, first-empty"),
    # A shard is two numbers apart: "--shard=-x" was the hint.
    (["tournament", "emma", "random", "--shard", "--json"], "--shard",
     "a shard I/N, as in --shard 1/4"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_an_option_whose_values_never_start_with_a_dash_is_told_what_it_takes(
        command: list[str], option: str, takes: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # "history --limit --json" was told to write a value that starts with '-' joined,
    # "--limit=-x", which is refused: a negative number is taken as the value already.
    assert argparse_refusal(command, tmp_path, monkeypatch, capsys) == (
        f"gofish {command[0]}: argument {option}: expected one argument; it takes {takes} "
        f"(see gofish {command[0]} --help)\n")

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


@pytest.mark.parametrize(("command", "example"), [
    (["history", "--limit", "--json"], "--limit N"),
    (["tournament", "emma", "random", "--jobs", "--fast"], "--jobs N"),
    (["tournament", "emma", "random", "--timeout", "--fast"], "--timeout N"),
    (["rooms", "--port", "--host", "::1"], "--port N"),
    (["play", "--hand-size", "--plain"], "--hand-size N"),
    (["play", "--book-size", "--plain"], "--book-size 4|2"),
    (["serve", "--pace", "--port", "1"], "--pace SECONDS"),
    # And one with a '--' after it: "--seed=-b" was the hint, and is no number either.
    (["tournament", "emma", "random", "--seed", "--", "-b"], "--seed N"),
    (["history", "--limit", "--", "--json"], "--limit N"),
    (["show", "1", "--delay", "--", "-x"], "--delay SECONDS"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_a_numeric_option_followed_by_another_is_told_it_takes_a_number(
        command: list[str], example: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # "history --limit --json" was told to write a value that starts with '-' joined,
    # "--limit=-x", which is refused: a negative number is taken as the value already.
    err = argparse_refusal(command, tmp_path, monkeypatch, capsys)
    option, prog = example.split()[0], f"gofish {command[0]}"
    assert err == (f"{prog}: argument {option}: expected one argument; it takes a number, "
                   f"as in {example} (see {prog} --help)\n")

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
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal
        main(["play", "--plain", "--seed", "--name"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == (
        "gofish play: argument --seed: expected one argument; a value that starts with '-' "
        "is written joined, as in --seed=-x (see gofish play --help)\n")

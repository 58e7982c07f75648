"""A negative number after an option is its value, however it is written.

argparse took only -5 and -.5 for numbers: ``--timeout -inf`` or ``--games -1e3`` was
"expected one argument", where ``--timeout=-inf`` said what was wrong with the number.
"""

from __future__ import annotations

import pytest

from gofish.cli import main


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """What ``gofish`` says to ``argv`` on stderr, having refused it with exit code 2."""
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code  # type: ignore[assignment]
    assert status == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(("option", "value"), [
    ("--timeout", "-inf"), ("--timeout", "-Infinity"), ("--timeout", "-NaN"),
    ("--timeout", "-1e3"), ("--timeout", "-.5e1"), ("--games", "-1e3"),
    ("--games", "-1_000"), ("--seed", "-1e3"), ("--jobs", "-inf"), ("--players", "-1E2"),
    ("--hand-size", "-inf"), ("--shard", "-1/2"),
])
def test_a_negative_number_is_refused_as_with_an_equals_sign(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    before = ["tournament", "emma", "random", "--seed", "1"]
    apart = refusal(capsys, [*before, option, value])
    joined = refusal(capsys, [*before, f"{option}={value}"])
    assert "expected one argument" not in apart
    assert apart == joined and apart.startswith("gofish tournament: ")


def test_a_word_after_an_option_is_still_not_its_value(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # Only numbers: an option name after an option that wants a value is a mistake to name.
    message = refusal(capsys, ["tournament", "emma", "random", "--timeout", "--json"])
    assert "argument --timeout: expected one argument" in message
    message = refusal(capsys, ["tournament", "emma", "random", "--timeout", "-infinite"])
    assert "argument --timeout: expected one argument" in message


@pytest.mark.parametrize(("argv", "joined"), [
    (["play", "--name", "-x"], "--name=-x"),
    (["export", "--database", "g.db", "-o", "-x.json"], "--output=-x"),
], ids=["play", "export"])
def test_a_value_that_starts_with_a_dash_is_told_how_to_give_it(
    capsys: pytest.CaptureFixture[str], argv: list[str], joined: str
) -> None:
    # "expected one argument" after one was given, and nothing of how to give it: argparse
    # takes a word that starts with '-' for an option, except after '='.
    message = refusal(capsys, argv)
    assert "expected one argument" in message
    assert f"a value that starts with '-' is written joined, as in {joined} (see" in message


def test_a_word_with_a_dash_after_a_numeric_option_is_told_a_number_is_wanted(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # Not "written joined, as in --timeout=-x": no word is a number of seconds.
    message = refusal(capsys, ["tournament", "emma", "random", "--timeout", "-infinite"])
    assert "argument --timeout: expected one argument" in message
    assert "it takes a number, as in --timeout N (see gofish tournament --help)" in message

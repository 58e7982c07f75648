"""Numbers on the command line take the digits 0-9 only, as the web's routes and the line
mode do: int() and float() read other scripts' digits, so ``gofish history --limit ٣``
listed 3 games and ``tournament --games ٣`` played 3, while ``/api/games/٣`` was refused.
Each is refused in one line naming the digit, exit status 2."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.cli._server import port, seconds

THREE = "\u0663"  # ٣, ARABIC-INDIC DIGIT THREE
REFUSAL = f"'{THREE}' uses the digit '{THREE}': numbers take the digits 0-9 only"


def _status(argv: list[str]) -> int:
    """main's exit status, or argparse's (which refuses a bad option by SystemExit)."""
    try:
        return main(argv)
    except SystemExit as leaving:
        return int(leaving.code or 0)


@pytest.mark.parametrize("command", [
    ["history", "--limit", THREE],
    ["play", "--plain", "--players", THREE],
    ["play", "--plain", "--hand-size", THREE],
    ["play", "--plain", "--speed", THREE],
    ["resume", THREE],
    ["show", THREE],
    ["show", "1", "--delay", THREE],
    ["export", THREE],
    ["tournament", "random", "emma", "--games", THREE],
    ["tournament", "random", "emma", "--players", THREE],
    ["tournament", "random", "emma", "--seed", THREE],
    ["tournament", "random", "emma", "--jobs", THREE],
    ["tournament", "random", "emma", "--timeout", THREE],
], ids=" ".join)
def test_a_number_in_other_digits_is_refused_naming_the_digit(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = [] if command[0] == "tournament" else ["--database",
                                                      str(tmp_path / "games.sqlite3")]
    assert _status([*command, *database]) == 2
    captured = capsys.readouterr()
    assert REFUSAL in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""
    assert not (tmp_path / "games.sqlite3").exists()  # nothing dealt, played or stored


def test_a_shard_in_other_digits_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "--seed", "1", "--shard",
                 f"{THREE}/\u0664"]) == 2
    assert capsys.readouterr().err == (f"gofish tournament: --shard '{THREE}/\u0664' uses the "
                                       f"digit '{THREE}': numbers take the digits 0-9 only\n")


@pytest.mark.parametrize("parse", [port, seconds("a pause", 60)])
def test_serve_and_rooms_numbers_take_0_to_9(parse: object) -> None:
    # serve --port, rooms --away-seconds and the like: ٨٠٨٠ was port 8080
    with pytest.raises(argparse.ArgumentTypeError, match="numbers take the digits 0-9 only"):
        parse("\u0668\u0660\u0668\u0660")  # type: ignore[operator]


def test_the_same_numbers_in_0_to_9_still_work(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    assert main(["history", "--limit", "3", "--database", str(tmp_path / "g.sqlite3")]) == 0
    assert main(["tournament", "random", "emma", "--games", "2", "--seed", "1",
                 "--timeout", "3"]) == 0
    assert port("8080") == 8080 and seconds("a pause", 60)("1.5") == 1.5

"""``gofish play --seed`` with more digits than Python's int() reads (4300) is refused in
one line: it was a ValueError traceback from int()."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gofish.cli import main


def test_a_seed_with_too_many_digits_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "games.sqlite3"
    digits = sys.get_int_max_str_digits() + 1
    code = main(["play", "--plain", "--seed", "-" + "7" * digits, "--database", str(database)])
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"gofish play: --seed may have at most {digits - 1} digits, and "
                            f"this one has {digits}\n")
    assert not database.exists()  # refused before any game was dealt

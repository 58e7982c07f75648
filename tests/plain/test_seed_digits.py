"""``gofish play --seed`` with more digits than Python's int() reads (4300) is refused in
one line: it was a ValueError traceback from int()."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.plain.test_plain import gofish, opening

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


@pytest.mark.parametrize("seed", ["", "  "])
def test_an_empty_seed_is_refused_not_one_fixed_deal(
    seed: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # --seed "$SEED" with SEED unset seeded every game with "": the same deal each time,
    # where leaving --seed out deals a new one (as --name '' is refused, so is this).
    database = tmp_path / "games.sqlite3"
    code = main(["play", "--plain", "--seed", seed, "--database", str(database)])
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("gofish play: --seed cannot be empty: leave it out for a new "
                            "deal\n")
    assert not database.exists()  # refused before any game was dealt


@pytest.mark.parametrize("typed", [" 3", "3 ", "\t3\n", "03", "+3"])
def test_spaces_around_a_seed_deal_the_same_game(typed: str, tmp_path: Path) -> None:
    # --seed ' 3' (a script's quoting, a pasted seed) was the text seed ' 3', a different
    # deal from --seed 3, and spaces around a text seed changed its deal too.
    def deal(seed: str) -> list[str]:
        done = gofish(["play", "--plain", "--seed", seed], "", tmp_path / "g.db")
        assert done.returncode == 0, done.stderr
        return opening(done.stdout)

    assert deal(typed) == deal("3")
    if typed != "+3":
        assert deal(typed.replace("3", "zoë").replace("0", "")) == deal("zoë")  # text seeds too


def test_a_seed_of_two_signs_is_text_not_a_digits_error() -> None:
    # "--3" reached int() as a number and was refused as "at most 4300 digits, and this
    # one has 1"; "+3" was the text seed "+3", another deal than 3 (above).
    from gofish.cli.play import seed_from

    assert (seed_from("+3"), seed_from("-3"), seed_from("--3"), seed_from("+-3")) == (
        3, -3, "--3", "+-3")

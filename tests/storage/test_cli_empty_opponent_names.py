"""``gofish play --opponents`` refuses an empty opponent name: "", "," and "emma,,random"
were dealt as if the empty names had not been typed (Emma alone, or two opponents)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.storage import Store

LIST_WITH_A_GAP = ("has an opponent name that is empty: give one bot name per opponent, "
                   "separated by commas (gofish bots lists them)")


@pytest.mark.parametrize(("typed", "said"), [
    ("", "--opponents cannot be empty: leave it out to play Emma"),
    ("  ", "--opponents cannot be empty: leave it out to play Emma"),
    (",", f"--opponents ',' {LIST_WITH_A_GAP}"),
    ("emma,,random", f"--opponents 'emma,,random' {LIST_WITH_A_GAP}"),
    ("emma, ", f"--opponents 'emma, ' {LIST_WITH_A_GAP}"),
])
def test_an_empty_opponent_name_is_refused_before_the_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, typed: str, said: str
) -> None:
    assert opponents_refused(typed, tmp_path, capsys) == f"gofish play: {said}\n"


def opponents_refused(typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``gofish play --opponents typed`` says refusing it (status 2) before any deal."""
    database = tmp_path / "games.sqlite3"
    assert main(["play", "--plain", "--opponents", typed, "--database", str(database)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert not database.exists()  # nothing was dealt or stored
    return captured.err


def test_names_with_spaces_around_them_are_still_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    database = tmp_path / "games.sqlite3"
    typed = ["--opponents", " emma , random ", "--seed", "1", "--database", str(database)]
    assert main(["play", "--plain", *typed]) == 0
    with Store(database) as store:
        assert [seat["bot"] for seat in store.get(1).seats] == [None, "emma", "random"]

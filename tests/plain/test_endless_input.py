"""Standard input and result files are read a bounded piece at a time: ``gofish play --plain
< /dev/zero``, ``gofish show ID --step < /dev/zero`` and ``gofish tournament-merge
/dev/zero`` read one endless line (or file) whole, gigabytes in seconds, until memory ran
out."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import gofish.cli
from gofish.cli import main


class RecordingInput(io.StringIO):
    """Input that notes how many characters each readline asked for (-1: no limit)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.sizes: list[int] = []

    def readline(self, size: int | None = -1) -> str:
        self.sizes.append(-1 if size is None else size)
        return super().readline(size)


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(gofish.cli, "MAX_INPUT_LINE", 50)
    return 50


def _play(monkeypatch: pytest.MonkeyPatch, database: Path, text: str) -> RecordingInput:
    stdin = RecordingInput(text)
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["play", "--plain", "--seed", "1", "--database", str(database)]) == 0
    return stdin


def test_the_line_mode_reads_a_long_line_in_bounded_pieces(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    small_limit: int,
) -> None:
    stdin = _play(monkeypatch, tmp_path / "games.sqlite3", "x" * 120 + "\nquit\n")
    assert stdin.sizes and all(0 < size <= small_limit for size in stdin.sizes)
    out = capsys.readouterr().out
    assert out.count("is not a rank") == 3  # 50 + 50 + 20 characters, each refused
    assert "saved unfinished" in out  # and the quit after them was read


def test_show_step_reads_keys_in_bounded_pieces(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    small_limit: int,
) -> None:
    database = tmp_path / "games.sqlite3"
    _play(monkeypatch, database, "A\n5\n8\nquit\n")  # some turns to step through
    stdin = RecordingInput("\n" * 20)
    monkeypatch.setattr("sys.stdin", stdin)
    capsys.readouterr()
    assert main(["show", "1", "--step", "--database", str(database)]) == 0
    assert stdin.sizes and all(0 < size <= small_limit for size in stdin.sizes)


def test_tournament_merge_refuses_a_result_file_past_the_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import gofish.cli.tournament

    monkeypatch.setattr(gofish.cli.tournament, "MAX_RESULT", 100)
    path = tmp_path / "result.json"
    path.write_text(" " * 101, encoding="utf-8")
    assert main(["tournament-merge", str(path)]) == 2
    assert capsys.readouterr().err.startswith(
        f"gofish tournament-merge: {path} is not a tournament JSON result: it is longer than ")


def test_a_line_far_longer_than_any_move_is_refused_unread(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    # Each megabyte piece of < /dev/zero went through the move reader (regular expressions
    # and a search for the command meant): seven seconds a piece, so the table looked hung.
    long_line = "\0" * 300_000
    near_limit = "x" * 10_000  # still read as a move, and refused as one
    _play(monkeypatch, tmp_path / "games.sqlite3", f"{long_line}\n{near_limit}\nquit\n")
    out = capsys.readouterr().out
    assert "That line is 300,000 characters long, far longer than any move." in out
    assert "is not a rank" in out
    assert "saved unfinished" in out

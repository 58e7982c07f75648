"""``gofish replay`` stops at a line far longer than any game record instead of reading it
whole: ``gofish replay /dev/zero`` (or a binary file without newlines) read one endless
line until memory ran out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main

RECORD = json.dumps(gofish.game_to_record(gofish.new_game("classic", players=2, seed=1)))


@pytest.fixture
def records(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A file to write lines to, under a line limit that a record with its newline fits."""
    import gofish.cli.replay

    monkeypatch.setattr(gofish.cli.replay, "MAX_LINE", len(RECORD) + 1)
    return tmp_path / "records.jsonl"


def test_a_line_longer_than_the_limit_stops_the_run_after_the_lines_before(
    capsys: pytest.CaptureFixture[str], records: Path
) -> None:
    records.write_text(f"{RECORD}\n\n{'x' * (len(RECORD) + 2)}\n{RECORD}\n", encoding="utf-8")
    assert main(["replay", "--json", str(records)]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["ok"] for line in captured.out.splitlines()] == [True]
    assert captured.err.startswith(f"gofish replay: cannot read {records}: line 3 is longer ")
    assert captured.err.endswith("stopped there\n")


def test_a_line_at_the_limit_is_read(capsys: pytest.CaptureFixture[str], records: Path) -> None:
    records.write_text(f"{RECORD}\n{RECORD}", encoding="utf-8")  # the last without a newline
    assert main(["replay", "--json", str(records)]) == 0
    assert capsys.readouterr().out.count('"ok": true') == 2

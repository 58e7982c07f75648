"""gofish replay says a line holding NUL bytes is no text: the zeros a crash leaves where
a file was cut short, or UTF-16 without its byte order mark (which it reads only after
one: docs/rules.md, "Records and replay"). Both failed as json's "Expecting value: line 1
column 1" or "Invalid control character", which named no cause."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main


def _record_line() -> bytes:
    game = gofish.new_game("classic", players=2, seed=5)
    game.play(game.legal_actions()[0])
    return json.dumps(game.to_record()).encode() + b"\n"


def _replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, str]]]:
    status = main(["replay", "--json", str(path)])
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_zeros_after_the_records_are_said_to_be_nul_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_bytes(_record_line() + b"\x00" * 300 + b"\n")
    status, results = _replayed(records, capsys)
    assert status == 1
    assert results[0]["ok"] is True
    assert results[1]["ok"] is False
    assert results[1]["error"].startswith("the line holds NUL bytes (the first at position 0)")


def test_a_record_cut_short_by_zeros_names_where_they_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_bytes(_record_line()[:100] + b"\x00" * 300 + b"\n")
    status, results = _replayed(records, capsys)
    assert status == 1
    assert len(results) == 1
    assert results[0]["error"].startswith("the line holds NUL bytes (the first at position 100)")


def test_utf16_without_a_byte_order_mark_is_said_to_hold_nul_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_bytes(_record_line().decode().encode("utf-16-le"))
    status, results = _replayed(records, capsys)
    assert status == 1
    assert results and all("UTF-16 text without its byte order mark" in result["error"]
                           for result in results)

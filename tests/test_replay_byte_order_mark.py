"""gofish replay reads a file that starts with a UTF-8 byte order mark (Notepad and
PowerShell write one): its first record failed as "not valid JSON: Unexpected UTF-8 BOM
(decode using utf-8-sig)"."""

from __future__ import annotations

import codecs
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gofish
from gofish.cli import main

BOM = b"\xef\xbb\xbf"


def _records() -> bytes:
    game = gofish.new_game("classic", players=2, seed=5)
    game.play(game.legal_actions()[0])
    return b"\n".join(json.dumps(game.to_record()).encode() for _ in range(2)) + b"\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be"])
def test_a_file_with_a_byte_order_mark_replays_every_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    # UTF-16 (what PowerShell 5's > writes) failed on every record as "not valid JSON".
    records = tmp_path / "records.jsonl"
    records.write_bytes(BOM + _records() if encoding == "utf-8" else _utf16(encoding[-2:]))
    assert main(["replay", "--json", str(records)]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [result["ok"] for result in results] == [True, True]


def test_standard_input_with_a_byte_order_mark_replays_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BOM + _records())))
    assert main(["replay", "--json", "-"]) == 0
    assert capsys.readouterr().out.count('"ok": true') == 2


def test_a_byte_order_mark_inside_the_file_is_still_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_bytes(_records() + BOM + _records())  # two files joined: not one record
    assert main(["replay", "--json", str(records)]) == 1
    assert [json.loads(line)["ok"] for line in capsys.readouterr().out.splitlines()] == [
        True, True, False, True]


def _utf16(order: str) -> bytes:
    """The records as PowerShell 5 writes `gofish export > games.jsonl`: UTF-16 after its
    byte order mark, lines ending in CR LF."""
    text = _records().decode().replace("\n", "\r\n")
    mark = {"le": codecs.BOM_UTF16_LE, "be": codecs.BOM_UTF16_BE}[order]
    return mark + text.encode(f"utf-16-{order}")


def test_utf16_on_standard_input_replays_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(_utf16("le"))))  # as a pipe is
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["replay", "--json", "-"]) == 0
    assert capsys.readouterr().out.count('"ok": true') == 2


def test_utf16_through_a_real_pipe() -> None:
    done = subprocess.run([sys.executable, "-m", "gofish", "replay", "--json", "-"],
                          input=_utf16("le"), capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(b'"ok": true') == 2

"""tournament-merge reads shards saved by Windows shells: PowerShell 5's ``>`` writes UTF-16
with a byte order mark, ``Out-File -Encoding utf8`` UTF-8 with one. Both were refused as
"not a tournament JSON result" ('utf-8' codec can't decode / Unexpected UTF-8 BOM)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gofish.cli import main

ARGS = ["random", "emma", "--games", "8", "--seed", "5", "--jobs", "1", "--json"]


def _play(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["tournament", *ARGS, *extra]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_shards_written_with_a_byte_order_mark_merge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str,
) -> None:
    whole = json.loads(_play(capsys))
    paths = []
    for shard, how in enumerate([encoding, "utf-8"]):
        text = _play(capsys, "--shard", f"{shard}/2")
        data = text.encode(how)
        if how in ("utf-16-le", "utf-16-be"):  # these codecs write no mark of their own
            data = "\ufeff".encode(how) + data
        paths.append(tmp_path / f"shard{shard}.json")
        paths[-1].write_bytes(data)
    assert main(["tournament-merge", "--json", *map(str, paths)]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["bots"] == whole["bots"]
    assert merged["totals"] == whole["totals"]


def test_a_file_of_half_a_utf16_character_is_still_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(b"\xff\xfe{}x")
    assert main(["tournament-merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish tournament-merge: {path} is not a tournament JSON result: ")
    assert err.count("\n") == 1

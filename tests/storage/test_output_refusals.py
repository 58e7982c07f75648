"""Output options never write over stored games: ``gofish export -o`` and ``gofish
tournament --csv/--plot`` pointed at a database (or the games waiting beside one) used to
replace it with a JSON line or a table, and every stored game was gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, YOU, played_game


@pytest.fixture
def stored(db_path: Path) -> Path:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    return db_path


def _one_refusal(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    assert f"will not write over {path}" in captured.err
    return captured.err


def test_export_refuses_to_write_over_the_games_database(
    capsys: pytest.CaptureFixture[str], stored: Path
) -> None:
    before = stored.read_bytes()
    assert main(["export", "1", "-o", str(stored), "--database", str(stored)]) == 2
    assert "it is a database" in _one_refusal(capsys, stored)
    assert stored.read_bytes() == before
    with Store(stored) as store:  # every game is still there
        assert store.count() == 1


def test_export_refuses_to_write_over_games_waiting_beside_the_database(
    capsys: pytest.CaptureFixture[str], stored: Path
) -> None:
    waiting = fallback_path(stored)
    waiting.write_text('{"record": {}}\n', encoding="utf-8")
    assert main(["export", "1", "-o", str(waiting), "--database", str(stored)]) == 2
    assert "games waiting" in _one_refusal(capsys, waiting)
    assert waiting.read_text(encoding="utf-8") == '{"record": {}}\n'


def test_export_still_writes_over_an_ordinary_file(
    capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path
) -> None:
    target = tmp_path / "old.json"
    target.write_text("an older export\n", encoding="utf-8")
    assert main(["export", "1", "-o", str(target), "--database", str(stored)]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["players"] == 2


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_tournament_refuses_to_write_a_table_over_a_database(
    capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path, option: str
) -> None:
    target = stored if option == "--csv" else tmp_path / "games.png"
    target.write_bytes(stored.read_bytes())  # a database, whatever its name says
    before = target.read_bytes()
    assert main(["tournament", "random", "random", "--games", "2", "--seed", "1",
                 option, str(target)]) == 2
    _one_refusal(capsys, target)
    assert target.read_bytes() == before


def test_tournament_merge_refuses_to_write_over_a_result_it_merges(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shards = [tmp_path / f"shard{index}.json" for index in range(2)]
    for index, shard in enumerate(shards):
        assert main(["tournament", "random", "random", "--games", "4", "--seed", "1", "--json",
                     "--shard", f"{index}/2", "--jobs", "1"]) == 0
        shard.write_text(capsys.readouterr().out, encoding="utf-8")
    before = shards[1].read_bytes()
    assert main(["tournament-merge", *map(str, shards), "--csv", str(shards[1])]) == 2
    assert "it is one of the results being merged" in _one_refusal(capsys, shards[1])
    assert shards[1].read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_export_to_a_named_pipe_is_not_read_first(stored: Path, tmp_path: Path) -> None:
    # The check for a database opened the output to read its first bytes: a pipe has no
    # writer then, so that open never returned and the export hung.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # a reader, as `cat pipe` would be
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gofish", "export", "1", "-o", str(pipe),
             "--database", str(stored)],
            capture_output=True, text=True, timeout=30, check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(os.read(reader, 1 << 16))["players"] == 2
    finally:
        os.close(reader)

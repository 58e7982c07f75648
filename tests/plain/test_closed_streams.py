"""play and resume started with standard input or output closed (``<&-``, ``>&-``, where
Python sets it to None) say so in one line and deal or touch no game: they wrote a
traceback, after dealing one. Closed output is a write that fails, exit status 1; closed
input is input refused before anything is done, exit status 2, as replay - and
tournament-merge - refuse it (README, "Exit statuses")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("command", [["play"], ["play", "--plain"], ["resume", "--plain"]],
                         ids=" ".join)
@pytest.mark.parametrize("stream", ["stdin", "stdout"])
def test_a_closed_standard_stream_is_one_line_and_no_game(
        command: list[str], stream: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "games.sqlite3"
    monkeypatch.setattr(sys, stream, None)
    code = main([*command, "--database", str(database)])
    said = capsys.readouterr().err
    if stream == "stdout":
        assert code == 1 and said == f"gofish {command[0]}: standard output is closed\n"
    else:  # it exited 1, as for a failed write, though nothing was read or written yet
        assert code == 2 and said == (f"gofish {command[0]}: standard input is closed, and "
                                      "the table reads its moves there\n")
    assert not database.exists()


def _stored_game(tmp_path: Path) -> Path:
    from tests.storage.helpers import EMMA, YOU, played_game

    import gofish
    from gofish.storage import Store

    database = tmp_path / "games.sqlite3"
    with Store(database) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    return database


@pytest.mark.parametrize(("command", "stream"), [
    (["show", "1"], "stdout"), (["show", "1", "--step"], "stdin"),
    (["replay", "-"], "stdin"), (["replay", "-"], "stdout"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_show_and_replay_with_a_closed_stream_say_so_in_one_line(
        command: list[str], stream: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # show read sys.stdout.isatty() and --step read standard input, and replay - read it:
    # with either closed, each wrote an AttributeError traceback.
    options = ["--database", str(_stored_game(tmp_path))] if command[0] == "show" else []
    monkeypatch.setattr(sys, stream, None)
    code = main([*command, *options])
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    what = "input" if stream == "stdin" else "output"
    assert f"standard {what}" in err and "closed" in err
    assert code == (2 if stream == "stdin" else 1)  # show --step's was 1, replay -'s 2


def test_with_standard_error_closed_messages_never_land_in_the_output(tmp_path: Path) -> None:
    # print(file=None) writes to standard output: under 2>&- the error of a JSON command
    # came out where a script reads the JSON.
    missing = tmp_path / "none.jsonl"
    done = subprocess.run(["bash", "-c", f'"{sys.executable}" -m gofish replay "{missing}" 2>&-'],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""


def test_play_plain_started_with_input_closed_by_the_shell_exits_2(tmp_path: Path) -> None:
    # The shell's own <&-, not a test's stand-in: Python starts with sys.stdin None.
    database = tmp_path / "games.sqlite3"
    done = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" -m gofish play --plain --database "{database}" <&-'],
        capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("gofish play: standard input is closed, and the table reads its "
                           "moves there\n")
    assert not database.exists()

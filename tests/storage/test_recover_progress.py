"""``gofish recover`` shows how far it is: a large file takes minutes to copy, and a
silent terminal reads as a hang."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.plain.test_cli_output import environment, read_until_closed

from gofish.cli import main as cli_main
from gofish.cli._database import EXIT_STORAGE
from gofish.storage import StorageError, recovery

from .test_cli import gofish_cmd
from .test_recover import Damaged


def test_progress_is_told_after_each_page_up_to_every_game_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = Damaged(tmp_path / "games.sqlite3")
    monkeypatch.setattr(recovery, "_PAGE", 7)  # 30 games: five pages
    heard: list[tuple[int, int]] = []
    result = recovery.recover_database(damaged.path,
                                       progress=lambda done, total: heard.append((done, total)))
    assert set(result.recovered) == damaged.readable  # the bar changes nothing copied
    totals = {total for _, total in heard}
    assert len(totals) == 1, heard
    (total,) = totals
    assert total >= len(damaged.readable)
    done = [count for count, _ in heard]
    assert done == sorted(set(done)) and done[-1] == total, heard
    assert len(heard) == -(-total // 7)  # once a page


def test_a_terminal_sees_the_bar_and_a_pipe_does_not(tmp_path: Path) -> None:
    damaged = Damaged(tmp_path / "games.sqlite3")
    main, attached = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "gofish", "recover", "--database", str(damaged.path)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=attached,
        env=environment("utf-8"))
    os.close(attached)
    try:
        shown = read_until_closed(main, seconds=60).decode("utf-8", "replace")
        stdout, _ = process.communicate(timeout=60)
    finally:
        process.kill()
        os.close(main)
    assert re.search(r"\] (\d+)/\1 games", shown), shown  # the bar drawn full, on stderr
    assert b"Recovered" in stdout and b"games" in stdout
    assert b"[#" not in stdout and b"\r" not in stdout  # the report is not cluttered

    again = Damaged(tmp_path / "other.sqlite3")
    piped = gofish_cmd("recover", "--database", str(again.path))
    assert "Recovered" in piped.stdout
    assert "[" not in piped.stderr and "\r" not in piped.stderr, piped.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_failure_mid_copy_is_said_on_a_line_of_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A full disk after the first page was glued to the bar: "... 200/1000 games 5/s
    # gofish recover: the new database ...", one line read as the bar's.
    def copy_a_page_then_fail(path: object, *, progress: recovery.Progress | None = None
                              ) -> recovery.Recovery:
        assert progress is not None  # stderr is a terminal: a bar is drawn
        progress(200, 1000)
        raise StorageError("the new database could not be written: No space left on device")

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(recovery, "recover_database", copy_a_page_then_fail)
    assert cli_main(["recover", "--database", str(tmp_path / "games.sqlite3")]) == EXIT_STORAGE
    lines = terminal.getvalue().split("\n")
    assert re.fullmatch(r"\r\[#+-+\] 200/1,000 games [\d,]+/s", lines[0]), lines
    assert lines[1].startswith("gofish recover: the new database could not be written"), lines

"""The line mode whose output goes away (``gofish play --plain < moves | head -2``) saves the
game as it stands, as the end of input does, and leaves with status 141 (128 + SIGPIPE;
README, "Exit statuses") and one line on standard error. It exited 0 without a word, its
last ask unsaved, and when its output closed before the first save, with no game stored at
all."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest
from tests.plain.test_signals import ASKED
from tests.tui.test_signals import SRC, asked_and_saved, ended, read_until

from gofish.core import make_rules
from gofish.plain import PlainTable
from gofish.session import TableSession, TableSettings, opponents_for
from gofish.storage import Store

RESUME = "gofish resume 1 --plain --database"


def start(database: Path, home: Path, stdin: int | IO[bytes]) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LANG": "C.UTF-8", "HOME": str(home), "PYTHONIOENCODING": "utf-8",
           "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "3",
         "--database", str(database)],
        stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def left_as_after_the_end_of_input(process: subprocess.Popen[bytes], database: Path) -> None:
    """Exit status 141, one line on standard error saying how to resume, the game stored
    unfinished, and ``gofish resume --plain`` takes it up."""
    assert ended(process) == 141
    assert process.stderr is not None
    err = process.stderr.read().decode()
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.count("\n") == 1 and err.startswith("gofish: the output was closed"), err
    assert f"Game 1 saved unfinished: {RESUME} {database} picks it up." in err
    with Store(database) as store:
        assert not store.get(1).over
    resumed = subprocess.run(
        [sys.executable, "-m", "gofish", "resume", "1", "--plain", "--database", str(database)],
        input=b"hand\n", capture_output=True, timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get(
            "PYTHONPATH", "")]), "PYTHONIOENCODING": "utf-8"})
    assert resumed.returncode == 0, resumed.stderr
    assert f"Game 1 saved unfinished: {RESUME} {database}" in resumed.stdout.decode()


def close_after_two_lines(process: subprocess.Popen[bytes]) -> None:
    """What ``| head -2`` does: read two lines, then stop reading."""
    assert process.stdout is not None
    for _ in range(2):
        assert process.stdout.readline()
    process.stdout.close()


def test_output_closed_at_once_still_stores_the_game(tmp_path: Path) -> None:
    # The moves are there from the start, as from a file; the input's end waits until the
    # output is closed. From a file, the table could play both moves and reach the end of
    # input before the two lines were read, all its output in the pipe's buffer, and exit 0
    # with nothing failed (it did, under load): now its closing words at the latest fail.
    database = tmp_path / "games.sqlite3"
    process = start(database, tmp_path, subprocess.PIPE)
    assert process.stdin is not None
    process.stdin.write(b"5\n5\n")
    process.stdin.flush()
    close_after_two_lines(process)
    process.stdin.close()
    left_as_after_the_end_of_input(process, database)


def test_output_closed_before_delayed_input_stores_the_game(tmp_path: Path) -> None:
    # The moves come once the reader is gone: the table was waiting for them, and exited
    # with the game unsaved when writing their answer failed.
    database = tmp_path / "games.sqlite3"
    process = start(database, tmp_path, subprocess.PIPE)
    close_after_two_lines(process)
    assert process.stdin is not None
    process.stdin.write(b"5\n5\n")
    process.stdin.close()
    left_as_after_the_end_of_input(process, database)


def test_the_ask_whose_answer_could_not_be_written_is_saved(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    process = start(database, tmp_path, subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    seen = bytearray()
    assert read_until(process.stdout.fileno(), b"Your hand", seen), seen
    process.stdout.close()  # the reader stops before the ask is answered
    process.stdin.write(b"5\n")
    process.stdin.flush()  # and left open: it is the failed write that ends the table
    left_as_after_the_end_of_input(process, database)
    assert ASKED not in seen and asked_and_saved(database)


def deal_against_emma(store: Store) -> TableSession:
    settings = TableSettings(rules=make_rules("classic"), players=2,
                             opponents=opponents_for(2, ["emma"]), name="You", seed=3)
    return TableSession.deal(settings, store, source="plain")


class GoneOutput(io.StringIO):
    """A stream with no file behind it whose reader is gone."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


class FullOutput(io.StringIO):
    """An output on a disk that fills up once the table says the first ask (ENOSPC)."""

    def write(self, text: str) -> int:
        if "You ask" in self.getvalue() + text:
            raise OSError(errno.ENOSPC, "No space left on device")
        return super().write(text)


@pytest.mark.parametrize(("output", "status", "why"), [
    (GoneOutput, 141, "the output was closed"),
    (FullOutput, 1, "No space left on device"),  # "gofish play: …", as any command says
])
def test_output_that_fails_keeps_the_game_as_it_stands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], output: type[io.StringIO],
        status: int, why: str) -> None:
    # Embedded or tested, stdout may be no file to point at os.devnull: no error of its own.
    # Output to a full disk (or past a file-size limit, or a terminal's I/O error) ended
    # the table with the ask made but never saved, and no word of how to resume.
    database = tmp_path / "games.sqlite3"
    with Store(database) as store:
        session = deal_against_emma(store)
        assert PlainTable(session, io.StringIO("5\n5\n"), output()).run() == status
        made = session.game.to_record()
    # The closed output failed at the introduction (no ask read); the full disk at the
    # answer to the first ask, which was made.
    assert bool(made["actions"]) == (output is FullOutput)
    who = "gofish play" if output is FullOutput else "gofish"
    assert capsys.readouterr().err == (
        f"{who}: {why}, so the game stops here. Game 1 saved unfinished: "
        f"{RESUME} {database} picks it up.\n")
    with Store(database) as stored:
        assert stored.get(1).record == made


def test_play_to_a_full_device_stores_the_deal(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "3",
             "--database", str(database)], input=b"5\n", stdout=full, stderr=subprocess.PIPE,
            timeout=60, env={**os.environ, "PYTHONPATH": os.pathsep.join(
                [str(SRC), os.environ.get("PYTHONPATH", "")]), "HOME": str(tmp_path)})
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err, err
    assert err.startswith("gofish play: No space left on device, so the game stops here."), err
    with Store(database) as store:
        assert not store.get(1).over  # the deal is kept, to resume

"""An output file that exists but may not be written is refused before any game is played:
the check looked only at the folder, so a long tournament ran to its end and then failed
to write its table.

CI runs as root, who may write any file: os.access is made to say no. The test with a
real read-only file is skipped as root.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from gofish.cli import main
from gofish.tournament import report
from gofish.tournament.plan import TournamentError

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
TOURNAMENT = ["tournament", "--games", "4", "--seed", "1", "--jobs", "1", "random", "random"]


def _read_only(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    real_access = os.access

    def access(target: Any, mode: int, **kwargs: Any) -> bool:
        if os.path.abspath(target) == str(path) and mode & os.W_OK:
            return False
        return real_access(target, mode, **kwargs)

    monkeypatch.setattr(report.os, "access", access)


def test_an_existing_read_only_csv_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "table.csv"
    table.write_text("last week's table\n")
    _read_only(monkeypatch, table)
    assert main([*TOURNAMENT, "--csv", str(table)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the first game, not after the last
    assert f"cannot write {table}: permission denied" in captured.err
    assert table.read_text() == "last week's table\n"


def test_a_writable_existing_csv_is_still_written_over(tmp_path: Path) -> None:
    table = tmp_path / "table.csv"
    table.write_text("old\n")
    report.check_outputs(str(table), None)  # no TournamentError


def test_a_new_file_in_a_read_only_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _read_only(monkeypatch, tmp_path)
    with pytest.raises(TournamentError, match="permission denied"):
        report.check_outputs(str(tmp_path / "table.csv"), None)


@pytest.mark.skipif(AS_ROOT, reason="root may write a read-only file")
def test_a_real_read_only_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "table.csv"
    table.write_text("old\n")
    table.chmod(0o444)
    assert main([*TOURNAMENT, "--csv", str(table)]) == 2
    assert capsys.readouterr().out == ""


def test_a_link_into_a_missing_folder_is_refused_before_playing(tmp_path: Path) -> None:
    # Its own folder was checked, not the one it points into: the tournament ran to its
    # end, then said "cannot write table.csv: No such file or directory".
    link = tmp_path / "table.csv"
    link.symlink_to(tmp_path / "gone" / "table.csv")
    with pytest.raises(TournamentError, match=f"no folder {tmp_path / 'gone'}"):
        report.check_outputs(str(link), None)


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_a_name_too_long_is_refused_before_playing(
    option: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The folder may be written, so the permissions said yes: the games were played, the
    # table printed, and only then "cannot write …: File name too long", exit 1.
    path = tmp_path / ("a" * 300 + (".csv" if option == "--csv" else ".png"))
    assert main([*TOURNAMENT, option, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"cannot write {path}: File name too long" in captured.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="Linux's /proc")
def test_a_folder_that_takes_no_new_file_is_refused_before_playing() -> None:
    with pytest.raises(TournamentError, match=re.escape("cannot write /proc/self/table.csv: ")):
        report.check_outputs("/proc/self/table.csv", None)


def test_the_trial_file_is_not_left_behind(tmp_path: Path) -> None:
    report.check_outputs(str(tmp_path / "table.csv"), str(tmp_path / "chart.png"))
    assert list(tmp_path.iterdir()) == []

"""--plot in a format that cannot be written here is refused before any game (exit 2, as
.txt is: docs/tournament.md, "Bad input ... before any game is played"), and a chart that
fails after the games is one line and exit 1, leaving no empty or partial file. --plot
plot.pgf needs LaTeX: it played every game, then ended in a RuntimeError traceback and
left a file of 0 bytes."""

from __future__ import annotations

import contextlib
import errno
import logging
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from gofish.cli import main
from gofish.tournament import report

GAMES = ["tournament", "random", "emma", "--games", "4", "--seed", "1", "--jobs", "1"]


@pytest.fixture(autouse=True)
def _matplotlib() -> None:
    pytest.importorskip("matplotlib")


def test_a_format_that_needs_latex_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no xelatex, whatever this machine has
    chart = tmp_path / "plot.pgf"
    assert main([*GAMES, "--plot", str(chart)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no game was played
    assert captured.err.startswith(f"gofish tournament: cannot draw {chart}: ")
    assert "xelatex" in captured.err and captured.err.count("\n") == 1
    assert not chart.exists()


@pytest.mark.parametrize("extension", ["svgz", "eps", "ps", "pdf", "png"])
def test_formats_that_need_no_other_program_are_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
    extension: str,
) -> None:
    chart = tmp_path / f"plot.{extension}"
    # Drawn without a word from matplotlib: a legend's see-through frame had its PostScript
    # writer log, twice, on stderr, that it "does not support transparency".
    with warnings.catch_warnings(record=True) as warned, caplog.at_level(logging.WARNING):
        warnings.simplefilter("always")
        assert main([*GAMES, "--plot", str(chart)]) == 0
    assert chart.stat().st_size > 0
    assert [str(warning.message) for warning in warned] == []
    assert [record.getMessage() for record in caplog.records] == []
    assert capsys.readouterr().err == ""


def fail_the_second_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trial before the games draws; the chart after them fails, in many lines."""
    from matplotlib.figure import Figure

    drawings = []
    savefig = Figure.savefig

    def failing(self: Figure, *args: Any, **kwargs: Any) -> None:
        drawings.append(self)
        if len(drawings) > 1:
            raise RuntimeError("LaTeX was not able to process\nthe following string:\n'#'")
        savefig(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", failing)


@pytest.mark.parametrize("existing", [None, b"the last good chart"])
def test_a_chart_that_fails_after_the_games_is_one_line_and_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    existing: bytes | None,
) -> None:
    chart = tmp_path / "plot.png"
    if existing is not None:
        chart.write_bytes(existing)
    fail_the_second_drawing(monkeypatch)
    assert main([*GAMES, "--plot", str(chart)]) == 1  # a failure after the games, as a full disk
    captured = capsys.readouterr()
    assert "emma" in captured.out  # the result was shown first
    assert captured.err == (f"gofish tournament: cannot draw {chart}: LaTeX was not able to "
                            "process\n")
    assert (chart.read_bytes() if chart.exists() else None) == existing
    assert [path.name for path in tmp_path.iterdir()] == ([] if existing is None else
                                                           ["plot.png"])


def test_a_new_chart_cut_short_by_a_full_disk_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_written_whole = report.written_whole

    @contextlib.contextmanager
    def full_disk(path: str, mode: str = "w", **options: Any) -> Iterator[IO[Any]]:
        # The disk fills under written_whole, which removes the new file it made.
        with real_written_whole(path, mode, **options) as stream:
            stream.write(b"\x89PNG half a chart")
            yield stream
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(report, "written_whole", full_disk)
    chart = tmp_path / "plot.png"
    assert main([*GAMES, "--plot", str(chart)]) == 1
    assert capsys.readouterr().err == (f"gofish tournament: cannot write {chart}: No space "
                                       "left on device\n")
    assert not chart.exists()

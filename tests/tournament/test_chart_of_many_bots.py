"""``--plot`` draws a chart of any number of bots: a bar a bot, each with its name under it,
made the chart of 560 bots 67,400 pixels wide, past the 2**16 pixels older matplotlib
draws (the chart then failed after every game, exit 1), and past what anyone can read with
any. The chart keeps to MAX_CHART_WIDTH; past it, the bars thin and only as many names are
written as can be read, evenly spread, the strongest first."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

from gofish.tournament.report import LONGEST_NAME_SHOWN, MAX_CHART_WIDTH, write_plot


def result_of(names: list[str]) -> dict[str, Any]:
    """A result as --json gives it, with what the chart reads: the strongest first in
    the order given, the weakest last."""
    count = len(names)
    return {"games": 10 * count, "players": 2, "bots": [
        {"name": name, "win_rate": 0.9 - 0.8 * i / count,
         "ci95": [0.85 - 0.8 * i / count, 0.95 - 0.8 * i / count], "elo": 400.0 - i}
        for i, name in enumerate(names)]}


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])  # the IHDR chunk
    return width, height


def drawn_chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                names: list[str]) -> tuple[Any, Path]:
    plt = pytest.importorskip("matplotlib.pyplot")
    drawn: list[Any] = []
    monkeypatch.setattr(plt, "close", drawn.append)  # keep the figure to measure it
    chart = tmp_path / "chart.png"
    write_plot(result_of(names), str(chart))
    [figure] = drawn
    return figure, chart


def test_a_chart_of_600_bots_is_drawn_within_the_widest_chart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = [f"emma#{i}" for i in range(1, 601)]
    figure, chart = drawn_chart(tmp_path, monkeypatch, names)
    assert figure.get_size_inches()[0] <= MAX_CHART_WIDTH
    width, height = png_size(chart)
    assert width <= MAX_CHART_WIDTH * figure.dpi < 2**16 and height < 2**16
    axes = figure.axes[0]
    assert len(axes.patches) == 600  # every bot has its bar
    labels = [label for label in axes.get_xticklabels() if label.get_text()]
    assert labels[0].get_text() == "emma#1  Elo +400"  # the strongest is named
    assert 100 <= len(labels) < 600  # as many as can be read: not every one
    renderer = figure.canvas.get_renderer()
    boxes = [label.get_window_extent(renderer) for label in labels]
    overlaps = [labels[i].get_text() for i in range(len(labels) - 1)
                if boxes[i].x1 > boxes[i + 1].x0]
    assert overlaps == []
    assert all(box.x0 >= 0 and box.x1 <= width for box in boxes)  # none cut off the sides


def test_a_few_bots_with_long_names_are_kept_to_the_widest_chart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each bar was as wide as its name: twenty programs with long command lines.
    names = [f"cmd:python3 /home/someone/bots/strategy_{i}/main.py --depth {i}"
             for i in range(20)]
    figure, chart = drawn_chart(tmp_path, monkeypatch, names)
    assert png_size(chart)[0] <= MAX_CHART_WIDTH * figure.dpi
    labels = [label.get_text() for label in figure.axes[0].get_xticklabels()]
    assert len(labels) == 20  # few enough to name every one
    assert labels[0] == names[0][:LONGEST_NAME_SHOWN] + "…  Elo +400"


def test_a_chart_of_a_few_bots_is_drawn_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    figure, _ = drawn_chart(tmp_path, monkeypatch, ["emma", "counter:epsilon=0.5", "random"])
    axes = figure.axes[0]
    assert [label.get_text() for label in axes.get_xticklabels()] == [
        "emma", "counter:epsilon=0.5", "random"]
    assert [text.get_text() for text in axes.texts] == ["Elo +400", "Elo +399", "Elo +398"]


@pytest.mark.parametrize(("rules", "title"), [
    ("nordic", "20 games, 2 players, nordic"),
    ({"preset": "classic", "lucky_draw": False, "book_size": 2},
     "20 games, 2 players, classic (lucky_draw false, book_size 2)"),
])
def test_the_chart_names_the_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   rules: object, title: str) -> None:
    # Its title said only games and players: a field of bots charted under two rule
    # sets gave two charts that could not be told apart.
    plt = pytest.importorskip("matplotlib.pyplot")
    drawn: list[Any] = []
    monkeypatch.setattr(plt, "close", drawn.append)
    write_plot({**result_of(["emma", "random"]), "rules": rules}, str(tmp_path / "c.png"))
    assert drawn[0].axes[0].get_title() == title

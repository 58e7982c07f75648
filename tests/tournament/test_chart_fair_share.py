"""The dashed line of ``--plot`` at a fair share of the wins is named on the chart: it was
drawn with no word about what it marks, at 50% for two seats and 20% for five."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.tournament.report import write_plot


@pytest.mark.parametrize("players", [2, 5])
def test_the_fair_share_line_is_named_in_a_legend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int,
) -> None:
    plt = pytest.importorskip("matplotlib.pyplot")
    result = {"games": 10, "players": players, "bots": [
        {"name": name, "win_rate": rate, "ci95": [rate / 2, rate * 1.5], "elo": elo}
        for name, rate, elo in (("emma", 0.4, 20.0), ("random", 0.1, -20.0))]}
    drawn = []
    monkeypatch.setattr(plt, "close", drawn.append)  # keep the figure to read it
    write_plot(result, str(tmp_path / "chart.png"))
    [figure] = drawn
    axes = figure.axes[0]
    [line] = [line for line in axes.get_lines() if line.get_linestyle() == "--"]
    assert list(line.get_ydata()) == [100 / players] * 2
    legend = axes.get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        f"fair share: 1 win in {players} games"]

"""The Elo of every bar of ``--plot`` can be read: it was written in white from the foot of
each bar, so a weak bot's short bar (2% at five seats) left most of it white on white,
crossed by the interval's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary


@pytest.mark.parametrize(("preset", "seed", "specs"), [
    ("nordic", 1, ("random", "emma", "counter")),  # random's bar: about 2%
    # Nearly even bots at five seats: every bar near 20% and the chart some 25% high, where
    # the label's unit from the axis is a larger share of a bar.
    ("classic", 2, ("emma", "emma", "emma", "emma", "random")),
])
def test_every_elo_label_is_on_its_bar_in_white_or_above_it_in_dark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, seed: int,
    specs: tuple[str, ...],
) -> None:
    plt = pytest.importorskip("matplotlib.pyplot")
    from matplotlib.colors import to_rgb

    from gofish.tournament.report import write_plot

    result = summary(run_tournament(Plan(make_rules(preset), 5, seed, specs, 2000), jobs=1))
    drawn = []
    monkeypatch.setattr(plt, "close", drawn.append)  # keep the figure to measure it
    write_plot(result, str(tmp_path / "chart.png"))
    [figure] = drawn
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]
    assert len(axes.texts) == len(axes.patches) == len(specs)
    for label, bar in zip(axes.texts, axes.patches, strict=True):
        box, under = label.get_window_extent(renderer), bar.get_window_extent(renderer)
        if to_rgb(label.get_color()) == (1.0, 1.0, 1.0):
            assert under.y0 <= box.y0 and box.y1 <= under.y1, (label.get_text(), box, under)
        else:
            assert box.y0 >= under.y1, (label.get_text(), box, under)


@pytest.mark.parametrize("name", [
    r"cmd:python3 bot.py $\frac$",  # a formula matplotlib cannot read: the chart failed
    "cmd:python3 bot.py --stake $5 --limit $6",  # one it can: drawn in italics, unspaced
    r"cmd:sh -c 'echo \$x' $",  # a dollar escaped already, then a lone one
])
def test_a_dollar_in_a_bot_name_is_drawn_as_typed_not_as_a_formula(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
) -> None:
    plt = pytest.importorskip("matplotlib.pyplot")
    from matplotlib.text import Text

    from gofish.tournament.report import write_plot

    result = {"games": 2, "players": 2, "bots": [
        {"name": bot, "win_rate": 0.5, "ci95": [0.25, 0.75], "elo": 0.0}
        for bot in (name, "emma")]}
    drawn = []
    monkeypatch.setattr(plt, "close", drawn.append)
    write_plot(result, str(tmp_path / "chart.png"))
    [figure] = drawn
    shown = [Text(text=label.get_text())._preprocess_math(label.get_text())
             for label in figure.axes[0].get_xticklabels()]
    assert shown == [(name, False), ("emma", False)]  # plain text, each dollar kept


def test_a_bot_of_no_games_has_no_bar_and_no_elo_on_the_chart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One shard of six holds the table of emma and random only: counter and expert played
    # nothing there (or in a merge of the shards done so far). The table shows "-" and the
    # CSV blanks for them, but the chart drew each a 0% bar under an interval of 0-100% and
    # "Elo +0": figures of games never played.
    plt = pytest.importorskip("matplotlib.pyplot")
    from matplotlib.container import ErrorbarContainer

    from gofish.tournament.report import write_plot

    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random", "counter", "expert"), 12,
                shard=0, shards=6)
    result = summary(run_tournament(plan, jobs=1))
    assert [row["games"] for row in result["bots"]] == [2, 2, 0, 0]
    drawn = []
    monkeypatch.setattr(plt, "close", drawn.append)
    write_plot(result, str(tmp_path / "chart.png"))
    [figure] = drawn
    axes = figure.axes[0]
    names = [label.get_text() for label in axes.get_xticklabels()]
    labels = dict(zip(names, (text.get_text() for text in axes.texts), strict=True))
    assert labels["counter"] == labels["expert"] == "no games"
    assert labels["emma"].startswith("Elo ")
    heights = dict(zip(names, (bar.get_height() for bar in axes.patches), strict=True))
    assert heights["counter"] == heights["expert"] == 0
    # The interval's line of each bot: none is drawn above a bar of no games.
    [intervals] = [each for each in axes.containers if isinstance(each, ErrorbarContainer)]
    segments = intervals.lines[2][0].get_segments()
    reach = {name: max(y for _, y in segment) - min(y for _, y in segment)
             for name, segment in zip(names, segments, strict=True)}
    assert reach["counter"] == reach["expert"] == 0
    assert reach["emma"] > 0

"""The progress bar writes its counts as every other message of gofish writes numbers,
with thousands separators: "59984/60000 games" was hard to read beside "2,004 games"."""

from __future__ import annotations

import io

from gofish.tournament.run import ProgressBar


def test_the_bar_counts_games_with_thousands_separators() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar(59_984, 60_000)
    drawn = stream.getvalue()
    assert drawn.startswith("\r[") and "] 59,984/60,000 games " in drawn, drawn
    assert not drawn.endswith("\n")  # not full: the line stays open to be redrawn
    bar(60_000, 60_000)
    full = stream.getvalue().rsplit("\r", 1)[1]  # the last redraw
    assert full.startswith("[" + "#" * 30 + "] 60,000/60,000 games ") and full.endswith("/s\n")

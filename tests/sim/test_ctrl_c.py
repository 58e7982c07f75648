"""Ctrl-C stops a long simulation soon: Python handles a signal only between its own steps,
and play_deals ran the whole batch in one compiled call, so a Ctrl-C during
``simulate(..., games=5_000_000)`` was held for the rest of the run (32 s of games, then the
KeyboardInterrupt; an hour's at the largest batch the memory check lets through)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.sim import KERNEL_SLICE, kernel, simulate

GAMES = 1_000_000  # seconds of games on any machine, far more than the alarm's wait
ALARM = 0.2  # seconds into the first compiled call: a Ctrl-C in the middle of the games


@pytest.fixture
def alarm_is_ctrl_c() -> Iterator[None]:
    """SIGALRM raises KeyboardInterrupt, as Ctrl-C's SIGINT does (and is delivered the same
    way: by the operating system, while the compiled games hold the interpreter)."""
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no POSIX interval timer")
@pytest.mark.usefixtures("alarm_is_ctrl_c")
def test_ctrl_c_in_the_middle_of_a_run_stops_it_before_its_last_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    simulate("classic", ["random", "random"], games=10)  # compiled (or loaded) before
    played: list[np.ndarray] = []  # each compiled call's asks per game, filled as it plays
    compiled = kernel.play_deals

    def alarmed(*arguments: object) -> None:
        if not played:
            signal.setitimer(signal.ITIMER_REAL, ALARM)
        played.append(arguments[6])  # type: ignore[arg-type]
        compiled(*arguments)

    monkeypatch.setattr(kernel, "play_deals", alarmed)
    with pytest.raises(KeyboardInterrupt):
        simulate("classic", ["random", "random"], games=GAMES, seed=1)
    games_played = sum(int((asks > 0).sum()) for asks in played)  # every game has an ask
    assert games_played < GAMES // 2  # all of them before, the Ctrl-C held until the end


def test_the_docs_say_how_many_games_a_ctrl_c_waits_for() -> None:
    # They said "within a few thousand games", the slice of 4,096 games a call there was
    # before it grew to 16,384.
    docs = Path(__file__).parents[2] / "docs" / "tournament.md"
    text = " ".join(docs.read_text().split())
    assert f"Ctrl-C stops a long call within the {KERNEL_SLICE:,} games it plays in one " \
        "compiled step" in text

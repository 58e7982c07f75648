"""A tournament stopped part-way (Ctrl-C, SIGTERM) says how far it got and that those games
are not kept: it said only 'interrupted' or 'stopped by SIGTERM', which after an hour of
play left one wondering whether a result was written somewhere."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

import pytest

from gofish.cli import main
from gofish.tournament import run as tournament_run

# 64 games through the engine: 4 chunks of 8 deals played from both seats.
ARGS = ["tournament", "random", "emma", "--games", "64", "--seed", "1", "--jobs", "1",
        "--no-fast"]


def _stop_at_third_chunk(monkeypatch: pytest.MonkeyPatch, stop: Callable[[], None]) -> None:
    play = tournament_run._play_chunk
    chunks = []

    def play_or_stop(task: tournament_run.Task) -> object:
        chunks.append(task)
        if len(chunks) == 3:
            stop()
        return play(task)

    monkeypatch.setattr(tournament_run, "_play_chunk", play_or_stop)


def _ctrl_c() -> None:
    raise KeyboardInterrupt


def test_ctrl_c_says_how_many_games_were_played_and_lost(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _stop_at_third_chunk(monkeypatch, _ctrl_c)
    assert main(ARGS) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("\ngofish tournament: stopped by Ctrl-C after 32 of 64 games, "
                            "which are not kept\n")


def test_sigterm_says_it_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _stop_at_third_chunk(monkeypatch, lambda: os.kill(os.getpid(), signal.SIGTERM))
    with pytest.raises(SystemExit) as stopped:
        main(ARGS)
    assert stopped.value.code == 128 + signal.SIGTERM
    assert capsys.readouterr().err == ("\ngofish tournament: stopped by SIGTERM after 32 of 64 "
                                       "games, which are not kept\n")


def test_a_stop_while_preparing_says_no_game_was_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    def stopped_while_preparing(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament_run, "_prepare", stopped_while_preparing)
    assert main(ARGS) == 130
    assert capsys.readouterr().err == ("\ngofish tournament: stopped by Ctrl-C before any game "
                                       "was played\n")

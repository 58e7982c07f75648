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
    assert captured.err == ("gofish tournament: stopped by Ctrl-C after 32 of 64 games, "
                            "which are not kept\n")


def test_sigterm_says_it_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _stop_at_third_chunk(monkeypatch, lambda: os.kill(os.getpid(), signal.SIGTERM))
    with pytest.raises(SystemExit) as stopped:
        main(ARGS)
    assert stopped.value.code == 128 + signal.SIGTERM
    assert capsys.readouterr().err == ("gofish tournament: stopped by SIGTERM after 32 of 64 "
                                       "games, which are not kept\n")


def test_a_stop_while_preparing_says_no_game_was_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    def stopped_while_preparing(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament_run, "_prepare", stopped_while_preparing)
    assert main(ARGS) == 130
    assert capsys.readouterr().err == ("gofish tournament: stopped by Ctrl-C before any game "
                                       "was played\n")


def test_without_a_progress_bar_the_stop_is_one_line_with_nothing_before_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # stderr to a file or a pipe shows no bar, but the line began with the newline that
    # ends the bar's line: a log (2> run.log) started with an empty line, and a script
    # reading stderr's first line read nothing.
    _stop_at_third_chunk(monkeypatch, _ctrl_c)
    assert main(ARGS) == 130
    first, *rest = capsys.readouterr().err.split("\n")
    assert first.startswith("gofish tournament: stopped by Ctrl-C after 32 of 64 games"), first
    assert rest == [""]


def test_with_a_progress_bar_the_stop_starts_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bar is redrawn in place ("\r[###---] 32/64 games"), with no newline until it
    # is full: the line saying the run stopped must not be written onto its end.
    _stop_at_third_chunk(monkeypatch, _ctrl_c)
    assert main([*ARGS, "--progress"]) == 130
    bar, stop, end = capsys.readouterr().err.split("\n")
    assert bar.startswith("\r[") and "32/64 games" in bar, bar
    assert stop == "gofish tournament: stopped by Ctrl-C after 32 of 64 games, which are not kept"
    assert end == ""


def test_with_a_progress_bar_a_stop_before_it_is_drawn_has_nothing_before_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # --progress (to a log) shows a bar, but stopped while preparing it had drawn nothing:
    # the newline that ends its line only put an empty line first.
    def stopped_while_preparing(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament_run, "_prepare", stopped_while_preparing)
    assert main([*ARGS, "--progress"]) == 130
    assert capsys.readouterr().err == ("gofish tournament: stopped by Ctrl-C before any game "
                                       "was played\n")

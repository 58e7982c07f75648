"""Before play starts, the tournament compiles what its games need once, and says so when
that is slow (the first run after an install), instead of showing a frozen progress bar."""

from __future__ import annotations

import io
import time

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import run
from gofish.tournament.plan import Plan


def _plan(*specs: str) -> Plan:
    return Plan(make_rules("classic"), 2, 3, specs, 4)


@pytest.fixture
def slow_preparation(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Compiling made to last 0.3 s, against a notice due after 0.05 s; records what ran."""
    ran: list[str] = []

    def slow(name: str) -> None:
        ran.append(name)
        time.sleep(0.3)

    monkeypatch.setattr(run, "NOTICE_AFTER", 0.05)
    monkeypatch.setattr(run, "play_units_sim", lambda plan, units: slow("sim"))
    monkeypatch.setattr(run, "warm_up_endgame", lambda: slow("endgame"))
    return ran


def test_slow_simulator_compile_is_announced_once(slow_preparation: list[str]) -> None:
    notices: list[str] = []
    run._prepare(_plan("random", "emma"), "sim", notices.append)
    assert slow_preparation == ["sim"]
    assert notices == ["compiling the bulk simulator (the first time after an install: about a "
                       "minute)..."]


def test_expert_on_the_engine_gets_its_endgame_search_ready(
    slow_preparation: list[str],
) -> None:
    notices: list[str] = []
    run._prepare(_plan("emma", "expert"), "engine", notices.append)
    assert slow_preparation == ["endgame"]
    assert notices and "endgame search" in notices[0]


@pytest.mark.parametrize("specs", [("random", "emma"), ("emma", "expert-easy")])
def test_nothing_to_compile_for_bots_without_a_search(
    slow_preparation: list[str], specs: tuple[str, str]
) -> None:
    notices: list[str] = []
    run._prepare(_plan(*specs), "engine", notices.append)
    assert slow_preparation == [] and notices == []


def test_quick_preparation_says_nothing(
    slow_preparation: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run, "NOTICE_AFTER", 5.0)
    notices: list[str] = []
    run._prepare(_plan("random", "emma"), "sim", notices.append)
    assert slow_preparation == ["sim"] and notices == []


def test_rate_leaves_out_the_time_spent_preparing() -> None:
    stream = io.StringIO()
    bar = run.ProgressBar(stream)
    bar.started -= 100.0  # as if compiling had taken 100 s since the bar was made
    bar(0, 10)
    bar(10, 10)
    rate = stream.getvalue().rsplit(" games ", 1)[1].split("/s")[0]
    assert float(rate.replace(",", "")) > 10  # 10 games in far less than a second, not 0/s


def test_the_command_prints_the_notice_before_the_bar(
    slow_preparation: list[str], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(run, "play_units_sim", _slow_then_real(run.play_units_sim))
    code = main(["tournament", "random", "emma", "--games", "4", "--seed", "1", "--jobs", "1",
                 "--progress"])
    err = capsys.readouterr().err
    assert code == 0
    notice = "gofish tournament: compiling the bulk simulator"
    assert notice in err and err.index(notice) < err.index("4/4 games")


def test_no_notice_without_the_progress_bar(
    slow_preparation: list[str], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(run, "play_units_sim", _slow_then_real(run.play_units_sim))
    assert main(["tournament", "random", "emma", "--games", "4", "--seed", "1",
                 "--jobs", "1", "--json"]) == 0
    assert "compiling" not in capsys.readouterr().err


def _slow_then_real(slow_stand_in: object) -> object:
    """The slow stand-in for the preparation call, the real simulator for the games."""
    from gofish.tournament.play import play_units_sim

    calls = [0]

    def play(plan: Plan, units: range) -> object:
        calls[0] += 1
        if calls[0] == 1:
            slow_stand_in(plan, units)  # type: ignore[operator]
        return play_units_sim(plan, units)

    return play

"""Every table plays at least one deal from every seat, so the number of bots and seats
sets a floor under the games played. A floor past the limits is refused before any table
is listed (100 bots at five seats listed 75 million tables first, gigabytes), and one far
above --games is said before the run, not only in the table at its end."""

from __future__ import annotations

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, TournamentError
from gofish.tournament.plan import table_count, tables


@pytest.mark.parametrize(("entrants", "players"), [(2, 2), (5, 2), (7, 3), (3, 4), (9, 5)])
def test_the_table_count_is_that_of_the_tables_listed(entrants: int, players: int) -> None:
    assert table_count(entrants, players) == len(tables(entrants, players))


def test_a_schedule_past_the_limits_is_refused_when_the_plan_is_made() -> None:
    with pytest.raises(TournamentError, match="75,287,520 tables"):
        Plan(make_rules("classic"), 5, 1, ("random",) * 100, 10)
    # 20 bots at four seats: 4,845 tables, 24 orders each under --seatings all.
    assert Plan(make_rules("classic"), 4, 1, ("random",) * 20, 10, seatings="all").deals == 1


def test_the_command_line_refuses_it_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *["random"] * 100, "--players", "5", "--games", "10"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "name fewer bots or seat fewer players" in err[0]


def test_games_rounded_far_up_are_announced(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *["random"] * 12, "--players", "4", "--games", "10",
                 "--seed", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert ("--games 10 rounds up to 1,980 games: each of the 495 tables of 4 plays at "
            "least one deal from every seat") in captured.err
    assert '"games": 1980' in captured.out


def test_ordinary_rounding_is_not_announced(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "emma", "counter", "--games", "5", "--seed", "1"]) == 0
    assert "rounds up" not in capsys.readouterr().err

"""A Python bot whose choose raises forfeits that game with a message naming the exception
and the line that raised it, and the tournament goes on, as for an external bot that
crashes (issue 4, part 3): it ended the whole run with the bot's traceback."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from gofish.bots import base, make_bot, register_bot
from gofish.core import Ask, View, make_rules
from gofish.knowledge import Tracker
from gofish.tournament import Plan, run_tournament, summary
from gofish.tournament.play import WORDS_SHOWN, play_engine_game


class Divides:
    name = "divides"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[len(legal) // (view.pond_size - view.pond_size)]  # ZeroDivisionError


def test_a_bot_that_raises_forfeits_and_is_told_where() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    game, failed, why = play_engine_game(plan, [Divides(), Divides()], deal=0, rotation=0)
    assert failed == game.current_player and not game.is_over
    assert why is not None and "divides raised ZeroDivisionError: " in why
    assert f"{__file__}, line " in why


class TakesNoRng:
    name = "no-rng"

    def choose(self, view: View, legal: Sequence[Ask]) -> Ask:  # rng forgotten
        return legal[0]


class CountsForTheWrongSeat:
    name = "wrong-seat"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        tracker = Tracker(view.num_players, 1 - view.viewer)  # type: ignore[operator]
        tracker.update(view)  # refused in gofish.knowledge, called from the line above
        return legal[0]


def test_a_bot_that_cannot_be_called_is_told_so_not_pointed_at_the_engine() -> None:
    # Raised by the call itself, before any line of the bot: the last line was the
    # tournament's own (gofish/tournament/play.py), as if the engine were at fault.
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    _, _, why = play_engine_game(plan, [TakesNoRng(), TakesNoRng()], deal=0, rotation=0)
    assert why is not None and "no-rng raised TypeError: " in why
    assert why.endswith("(when called as choose(view, legal, rng))")
    assert "play.py" not in why


def test_an_error_raised_in_gofish_for_the_bot_points_at_the_bots_line() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    bots = [CountsForTheWrongSeat(), CountsForTheWrongSeat()]
    _, _, why = play_engine_game(plan, bots, deal=0, rotation=0)
    assert why is not None and "wrong-seat raised MalformedInputError: " in why
    line = CountsForTheWrongSeat.choose.__code__.co_firstlineno + 2
    assert why.endswith(f"({__file__}, line {line})")


def test_the_tournament_goes_on_and_counts_the_forfeits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    register_bot("divides", Divides, "raises at its first ask")
    assert make_bot("divides").name == "divides"
    plan = Plan(make_rules("classic"), 2, 3, ("divides", "random"), 20)
    result = summary(run_tournament(plan, jobs=1))
    by_name = {bot["name"]: bot for bot in result["bots"]}
    assert result["games"] == 20
    assert by_name["divides"]["forfeits"] == 20 and by_name["random"]["wins"] == 20
    assert any("raised ZeroDivisionError" in failure for failure in result["failures"])


class LooksUpTheView:
    name = "looks-up"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return {}[view]  # KeyError: its words are the whole view's repr


class RaisesOnTwoLines:
    name = "two-lines"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        raise ValueError("shapes do not match:\n  (13,) and\n  (12,)")


def test_a_long_exception_is_cut_and_the_line_that_raised_it_still_shown() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    _, _, why = play_engine_game(plan, [LooksUpTheView(), LooksUpTheView()], deal=0, rotation=0)
    assert why is not None and "looks-up raised KeyError: View(viewer=" in why
    words = why.split("raised KeyError: ")[1].rsplit(" (", 1)[0]
    assert len(words) == WORDS_SHOWN + 1 and words.endswith("…")
    line = LooksUpTheView.choose.__code__.co_firstlineno + 1
    assert why.endswith(f"({__file__}, line {line})")


def test_an_exception_on_several_lines_is_told_on_one() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    _, _, why = play_engine_game(plan, [RaisesOnTwoLines(), RaisesOnTwoLines()], deal=0,
                                 rotation=0)
    assert why is not None and "\n" not in why
    assert "two-lines raised ValueError: shapes do not match: (13,) and (12,) (" in why

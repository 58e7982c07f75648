"""A bot of one's own that returns something other than one of its legal asks is told so
in words naming the bot, its seat and what it returned. A numpy array (an agent's raw
output) was compared with the legal asks, and the comparison raised numpy's ValueError
("The truth value of an array … is ambiguous") from the engine: ``play_out`` failed with
no word of the bot, and a tournament stopped altogether instead of forfeiting that game.
An index into ``legal``, or an illegal ask, said only "chose an illegal action: 0"."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from gofish import new_game
from gofish.bots import bot_turn, make_bot, play_out
from gofish.core import Ask, IllegalActionError, View, make_rules
from gofish.tournament.plan import Plan
from gofish.tournament.play import play_engine_game


class Returns:
    """A bot returning ``answer`` whatever it is asked."""

    def __init__(self, name: str, answer: object) -> None:
        self.name = name
        self.answer = answer

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return self.answer  # type: ignore[return-value]


class AsksItself:
    name = "selfish"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        assert view.viewer is not None
        return Ask.of(view.viewer, legal[0].rank)  # R5: an ask names an opponent


WRONG_ANSWERS = {
    "array": (np.array([0, 1]), "array([0, 1]), which is not an Ask"),
    "index": (0, "0, which is not an Ask (choose returns one of legal, not its index)"),
    "numpy index": (np.int64(2), "which is not an Ask (choose returns one of legal, not its "
                                 "index)"),
    "none": (None, "None, which is not an Ask"),
}


@pytest.mark.parametrize("answer, words", WRONG_ANSWERS.values(), ids=WRONG_ANSWERS)
def test_play_out_names_the_bot_and_what_it_returned(answer: object, words: str) -> None:
    game = new_game("classic", 2, seed=1)
    seat = game.current_player
    bots = [Returns("agent", answer), Returns("agent", answer)]
    with pytest.raises(IllegalActionError) as refused:
        play_out(game, bots, [random.Random(0), random.Random(1)])
    assert str(refused.value).startswith(f"bot 'agent' chose an illegal action for seat {seat}:")
    assert words in str(refused.value)


def test_an_illegal_ask_says_why_in_the_engines_words() -> None:
    game = new_game("classic", 2, seed=1)
    seat = game.current_player
    with pytest.raises(IllegalActionError) as refused:
        bot_turn(game, AsksItself(), random.Random(0))
    assert f"for seat {seat}: ask player {seat} for " in str(refused.value)
    assert str(refused.value).endswith(f"(player {seat} cannot ask themselves)")


@pytest.mark.parametrize("answer, words", WRONG_ANSWERS.values(), ids=WRONG_ANSWERS)
def test_a_tournament_game_is_forfeited_by_the_bot_not_stopped(answer: object,
                                                              words: str) -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    game, failed, why = play_engine_game(
        plan, [Returns("agent", answer), make_bot("random")], deal=0, rotation=0)
    assert failed == 0 == game.current_player and why is not None
    assert "seat 0: agent chose an illegal ask: " in why and words in why


def test_a_tournament_forfeit_for_an_illegal_ask_says_why() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    game, failed, why = play_engine_game(plan, [AsksItself(), AsksItself()], deal=0, rotation=0)
    assert failed == game.current_player is not None and why is not None
    assert why.endswith(f"(player {failed} cannot ask themselves)")


class Unshowable:
    """A choice whose repr raises: describing it stopped the tournament, not the game."""

    def __repr__(self) -> str:
        raise RuntimeError("a bug in the bot's own class")


class Shown:
    """Counts how often it is shown: a choice of a million of these took every repr."""

    shown = 0

    def __repr__(self) -> str:
        Shown.shown += 1
        return "shown"


def test_a_choice_whose_repr_raises_is_forfeited_in_words() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    _, failed, why = play_engine_game(
        plan, [Returns("agent", Unshowable()), make_bot("random")], deal=0, rotation=0)
    assert failed == 0 and why is not None
    assert "agent chose an illegal ask: <Unshowable instance at " in why
    assert why.endswith(">, which is not an Ask")


def test_a_huge_choice_is_shown_by_its_first_items_only() -> None:
    Shown.shown = 0
    game = new_game("classic", 2, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        bot_turn(game, Returns("agent", [Shown()] * 1_000_000), random.Random(0))
    assert "[shown, shown, " in str(refused.value) and Shown.shown < 10

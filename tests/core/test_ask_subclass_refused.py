"""A bot's choice of an Ask subclass is refused, not compared: a subclass's own ``__eq__``
could pass any ask as legal. Only the interpreted core lets Ask be subclassed (the core
compiled by mypyc refuses it), so this runs in the suite's pure-core pass too (make
unit-pure runs tests/core)."""

from __future__ import annotations

import random

import pytest

from gofish import new_game
from gofish.bots import bot_turn
from gofish.core import Ask, IllegalActionError, View


class Returns:
    """A Python bot that returns the same choice every time."""

    def __init__(self, name: str, choice: object) -> None:
        self.name = name
        self.choice = choice

    def choose(self, view: View, legal: object, rng: random.Random) -> object:
        return self.choice


def _equal_to_all(seat: int) -> Ask:
    try:
        class EqualToAll(Ask):
            """An Ask whose own equality says yes to any legal ask: it passed as one, and
            the engine was then asked to play its own target and rank."""

            __slots__ = ()

            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = Ask.__hash__

        return EqualToAll(seat, "A")
    except TypeError as compiled:  # "interpreted classes cannot inherit from compiled"
        pytest.skip(f"the compiled core's Ask cannot be subclassed: {compiled}")


def test_an_ask_of_another_class_is_refused_not_played() -> None:
    game = new_game("classic", 2, seed=1)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(IllegalActionError) as refused:
        bot_turn(game, Returns("agent", _equal_to_all(seat)), random.Random(0))
    assert "of class EqualToAll, not Ask itself: return one of legal" in str(refused.value)

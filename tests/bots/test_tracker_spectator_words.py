"""A Tracker given the view of another place at the table names a spectator as one: it
said "this Tracker counts for seat None of 3", Python's None where a seat number goes."""

from __future__ import annotations

import pytest

import gofish
from gofish.core import MalformedInputError
from gofish.knowledge import Tracker


def test_a_spectators_tracker_given_a_seats_view_says_spectator() -> None:
    game = gofish.new_game("classic", players=3, seed=1)
    with pytest.raises(MalformedInputError) as refusal:
        Tracker(3, None).update(game.view(1))
    assert str(refusal.value) == ("this Tracker counts for a spectator of 3, and was given "
                                  "the view of seat 1 of 3")


def test_a_seats_tracker_given_a_spectators_view_says_spectator() -> None:
    game = gofish.new_game("classic", players=3, seed=1)
    with pytest.raises(MalformedInputError) as refusal:
        Tracker(3, 2).update(game.view(None))
    assert str(refusal.value) == ("this Tracker counts for seat 2 of 3, and was given the "
                                  "view of a spectator of 3")
    assert Tracker(3, None).update(game.view(None)).seen == len(game.view(None).history)

"""Every built-in bot, and the counting helpers bot writers use, refuse what is not a turn
or a view with a MalformedInputError naming it. Emma given no asks failed in random.py
("empty range for randrange()"), a None view was an AttributeError, and a Tracker took a
seat that is not at the table, or another table's view, without a word."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import available_bots, make_bot
from gofish.core import MalformedInputError
from gofish.env import encode
from gofish.knowledge import Tracker, coach_rows, track


def _turn() -> tuple[gofish.View, tuple[gofish.Ask, ...]]:
    game = gofish.new_game("classic", players=2, seed=1)
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    return view, tuple(view.legal_actions)


BUILT_IN = [info.name for info in available_bots() if info.name != "ismcts"]  # quick will do


@pytest.mark.parametrize("name", [*BUILT_IN, "ismcts"])
@pytest.mark.parametrize(("bad", "message"), [
    ("no asks", "choose needs the legal asks of a turn, a list of Ask"),
    ("no view", "choose needs a seat's View"),
    ("asks as text", "choose needs the legal asks of a turn"),
    ("numbers", "choose needs the legal asks of a turn"),
    # The turn's asks with a spectator's view: an AssertionError in emma, expert and
    # ismcts, a silent answer from random and counter.
    ("a spectator's view", "choose needs the view of the seat to ask .*, not a spectator's"),
    ("the other seat's view", "choose needs the view of the seat to ask .*, not seat"),
])
def test_a_built_in_bot_refuses_what_is_not_a_turn(name: str, bad: str, message: str) -> None:
    view, legal = _turn()
    game = gofish.new_game("classic", players=2, seed=1)  # the game _turn's view is of
    other = game.view(1 - view.viewer)  # type: ignore[operator]
    arguments = {"no asks": (view, []), "no view": (None, legal), "asks as text": (view, "QS"),
                 "numbers": (view, [1, 2]), "a spectator's view": (game.view(None), legal),
                 "the other seat's view": (other, legal)}[bad]
    bot = make_bot(name)
    with pytest.raises(MalformedInputError, match=message):
        bot.choose(*arguments, random.Random(1))  # type: ignore[arg-type]
    assert bot.choose(view, legal, random.Random(1)) in legal  # and still plays a real turn


@pytest.mark.parametrize(("call", "message"), [
    (lambda: Tracker("2", 0),  # type: ignore[arg-type]
     "a Tracker needs the number of players, not '2'"),
    # Every rule set (RULES.md, its presets) seats 2 to 5: a sixth seat was counted for.
    (lambda: Tracker(6, 0), "counts for 2 to 5 players, as every rule set takes, not 6"),
    (lambda: Tracker(1, 0), "counts for 2 to 5 players, as every rule set takes, not 1"),
    (lambda: Tracker(2, 7), r"viewer is a seat from 0 to 1 \(or None: a spectator\), not 7"),
    (lambda: Tracker(2, 0, 3), "book_size is 2 or 4, not 3"),
    (lambda: Tracker(3, 0).update(_turn()[0]),
     "counts for seat 0 of 3, and was given the view of seat . of 2"),
    (lambda: track("x"), "track needs a seat's View"),  # type: ignore[arg-type]
    (lambda: coach_rows(None), "coach_rows needs a seat's View"),  # type: ignore[arg-type]
    (lambda: encode(None), "encode needs a seat's View"),  # type: ignore[arg-type]
])
def test_the_counting_helpers_refuse_by_name(call: object, message: str) -> None:
    with pytest.raises(MalformedInputError, match=message):
        call()  # type: ignore[operator]


def test_a_tracker_still_counts_a_real_view() -> None:
    view, _ = _turn()
    tracker = Tracker(2, view.viewer).update(view)
    assert tracker.seen == len(view.history)
    assert sum(row.unaccounted for row in coach_rows(view, tracker)) == 52 - len(view.hand or ())

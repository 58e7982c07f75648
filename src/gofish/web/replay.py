"""Frames for the replay viewer: a stored game step by step, ask by ask.

A finished game is shown with every hand open (nothing is secret any more).
A game still in progress is shown as its person saw it at the table, through
``Game.view``: their own hand open, the other hands and the pond face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gofish.core import Card, Event, Game, game_from_record
from gofish.core.record import apply_record_action, start_from_record
from gofish.narrate import Narrator, pond_word


def table_words(record: dict[str, Any]) -> dict[str, Any]:
    """How the replay names things, as the table did: ``pond_word``, the draw pile ("sea"
    in nordic). (The game's row gives its ``book_size``: 2 makes the laid sets pairs.)"""
    return {"pond_word": pond_word(start_from_record(record)[0].rules)}


def replay_frames(
    record: dict[str, Any], names: Sequence[str], viewer: int | None = None
) -> list[dict[str, Any]]:
    """The position after the deal, then after each ask, with the sentences that led there.

    Sentences are told to ``viewer`` (the person whose game it was: "You ask…"), and
    while the game is unfinished only ``viewer``'s hand is shown.
    """
    game, actions = start_from_record(record)
    reveal = game_from_record(record).is_over
    narrator = Narrator(names, viewer, rules=game.rules)
    frames = [_frame(game, 0, 0, narrator, reveal, viewer)]
    for index, action in enumerate(actions):
        done = len(game.events)
        apply_record_action(game, index, action)
        frames.append(_frame(game, index + 1, done, narrator, reveal, viewer))
    return frames


def _frame(
    game: Game, step: int, done: int, narrator: Narrator, reveal: bool, viewer: int | None
) -> dict[str, Any]:
    """The position after ``step`` asks, told from event ``done`` on."""
    events, hands = _open_events_and_hands(game) if reveal else _seen_by(game, viewer)
    return {
        "step": step,
        "text": [narrator.describe(event) for event in events[done:]],
        "hands": [None if hand is None else [str(card) for card in hand] for hand in hands],
        "hand_sizes": list(game.hand_sizes),
        "books": [[str(rank) for rank in books] for books in game.books],
        "pond": game.pond_size,
        "current": game.current_player,
        "winners": None if game.winners is None else list(game.winners),
    }


def _open_events_and_hands(game: Game) -> tuple[Sequence[Event], list[Sequence[Card] | None]]:
    """A finished game: every event and every hand as they were."""
    return game.events, [game.hand(seat) for seat in range(game.num_players)]


def _seen_by(game: Game, viewer: int | None) -> tuple[Sequence[Event], list[Sequence[Card] | None]]:
    """An unfinished game as ``viewer`` saw it: redacted by the view, as at the table."""
    view = game.view(viewer)
    return view.history, [view.hand if seat == viewer else None
                          for seat in range(game.num_players)]

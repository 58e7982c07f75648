"""Frames for the replay viewer: a stored game step by step, ask by ask.

A finished game is shown with every hand open (nothing is secret any more);
a game still in progress is shown as a spectator sees it: hand sizes only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gofish.core import Event, Game, game_from_record, redact
from gofish.core.record import apply_record_action, start_from_record
from gofish.narrate import Narrator, pond_word


def pile_word(record: dict[str, Any]) -> str:
    """What the replay calls the draw pile: the table's word for it ("sea" in nordic)."""
    return pond_word(start_from_record(record)[0].rules)


def replay_frames(
    record: dict[str, Any], names: Sequence[str], viewer: int | None = None
) -> list[dict[str, Any]]:
    """The position after the deal, then after each ask, with the sentences that led there.

    Sentences are told to ``viewer`` (the person whose game it was: "You ask…").
    """
    game, actions = start_from_record(record)
    reveal = game_from_record(record).is_over
    narrator = Narrator(names, viewer, rules=game.rules)
    frames = [_frame(game, 0, game.events, narrator, reveal, viewer)]
    for index, action in enumerate(actions):
        done = len(game.events)
        apply_record_action(game, index, action)
        frames.append(_frame(game, index + 1, game.events[done:], narrator, reveal, viewer))
    return frames


def _frame(
    game: Game, step: int, events: Sequence[Event], narrator: Narrator, reveal: bool,
    viewer: int | None,
) -> dict[str, Any]:
    shown = events if reveal else [redact(event, viewer) for event in events]
    return {
        "step": step,
        "text": [narrator.describe(event) for event in shown],
        "hands": [[str(c) for c in game.hand(p)] for p in range(game.num_players)]
        if reveal
        else None,
        "hand_sizes": list(game.hand_sizes),
        "books": [[str(rank) for rank in books] for books in game.books],
        "pond": game.pond_size,
        "current": game.current_player,
        "winners": None if game.winners is None else list(game.winners),
    }

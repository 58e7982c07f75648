"""The end-of-game summary: asks, hits, go fish, lucky draws and the longest streak.

Everything here is public (nobody's hidden cards are needed), so it reads a
viewer's redacted history and shows the same figures to every player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gofish.core import Asked, BookLaid, Event, HandedOver, LuckyDraw, TurnPassed, WentFishing


@dataclass
class PlayerTally:
    """One player's figures for one game."""

    asks: int = 0
    hits: int = 0  # asks answered by a hand-over (R6)
    go_fish: int = 0  # asks answered "Go fish!" (R8)
    lucky_draws: int = 0  # fished the very rank (or card) asked for (R8)
    longest_streak: int = 0  # most asks in a row that kept the turn (R7, R8)
    books: int = 0


def tally(history: Iterable[Event], num_players: int) -> list[PlayerTally]:
    """Count each player's asks, hits, go fish, lucky draws, streaks and books."""
    tallies = [PlayerTally() for _ in range(num_players)]
    asker: int | None = None
    streak = 0
    for event in history:
        if isinstance(event, Asked):
            if event.player != asker:
                asker, streak = event.player, 0
            tallies[event.player].asks += 1
        elif isinstance(event, HandedOver):
            tallies[event.receiver].hits += 1
            streak += 1
            _note_streak(tallies[event.receiver], streak)
        elif isinstance(event, WentFishing):
            tallies[event.player].go_fish += 1
        elif isinstance(event, LuckyDraw):
            tallies[event.player].lucky_draws += 1
            streak += 1
            _note_streak(tallies[event.player], streak)
        elif isinstance(event, TurnPassed):
            asker, streak = None, 0
        elif isinstance(event, BookLaid):
            tallies[event.player].books += 1
    return tallies


def _note_streak(player: PlayerTally, streak: int) -> None:
    player.longest_streak = max(player.longest_streak, streak)

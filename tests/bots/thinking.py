"""A long-thinking ISMCTS bot and a watch on its decisions, for the tests that leave a
game while it thinks (the tables must stop its search, not just drop its answer)."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

from gofish.bots.ismcts import IsmctsBot
from gofish.core import Ask, View

#: A search that, left alone, runs its whole 15 s: the iterations never bind first.
LONG_THINKER = "ismcts:iterations=1000000:seconds=15"
#: Far less than the 15 s think, far more than a stopped search takes on a busy machine.
STOPS_WITHIN = 5.0


class ThinkWatch:
    """Wraps ``bot.choose`` to tell when a decision has started searching and has ended."""

    def __init__(self, bot: IsmctsBot) -> None:
        self.bot = bot
        self.started = threading.Event()
        self.ended = threading.Event()
        self._choose = bot.choose
        bot.choose = self.choose  # type: ignore[method-assign]

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.started.set()
        try:
            return self._choose(view, legal, rng)
        finally:
            self.ended.set()

    @property
    def searching(self) -> bool:
        """Started and past its first determinization (so the search loop is running)."""
        return self.started.is_set() and self.bot.last_iterations > 0

"""The gentlest opponent: every legal ask equally likely."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gofish.core import Ask, View
from gofish.knowledge import check_turn


class RandomBot:
    """Asks any legal ask, each equally likely (strength 0): ``make_bot("random")``.

    It takes no options; its ``choose`` draws from the ``rng`` it is handed alone."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        check_turn(view, legal)  # an empty list was random's "empty range for randrange()"
        return legal[rng.randrange(len(legal))]

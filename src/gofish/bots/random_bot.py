"""The gentlest opponent: every legal ask equally likely."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gofish.core import Ask, View


class RandomBot:
    name = "random"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[rng.randrange(len(legal))]

"""Counter: counts every public card, asks where the count proves a card is, else for the
rank it holds most of.

Its decision rule, exactly (a compiled simulator reproduces it step by step):

1. Read the public history into a ``Tracker`` (gofish.knowledge): for each
   opponent and rank, the fewest cards it is known to hold (from its asks,
   hand-overs it received, lucky draws it showed) and whether it is known to
   hold none (it just said "go fish" to that rank, surrendered it, or a book
   of it is down), plus the cards already in books.
2. Sure asks: every legal ask whose target is known to hold at least one card
   of the rank. Among them keep those with the highest
   ``(known cards of the target, my cards of the rank)``.
3. Otherwise open asks: every legal ask whose target is not known to hold
   none of the rank. Keep those with the highest
   ``(my cards of the rank, unaccounted cards of the rank, target's hand size)``,
   where unaccounted = 4 − booked − mine − known held by all opponents: the rank
   it holds most of first, the unaccounted cards only breaking a tie.
4. Otherwise (every opponent denied every rank I hold) rank all legal asks
   by the key of step 3.
5. The kept asks are in ``legal`` order; with one it is the answer, with
   several the answer is ``kept[rng.randrange(len(kept))]``.

Under pairs with ``ask: card``, asks for a card already laid face up in a book
are dropped before anything else (``gofish.knowledge.live_asks``): legal, but
nobody can hand such a card over. A (target, rank) always keeps another suit.

``epsilon`` (default 0): before step 1, with probability ``epsilon`` (one
``rng.random()`` draw, made only when epsilon > 0) play a uniformly random
legal ask instead (``legal[rng.randrange(len(legal))]``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gofish.bots.common import TrackerCache, best_by, card_counts, check_epsilon, pick
from gofish.core import Ask, View
from gofish.knowledge import CARDS_PER_RANK, live_asks


class CounterBot:
    """Counts every public card, asks where the count proves a card is, else for the rank
    it holds most of (strength 3):
    ``make_bot("counter")``. The module's docstring gives its decision rule exactly.

    ``epsilon``: the chance, from 0 (the default) to 1, that an ask is a careless random
    one instead (``make_bot("counter:epsilon=0.1")``)."""

    name = "counter"

    def __init__(self, epsilon: float = 0.0) -> None:
        self.epsilon = check_epsilon(epsilon)
        self._cache = TrackerCache()

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        legal = live_asks(view, legal)
        if self.epsilon and rng.random() < self.epsilon:
            return pick(legal, rng)
        tracker = self._cache.update(view)
        known, none = tracker.known, tracker.none
        mine = card_counts(view)
        sure = [a for a in legal if known[a.target][a.rank] > 0]
        if sure:
            return pick(best_by(sure, lambda a: (known[a.target][a.rank], mine[a.rank])), rng)
        opponents = [seat for seat in range(view.num_players) if seat != view.viewer]
        unaccounted = [
            CARDS_PER_RANK - tracker.booked[r] - mine[r] - sum(known[o][r] for o in opponents)
            for r in range(14)
        ]
        sizes = view.hand_sizes
        open_asks = [a for a in legal if not none[a.target][a.rank]] or list(legal)
        return pick(
            best_by(open_asks, lambda a: (mine[a.rank], unaccounted[a.rank], sizes[a.target])),
            rng,
        )

"""The expert's endgame search: play each candidate ask out to the end, many times.

Near the end of a game the order of turns decides a lot: under full-hand
refill, whoever is to ask when the pond runs dry can take every book left, and
a hand that empties draws the whole (small) pond. A score that looks one ask
ahead cannot see that, so once the pond is small the expert plays every
candidate ask and then the rest of the game in the compiled simulator
(``gofish.sim.search``):

- on ``deals`` hidden deals drawn from the belief (``Belief.sample``: only
  what the view shows, so no hidden card is ever read);
- ``orders`` shuffles of the pond each, shared by all candidates;
- itself playing on as ``counter``, every opponent as Emma (the kernel's two
  card-counting and memory bots; measured to help against other opponents too).

The candidate with the best mean result (win share, plus a little per book of
lead) is played. It needs numba (installed with gofish); without it, or under
``ask: card``, the expert keeps to its one-ask score.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gofish.bots.belief import Belief, NoDeterminization
from gofish.bots.common import check_count
from gofish.bots.emma import EmmaMemory
from gofish.core import View
from gofish.knowledge import Tracker
from gofish.leaving import leave_signals_to_the_main_thread

if TYPE_CHECKING:
    import numpy as np

Key = tuple[int, int]  # (target, rank)

#: Defaults, chosen in mirrored matches against Emma (docs/strength.md): the search
#: pays from a pond of about 8 cards down, and with at least ~1,000 play-outs a candidate.
POND_LIMIT = 8
DEALS = 50
ORDERS = 20
MARGIN = 0.02


def search_available() -> bool:
    """Whether the compiled play-outs can run here (numba installed)."""
    from gofish.sim import numba_available

    return numba_available()


_warm_up_thread: threading.Thread | None = None


def warm_up_in_background() -> None:
    """Compile the play-outs (or load them from numba's cache) on a daemon thread, once per
    process, so that an interactive game does not pause for seconds at its first endgame."""
    global _warm_up_thread
    if _warm_up_thread is None:
        _warm_up_thread = threading.Thread(target=_warm_up_in_a_worker,
                                           name="gofish-endgame-warm-up", daemon=True)
        _warm_up_thread.start()


def _warm_up_in_a_worker() -> None:
    leave_signals_to_the_main_thread()  # a Ctrl-C taken here waited for the next move typed
    warm_up()


def warm_up() -> None:
    """Run one tiny search, so that numba compiles the play-outs (or loads them from its
    cache) now rather than at the first endgame."""
    import gofish

    if not search_available():
        return
    view = gofish.new_game("classic", 2, seed=0, first_player=0).view(0)
    candidates = sorted({(a.target, int(a.rank)) for a in view.legal_actions})
    search = EndgameSearch(pond_limit=52, deals=1, orders=1)
    search.best(view, Tracker(2, 0).update(view), candidates, random.Random(0))


class EndgameSearch:
    """Picks among candidate asks by playing them out on sampled hidden deals."""

    def __init__(self, pond_limit: int = POND_LIMIT, deals: int = DEALS,
                 orders: int = ORDERS) -> None:
        self.pond_limit = check_count("pond_limit", pond_limit, at_least=0)
        self.deals = check_count("deals", deals, at_least=0)
        self.orders = check_count("orders", orders, at_least=0)
        self._available: bool | None = None

    def applies(self, view: View) -> bool:
        """Whether to search in this position (small pond, rank asks, numba present)."""
        if not (self.pond_limit and self.deals and self.orders) or view.rules.ask != "rank":
            return False
        if view.pond_size > self.pond_limit:
            return False
        if self._available is None:
            self._available = search_available()
        return self._available

    def playouts(self, candidates: int) -> int:
        """How many games one search over ``candidates`` asks plays out."""
        return self.deals * self.orders * candidates

    def best(self, view: View, tracker: Tracker, candidates: Sequence[Key],
             rng: random.Random) -> Key:
        """The candidate with the best mean play-out result (ties: the earlier candidate)."""
        import numpy as np

        from gofish.sim.search import rate_asks

        position = _Position(view, tracker)
        belief = Belief.from_view(view, tracker)
        targets = np.array([key[0] for key in candidates], np.int64)
        ranks = np.array([key[1] for key in candidates], np.int64)
        totals = np.zeros(len(candidates))
        for _ in range(self.deals):
            try:
                hands, pond = belief.sample(view, rng)
            except NoDeterminization:
                return candidates[0]  # no guess fits: keep to the score's favourite
            cnt, sizes, deck = position.deal(hands, pond)
            rate_asks(cnt, sizes, position.books, position.in_play, position.st,
                      position.stamp, position.last_asker, position.kn, deck, position.prm,
                      position.kinds, position.me, targets, ranks, self.orders,
                      rng.getrandbits(63), MARGIN, totals)
        return candidates[int(np.argmax(totals))]


class _Position:
    """The public part of a position in the kernel's arrays (see ``gofish.sim.kernel``)."""

    def __init__(self, view: View, tracker: Tracker) -> None:
        import numpy as np

        from gofish.sim import kernel, rule_params

        assert view.viewer is not None
        n = view.num_players
        self.n = n
        self.me = view.viewer
        self.prm = rule_params(view.rules, n)
        self.kinds = np.array(
            [kernel.BOT_COUNTER if seat == self.me else kernel.BOT_EMMA for seat in range(n)],
            np.int64,
        )
        self.books = np.array([len(b) for b in view.books], np.int64)
        self.in_play = np.array([1 if p else 0 for p in view.in_play], np.int64)
        self.stamp, self.last_asker, clock = _memories(view)
        self.kn = np.zeros((2 * n, n, 14), np.int64)
        for viewer in range(n):
            for seat in range(n):
                self.kn[viewer, seat] = tracker.known[seat]
                self.kn[n + viewer, seat] = tracker.none[seat]
        st = np.zeros(kernel.SCALARS, np.int64)
        st[kernel.S_PTR] = kernel.DECK - view.pond_size
        st[kernel.S_LAID] = int(self.books.sum())
        st[kernel.S_CUR] = self.me
        st[kernel.S_CLOCK] = clock
        st[kernel.S_TRACK] = 1
        st[kernel.S_BOOKED: kernel.S_BOOKED + 14] = tracker.booked
        self.st = st

    def deal(self, hands: Sequence[Sequence[Any]], pond: Sequence[Any]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Rank counts and sizes of ``hands``, and the deck with ``pond`` at its end."""
        import numpy as np

        from gofish.sim.kernel import DECK

        cnt = np.zeros((self.n, 14), np.int64)
        sizes = np.zeros(self.n, np.int64)
        for seat, hand in enumerate(hands):
            for card in hand:
                cnt[seat, card.rank] += 1
            sizes[seat] = len(hand)
        deck = np.zeros(DECK, np.int64)
        deck[DECK - len(pond):] = [card.rank for card in pond]
        return cnt, sizes, deck


def _memories(view: View) -> tuple[np.ndarray, np.ndarray, int]:
    """Every seat's Emma memory as the kernel keeps it: a clock stamp per rank (newest
    highest, 0 for forgotten) and the seat that last asked for it."""
    import numpy as np

    n = view.num_players
    stamp = np.zeros((n, 14), np.int64)
    last_asker = np.full((n, 14), -1, np.int64)
    clock = 0
    for seat in range(n):
        memory = EmmaMemory(seat)
        memory.update(view)
        for age, rank in enumerate(memory.ranks):
            stamp[seat, rank] = len(memory.ranks) - age
        for rank, asker in memory.last_asker.items():
            last_asker[seat, rank] = asker
        clock = max(clock, len(memory.ranks))
    return stamp, last_asker, clock

"""ISMCTS: information-set Monte Carlo tree search over the hidden cards.

Each iteration draws one determinization of the hidden cards from the same
``Belief`` the expert uses (hands consistent with every size, known card,
denial and book; the pond in random order), builds that imagined position
with ``Game.from_position`` and walks the tree:

- The tree holds the viewer's own decisions for the rest of this turn. A
  node is an information set of the viewer: the asks made so far and what
  the viewer saw come of them (cards handed over, the card fished). Only
  the asks legal in the current determinization are available; selection is
  UCB1 counted over availability (Cowling, Powley & Whitehouse 2012). At
  the root every candidate ask is tried on each determinization, so the
  candidates are compared on the same hidden deals (paired samples).
- When the turn passes, a fast playout finishes the game: every player asks
  for a rank some opponent is publicly known to hold, else for the rank it
  holds most of (the ``counter`` rule, on the imagined game's public facts).
- The reward is the viewer's share of the win, plus a little for the book
  margin (it separates close calls with fewer playouts).

A certain hit (an opponent is known to hold a rank I hold) keeps the turn
and loses nothing, so it is played at once without searching, as is a
single candidate. Once the pond is small enough for the expert's endgame
search (``gofish.bots.endgame``, compiled play-outs by the thousand), that
search decides instead. The expert's favourite stands unless the search finds an
ask that beats it on the same deals by ``CONFIDENCE`` standard errors.
The budget is ``iterations`` determinizations (each plays every candidate
ask once), cut short when another would overrun ``seconds`` (defaults: 60
and 0.2 s). Under the ``ask: card`` house rule it plays as the expert does
(never naming a card already laid in a book).

``cancel()`` (from any thread) stops the search under way before its next
determinization, and every later one before its first: the bot then asks as the
deals searched so far say (the expert's favourite if none). A table calls it on
the bots of a game it leaves, so a long think (``iterations=100000:seconds=30``)
ends with that game; the expert's endgame play-outs (a tenth of a second) run on.

The search only ever sees its view: the games it plays are imagined ones
built from sampled hidden cards.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from gofish.bots.belief import Belief, NoDeterminization
from gofish.bots.common import TrackerCache, check_count, check_epsilon, check_number, pick
from gofish.bots.expert import ExpertBot
from gofish.core import (
    Ask,
    Asked,
    BookLaid,
    Card,
    Drew,
    Event,
    Game,
    HandedOver,
    LuckyDraw,
    Refilled,
    View,
)
from gofish.core.actions import RANK_ASKS
from gofish.knowledge import live_asks

Key = tuple[int, int]  # (target, rank value)
EXPLORATION = 0.7
CONFIDENCE = 1.5
MARGIN_WEIGHT = 0.05
PLAYOUT_LIMIT = 2000


@dataclass
class Node:
    visits: dict[Key, int] = field(default_factory=dict)
    reward: dict[Key, float] = field(default_factory=dict)
    available: dict[Key, int] = field(default_factory=dict)
    children: dict[tuple[Key, tuple[int, int]], Node] = field(default_factory=dict)


#: The longest time budget a decision may be given, in seconds.
MAX_SECONDS = 3600.0


class IsmctsBot:
    """Searches imagined deals of the hidden cards (information-set Monte Carlo tree
    search, strength 4): ``make_bot("ismcts")``, or ``make_bot("ismcts:seconds=1")``.

    ``iterations``: imagined deals per decision at most, 1 or more (60 by default).
    ``seconds``: the time per decision at most, more than 0 and up to 3600 (0.2 by
    default); the search stops at whichever limit comes first, so how it plays depends on
    the machine's speed unless ``iterations`` is reached first.
    ``epsilon``: the chance, from 0 (the default) to 1, of a careless random ask instead.
    ``confidence``: how many standard errors, 0 or more (1.5 by default), by which the
    search's best ask must beat the expert's favourite to be played instead. A search
    under way stops at once, with its best ask so far, when another thread calls
    :meth:`cancel`."""

    name = "ismcts"

    def __init__(self, iterations: int = 60, seconds: float = 0.2, epsilon: float = 0.0,
                 confidence: float = CONFIDENCE) -> None:
        self.iterations = check_count("iterations", iterations, at_least=1)
        # nan would never stop; an hour a decision is already far past any use (a typo such
        # as seconds=100000, 27 hours a decision, would never finish a tournament).
        self.seconds = check_number("seconds", seconds, more_than=0, at_most=MAX_SECONDS)
        self.epsilon = check_epsilon(epsilon)
        # How many standard errors a rival ask must beat the expert's favourite by.
        self.confidence = check_number("confidence", confidence, at_least=0)
        self._expert = ExpertBot()
        self._cache = TrackerCache()
        self.last_iterations = 0  # playouts made for the last decision (for tests, benches)
        self.last_playouts = 0  # the expert's endgame play-outs, when it decided instead
        # Set by cancel(), from any thread: a plain flag (one store, read between
        # determinizations), so that the bot still pickles and copies.
        self._cancelled = False

    def cancel(self) -> None:
        """Stop searching, for good: the decision under way (in another thread) and every
        later one ends at once with the best ask found so far."""
        self._cancelled = True

    @property
    def searches_endgame(self) -> bool:
        """Whether endgames are played out by the expert's compiled search."""
        return self._expert.searches_endgame

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        legal = live_asks(view, legal)
        if self.epsilon and rng.random() < self.epsilon:
            return pick(legal, rng)
        self.last_iterations = 0
        self.last_playouts = 0
        if view.rules.ask != "rank":
            return self._expert.choose(view, legal, rng)  # the search plays rank asks only
        prior = self._expert.scores(view, legal)
        best_prior = max(prior, key=lambda key: prior[key])
        if len(prior) == 1 or prior[best_prior] >= self._expert.weights.sure:
            return self._ask_for(best_prior, legal, rng)
        if self._expert.endgame_applies(view):
            # The expert's compiled play-outs (a thousand a candidate) outdo a few dozen here.
            chosen_by_expert = self._expert.choose(view, legal, rng)
            self.last_playouts = self._expert.last_playouts
            return chosen_by_expert
        chosen = self._search(view, prior, rng)
        return self._ask_for(chosen, legal, rng)

    @staticmethod
    def _ask_for(key: Key, legal: Sequence[Ask], rng: random.Random) -> Ask:
        matching = [a for a in legal if a.target == key[0] and a.rank == key[1]]
        return pick(matching, rng)

    # ------------------------------------------------------------------ search

    def _search(self, view: View, prior: dict[Key, float], rng: random.Random) -> Key:
        tracker = self._cache.update(view)
        belief = Belief.from_view(view, tracker)
        assert view.viewer is not None
        me = view.viewer
        root = Node()
        deadline = _clock() + self.seconds
        public_known = [row[:] for row in tracker.known]
        candidates = sorted(prior, key=lambda key: -prior[key])
        outcomes: dict[Key, list[float]] = {key: [] for key in candidates}
        started = _clock()
        for done in range(self.iterations):
            # Stop when one more determinization (all candidates) would overrun the budget.
            now = _clock()
            if done and now + (now - started) / done > deadline:
                break
            if self._cancelled:
                break  # its game was left: nobody waits for this answer
            try:
                hands, pond = belief.sample(view, rng)
            except NoDeterminization:
                break  # no guess fits: decide on what has been played so far
            base = Game.from_position(view.rules, view.num_players, hands, pond,
                                      view.books, me, view.in_play)
            playout_seed = rng.getrandbits(32)
            for key in candidates:  # every root ask on the same hidden deal: paired samples
                game = base.clone()
                table = Table([row[:] for row in public_known], hands, view.rules.book_size)
                table.learn(game.play(RANK_ASKS[key[0]][key[1]]))
                path = [(root, key)]
                if game.current_player == me:
                    child = root.children.setdefault((key, table.seen_by(me)), Node())
                    path.extend(self._descend(child, game, me, table, rng))
                table.play_out(game, random.Random(playout_seed))
                reward = _reward(game, me)
                outcomes[key].append(reward)
                for node, chosen in path:
                    node.visits[chosen] = node.visits.get(chosen, 0) + 1
                    node.reward[chosen] = node.reward.get(chosen, 0.0) + reward
            self.last_iterations = done + 1
        return _confident_best(candidates[0], outcomes, self.confidence)

    @staticmethod
    def _descend(node: Node, game: Game, me: int, table: Table,
                 rng: random.Random) -> list[tuple[Node, Key]]:
        """Walk (and grow by one node) the tree of my further asks this turn."""
        path: list[tuple[Node, Key]] = []
        while game.current_player == me:
            keys = list(dict.fromkeys((a.target, int(a.rank)) for a in game.legal_actions()))
            for key in keys:
                node.available[key] = node.available.get(key, 0) + 1
            untried = [key for key in keys if key not in node.visits]
            if untried:
                key = untried[rng.randrange(len(untried))]
            else:
                key = max(keys, key=lambda k: _ucb(node, k))
            table.learn(game.play(RANK_ASKS[key[0]][key[1]]))
            path.append((node, key))
            if untried:
                break
            node = node.children.setdefault((key, table.seen_by(me)), Node())
        return path


def _confident_best(favourite: Key, outcomes: dict[Key, list[float]],
                    confidence: float = CONFIDENCE) -> Key:
    """The best ask by mean reward, if it beats the expert's favourite convincingly.

    Every root ask was played on the same imagined deals, so the rewards pair
    up deal by deal; the search overrules the favourite only when the mean
    paired gain is ``confidence`` standard errors above zero.
    """
    finished = min(len(rewards) for rewards in outcomes.values())
    if finished < 2:
        return favourite
    means = {key: sum(rewards[:finished]) / finished for key, rewards in outcomes.items()}
    best = max(means, key=lambda key: means[key])
    if best == favourite:
        return favourite
    gains = [a - b for a, b in zip(outcomes[best][:finished], outcomes[favourite][:finished],
                                   strict=True)]
    mean = sum(gains) / finished
    variance = sum((gain - mean) ** 2 for gain in gains) / (finished - 1)
    if mean > confidence * math.sqrt(variance / finished):
        return best
    return favourite


def _clock() -> float:
    """Seconds on a monotonic clock (a function of its own, so tests can stand in for it)."""
    return time.perf_counter()


def _ucb(node: Node, key: Key) -> float:
    visits = node.visits[key]
    mean = node.reward[key] / visits
    return mean + EXPLORATION * math.sqrt(math.log(node.available[key]) / visits)


class Table:
    """An imagined game's facts for the playout players: public known cards, exact hands."""

    def __init__(self, known: list[list[int]], hands: list[list[Card]], book_size: int) -> None:
        self.known = known
        self.book_size = book_size
        self.counts = [[0] * 14 for _ in hands]
        for seat, hand in enumerate(hands):
            for card in hand:
                self.counts[seat][card.rank] += 1
        self._last_seen = (0, 0)

    def seen_by(self, me: int) -> tuple[int, int]:
        """What the asker saw of the last ask: cards handed over, and the fished rank."""
        return self._last_seen

    def learn(self, events: list[Event]) -> None:
        known, counts = self.known, self.counts
        handed = fished = 0
        for event in events:
            if isinstance(event, Asked):
                row = known[event.player]
                row[event.rank] = max(row[event.rank], 1)
                known[event.target][event.rank] = 0  # rank asks: the target has none left
            elif isinstance(event, HandedOver):
                known[event.receiver][event.rank] += event.count
                counts[event.giver][event.rank] -= event.count
                counts[event.receiver][event.rank] += event.count
                handed = event.count
            elif isinstance(event, Drew):
                if event.card is not None:
                    counts[event.player][event.card.rank] += 1
                    if not fished:
                        fished = int(event.card.rank)
            elif isinstance(event, LuckyDraw):
                known[event.player][event.card.rank] += 1
            elif isinstance(event, Refilled):
                for card in event.cards or ():
                    counts[event.player][card.rank] += 1
            elif isinstance(event, BookLaid):
                counts[event.player][event.rank] -= self.book_size
                for row in known:
                    row[event.rank] = 0
        self._last_seen = (handed, fished)

    def play_out(self, game: Game, rng: random.Random) -> None:
        """Finish the game with the counter rule for every player."""
        known, counts = self.known, self.counts
        for _ in range(PLAYOUT_LIMIT):  # a safety net: real games end far sooner
            if game.current_player is None:
                return
            mine = counts[game.current_player]
            legal = game.legal_actions()
            best: Ask | None = None
            best_known = 0
            for ask in legal:
                held = known[ask.target][ask.rank]
                if held > best_known:
                    best, best_known = ask, held
            if best is None:
                top = max(mine[ask.rank] for ask in legal)
                options = [ask for ask in legal if mine[ask.rank] == top]
                best = options[0] if len(options) == 1 else options[rng.randrange(len(options))]
            self.learn(game.play(best))


def _reward(game: Game, me: int) -> float:
    """My share of the win (or of the lead, if a playout was cut short) plus the book margin."""
    books = [len(b) for b in game.books]
    winners = game.leaders  # the winners once over; the book leaders of a stopped game
    share = 1.0 / len(winners) if me in winners else 0.0
    others = max(b for seat, b in enumerate(books) if seat != me)
    return share + MARGIN_WEIGHT * (books[me] - others)

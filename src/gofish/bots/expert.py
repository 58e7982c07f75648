"""Expert: weighs every ask by its expected outcome over the hidden cards.

For each legal (opponent, rank) it reads from the ``Belief`` (the law of the
unseen cards given the view: hand sizes, known cards, denials, books):

- the chance of a hit, and the law of how many cards come over;
- the chance that a hit completes a book;
- on a miss, the chance of a lucky draw (the top of the pond is that rank);
- the value of keeping the turn (another ask) after a hit or lucky draw;
- the cost of telling: asking for a rank the table does not yet know I hold
  shows it, and whoever draws that rank later will ask me for all of mine.

The ask with the highest score is played (ties: the first in ``legal``
order, so the choice is fixed given the view, and in the endgame given the
view and the random stream). Under ``ask: card`` the same
score picks the opponent and rank, and the suit is any legal one at random
that is not already laid face up in a book (pairs: ``gofish.knowledge.live_asks``).

Once the pond is down to ``endgame`` cards (8 by default) and no ask is a sure
hit, the best-scored asks are instead played out to the end of the game on
sampled hidden deals (``gofish.bots.endgame``), where the order of turns
decides who takes the last books.

Knobs: ``epsilon`` plays a random legal ask with that probability;
``noise`` adds uniform noise of that size to every score (a gentler, less
predictable opponent: asks that are not sure hits score 0 to under 3, a sure hit over
100, so noise blurs the first and below 100 never passes up the second; once the
endgame search takes over, the play-outs choose); ``endgame=0`` turns the endgame
search off.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gofish.bots.belief import Belief, InferringTracker
from gofish.bots.common import TrackerCache, best_by, check_epsilon, check_number, pick
from gofish.bots.endgame import POND_LIMIT, EndgameSearch, warm_up_in_background
from gofish.core import Ask, MalformedInputError, View
from gofish.knowledge import Tracker, live_asks


@dataclass(frozen=True)
class Weights:
    """How much each outcome of an ask is worth (tuned in mirrored matches against Emma
    and counter: the cards already held in a rank matter most, then the odds of a hit)."""

    keep_turn: float = 0.5
    card: float = 0.15  # per card taken
    book: float = 0.6  # a book completed
    tell: float = 0.0  # per card of mine the ask shows (measured: no gain against Emma)
    tell_unseen: float = 0.0  # per card of mine shown, per unseen card of the rank
    sure: float = 100.0  # a certain hit keeps the turn, so every other ask is still to come
    stake: float = 0.3  # per card of mine in the rank: big holdings are at risk, ask them first


def score_ask(belief: Belief, tracker: Tracker, target: int, rank: int, book_size: int,
              lucky_draw: bool, weights: Weights) -> float:
    """The expected worth of asking ``target`` for ``rank`` (higher is better)."""
    mine = belief.mine[rank]
    known = belief.known[target][rank]
    law = belief.unseen_held(target, rank)
    hit = 1.0 if known else 1.0 - law[0]
    gain_if_hit = 0.0
    book_if_hit = 0.0
    for extra, chance in enumerate(law):
        if (known + extra) == 0 or chance == 0.0:
            continue
        gain_if_hit += chance * (known + extra)
        if mine + known + extra >= book_size:
            book_if_hit += chance
    score = gain_if_hit * weights.card + book_if_hit * weights.book + hit * weights.keep_turn
    if hit > 0.0:  # a big holding is worth asking about only if the ask can hit
        score += mine * weights.stake
    if hit >= 1.0:
        score += weights.sure
    if lucky_draw and hit < 1.0:
        lucky = belief.lucky_chance(target, rank) * (1.0 - hit)
        book_if_lucky = 1.0 if mine + 1 >= book_size else 0.0
        score += lucky * (weights.keep_turn + weights.card + book_if_lucky * weights.book)
    if not tracker.known[belief.viewer][rank]:
        # The table learns I hold this rank; a book makes the news worthless.
        cost = weights.tell + weights.tell_unseen * belief.unseen[rank]
        score -= cost * mine * (1.0 - book_if_hit * hit)
    return score


class ExpertBot:
    """Weighs every ask by its odds over the hidden cards, and plays the endgame out on
    imagined deals (strength 4): ``make_bot("expert")``, or with options as a spec,
    ``make_bot("expert:noise=0.5")``.

    ``epsilon``: the chance, from 0 (the default) to 1, of a careless random ask instead.
    ``noise``: a random amount up to this, 0 or more, added to each ask's score (unsure asks
    score 0 to under 3, a sure hit over 100): 0.5 blurs close calls, 3 or more picks almost
    at random among unsure asks; 0, the default, adds none.
    ``infer``: whether it reads what passed-up sure hits reveal (True, the default).
    ``weights``: what each outcome of an ask is worth (a :class:`Weights`; None: the tuned
    defaults). Not settable from a spec.
    ``endgame``: the pond size, 0 or more, from which it plays the endgame out (8 by
    default; 0: never)."""

    name = "expert"

    def __init__(self, epsilon: float = 0.0, noise: float = 0.0, infer: bool = True,
                 weights: Weights | None = None, endgame: int = POND_LIMIT) -> None:
        self.epsilon = check_epsilon(epsilon)
        self.noise = check_number("noise", noise, at_least=0)
        if weights is not None and not isinstance(weights, Weights):
            raise MalformedInputError(f"weights must be a Weights, not {weights!r}")
        self.weights = weights or Weights()
        if not isinstance(infer, bool):
            raise MalformedInputError(f"infer must be true or false, not {infer!r}")
        self.infer = infer
        self._cache = TrackerCache(InferringTracker if infer else Tracker)
        self.last_playouts = 0  # endgame play-outs run for the last decision (for benches)
        try:
            self._endgame = EndgameSearch(pond_limit=endgame)
        except ValueError as error:
            raise MalformedInputError(str(error).replace("pond_limit", "endgame")) from None

    @property
    def searches_endgame(self) -> bool:
        """Whether this bot plays out endgames (``endgame`` above 0)."""
        return self._endgame.pond_limit > 0

    def endgame_applies(self, view: View) -> bool:
        """Whether ``view`` is an endgame this bot plays out (when no ask is a sure hit)."""
        return self._endgame.applies(view)

    def scores(self, view: View, legal: Sequence[Ask]) -> dict[tuple[int, int], float]:
        """The score of every distinct (target, rank) among ``legal``."""
        tracker = self._cache.update(view)
        belief = Belief.from_view(view, tracker)
        rules = view.rules
        out: dict[tuple[int, int], float] = {}
        for ask in legal:
            key = (ask.target, int(ask.rank))
            if key not in out:
                out[key] = score_ask(belief, tracker, ask.target, ask.rank, rules.book_size,
                                     rules.lucky_draw, self.weights)
        return out

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.last_playouts = 0
        legal = live_asks(view, legal)
        if self.epsilon and rng.random() < self.epsilon:
            return pick(legal, rng)
        scores = self.scores(view, legal)
        if self.noise:
            scores = {key: value + rng.random() * self.noise for key, value in scores.items()}
        best = best_by(legal, lambda a: (scores[(a.target, int(a.rank))],))
        if best[0].suit is not None:
            return pick(best, rng)
        favourite = (best[0].target, int(best[0].rank))
        choice_open = len(scores) > 1 and scores[favourite] < self.weights.sure
        if choice_open and self.endgame_applies(view):
            # Best score first, so a tie in the play-outs goes to the better-scored ask.
            ranked = sorted(scores, key=lambda key: -scores[key])
            target, rank = self._endgame.best(view, self._cache.update(view), ranked, rng)
            self.last_playouts = self._endgame.playouts(len(ranked))
            return next(a for a in legal if a.target == target and a.rank == rank)
        return best[0]


def any_searches_endgame(bots: Iterable[object]) -> bool:
    """Whether any of ``bots`` plays its endgames with the compiled play-outs."""
    return any(getattr(bot, "searches_endgame", False) for bot in bots)


def prepare_endgame(bots: Iterable[object]) -> None:
    """Get the endgame play-outs ready in the background if any of ``bots`` will use them
    (tables for people call this when they seat their bots)."""
    if any_searches_endgame(bots):
        warm_up_in_background()

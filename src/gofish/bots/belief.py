"""What one seat can infer about the hidden cards, from its view alone.

The unseen cards of each rank (not mine, not booked, not known held) lie in
the opponents' unknown hand slots or the pond. An opponent can hold an
unseen card of a rank only in the slots filled by cards nobody saw since it
last denied that rank (``Tracker.fresh``). Treating every such placement as
equally likely gives, per opponent and rank, a hypergeometric law for how
many unseen cards of that rank it holds, and a sampler of whole
determinizations (every hidden card placed) for search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb

from gofish.bots.common import card_counts
from gofish.core import FULL_DECK, Asked, Card, View
from gofish.knowledge import CARDS_PER_RANK, CardWhereabouts, Tracker


class InferringTracker(Tracker):
    """Public facts, plus one inference about how players choose (not a proof).

    A player who makes an uncertain ask while some other player is publicly
    known to hold a rank probably holds none of that rank: it would have
    taken the certain hit instead. Emma, counter and expert all take certain
    hits first. The inference only narrows ``fresh`` (what unseen cards may be),
    never the proven ``known``/``none`` facts, and unseen cards arriving later
    lift it as they lift a denial.
    """

    def _on_asked(self, e: Asked) -> None:
        known = self.known
        if not known[e.target][e.rank]:
            asker_known = known[e.player]
            fresh = self.fresh[e.player]
            for rank in range(1, 14):
                if rank == e.rank or asker_known[rank]:
                    continue
                if any(known[seat][rank] for seat in range(self.num_players) if seat != e.player):
                    fresh[rank] = 0
        super()._on_asked(e)


#: An unknown hand slot to fill: (how many ranks it may hold, its seat, those ranks).
Place = tuple[int, int, frozenset[int]]

#: Attempts at a deal that keeps only the proven facts, after the strict ones fail.
RELAXED_TRIES = 200


class NoDeterminization(RuntimeError):
    """The random fill found no hidden deal that fits the view (callers fall back)."""


@dataclass
class Belief:
    viewer: int
    mine: list[int]  # by rank value
    known: list[list[int]]  # [seat][rank]: known held (the viewer's row: exact)
    slots: list[int]  # per seat: cards in hand not known by rank (the viewer: 0)
    eligible: list[list[int]]  # [seat][rank]: unknown slots that may hold that rank
    proven_none: list[list[bool]]  # [seat][rank]: the view proves the seat holds none
    unseen: list[int]  # by rank: cards whose place is unknown
    booked: list[int]  # by rank: cards in books
    pond: int
    # Under ask: card, the cards the table knows a seat holds or lacks; None under rank asks.
    whereabouts: CardWhereabouts | None = None
    # What every sample starts from, worked out once (a search samples 50 deals from one
    # belief, and working these out again each time was a fifth of the expert's time):
    # the view's unseen cards by rank, and the hand slots to fill, strict and relaxed.
    _unseen: tuple[View, dict[int, tuple[Card, ...]]] | None = field(
        default=None, init=False, repr=False, compare=False)
    _places: dict[bool, list[Place]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def from_view(cls, view: View, tracker: Tracker) -> Belief:
        assert view.viewer is not None, "a spectator has no belief to act on"
        me = view.viewer
        mine = card_counts(view)
        known = [row[:] if seat != me else mine[:] for seat, row in enumerate(tracker.known)]
        # The tracker's, read event by event, when it has read this view (the bots' have).
        whereabouts = tracker.cards if tracker.seen == len(view.history) else None
        if whereabouts is None:
            whereabouts = card_whereabouts(view)
        if whereabouts is not None:
            _count_named_cards(known, whereabouts, me)
        slots, eligible = [], []
        for seat, size in enumerate(view.hand_sizes):
            free = 0 if seat == me else max(0, size - sum(known[seat]))
            slots.append(free)
            fresh = tracker.fresh[seat]
            eligible.append([min(free, fresh[r]) for r in range(14)])
        unseen = [0] * 14
        for r in range(1, 14):
            held = sum(known[seat][r] for seat in range(view.num_players))
            unseen[r] = max(0, CARDS_PER_RANK - tracker.booked[r] - held)
        booked = [min(CARDS_PER_RANK, b) for b in tracker.booked]
        proven_none = [row[:] for row in tracker.none]
        for r in range(1, 14):
            room = view.pond_size + sum(row[r] for row in eligible)
            if room < unseen[r]:
                # The inferred denials leave too little room for this rank's unseen cards
                # (e.g. an empty pond): they were wrong, so keep only the proven ones.
                for seat in range(view.num_players):
                    eligible[seat][r] = 0 if proven_none[seat][r] else slots[seat]
        return cls(me, mine, known, slots, eligible, proven_none, unseen, booked,
                   view.pond_size, whereabouts)

    def places(self, rank: int) -> int:
        """How many hidden places (unknown hand slots and the pond) may hold ``rank``."""
        return self.pond + sum(self.eligible[seat][rank] for seat in range(len(self.slots)))

    def unseen_held(self, seat: int, rank: int) -> list[float]:
        """P(``seat`` holds exactly x unseen cards of ``rank``), for x = 0…unseen."""
        unseen = self.unseen[rank]
        places = self.places(rank)
        slots = self.eligible[seat][rank]
        if places <= 0 or unseen > places:
            return [1.0] + [0.0] * unseen
        total = comb(places, unseen)
        return [
            comb(slots, x) * comb(places - slots, unseen - x) / total for x in range(unseen + 1)
        ]

    def lucky_chance(self, seat: int, rank: int) -> float:
        """P(the top of the pond is ``rank``), given that ``seat`` just said it has none."""
        places = self.places(rank) - self.eligible[seat][rank]
        if self.pond <= 0 or places <= 0:
            return 0.0
        return min(1.0, self.unseen[rank] / places)

    # ----------------------------------------------------------- determinizing

    def unseen_cards(self, view: View) -> dict[int, list[Card]]:
        """By rank, the cards neither in the viewer's hand nor face up in a book. Under
        pairs a book names its two suits (R3): the rank's other two are still in play."""
        mine = set(view.hand or ())
        laid = {card for cards in view.laid for card in cards}
        by_rank: dict[int, list[Card]] = {r: [] for r in range(1, 14)}
        for card in FULL_DECK:
            if card not in mine and card not in laid:
                by_rank[card.rank].append(card)
        return by_rank

    def sample(
        self, view: View, rng: random.Random, tries: int = 20
    ) -> tuple[list[list[Card]], list[Card]]:
        """One hidden deal consistent with the view: every hand, and the pond from the top.

        Known held cards are placed first (under ``ask: card``, the very cards the
        table saw handed over, and none a seat is known to lack). Each opponent's unknown slots are
        ordered oldest first: slot i may hold a rank only if a card arrived
        there after the last denial of that rank (``eligible``). The most
        constrained slots are filled first, each with a random remaining card it
        may hold; the pond takes the rest in random order. If that corners
        itself ``tries`` times, only what the view proves is kept (the known
        cards, proven denials, the books, the viewer's hand), and tried again up
        to ``RELAXED_TRIES`` times: the no-whole-book rule (R3) can corner the
        greedy fill often when few cards are left. ``NoDeterminization`` if
        all of that fails.
        """
        for attempt in range(tries + RELAXED_TRIES):
            dealt = self._try_sample(view, rng, strict=attempt < tries)
            if dealt is not None:
                return dealt
        raise NoDeterminization("no guess at the hidden cards fits the view")

    def _try_sample(
        self, view: View, rng: random.Random, *, strict: bool
    ) -> tuple[list[list[Card]], list[Card]] | None:
        players = len(self.slots)
        whereabouts = self.whereabouts
        book_size = view.rules.book_size
        by_rank = self._unseen_by_rank(view)
        hands: list[list[Card]] = [[] for _ in range(players)]
        hands[self.viewer] = list(view.hand or ())
        loose: list[Card] = []
        for r in range(1, 14):
            cards = list(by_rank[r])
            rng.shuffle(cards)
            for seat in range(players):
                if seat != self.viewer and self.known[seat][r]:
                    take = min(self.known[seat][r], len(cards))
                    if whereabouts is None:
                        taken = cards[:take]
                    else:
                        taken = _theirs_first(cards, seat, whereabouts)[:take]
                        if any(whereabouts.known_absent(seat, card) for card in taken):
                            return None  # the seats before took what it may hold: again
                    hands[seat].extend(taken)
                    # The rest stay in their shuffled order, for the next seat to draw from.
                    cards = [card for card in cards if card not in taken]
            loose.extend(cards)
        held = [[0] * 14 for _ in range(players)]
        for seat, hand in enumerate(hands):
            for card in hand:
                held[seat][card.rank] += 1
        for _, seat, allowed in self._places_to_fill(strict):
            # R3: a hand never holds a whole book, so no rank may reach book size in it.
            counts = held[seat]
            fits = [
                i for i, card in enumerate(loose)
                if card.rank in allowed and counts[card.rank] + 1 < book_size
                and (whereabouts is None or not whereabouts.known_absent(seat, card))
            ]
            if not fits:
                return None
            chosen = fits[rng.randrange(len(fits))]
            counts[loose[chosen].rank] += 1
            hands[seat].append(loose[chosen])
            loose[chosen] = loose[-1]
            loose.pop()
        rng.shuffle(loose)
        return hands, loose

    def _unseen_by_rank(self, view: View) -> dict[int, tuple[Card, ...]]:
        """``unseen_cards(view)``, worked out once for the view this belief samples."""
        if self._unseen is None or self._unseen[0] is not view:
            by_rank = {rank: tuple(cards) for rank, cards in self.unseen_cards(view).items()}
            self._unseen = (view, by_rank)
        return self._unseen[1]

    def _places_to_fill(self, strict: bool) -> list[Place]:
        """The unknown hand slots, the most constrained first (ties: seat order, oldest
        first). Slot i of a seat may hold a rank it is not proven to lack and, when
        ``strict``, only if a card arrived there after the seat last denied that rank."""
        places = self._places.get(strict)
        if places is None:
            places = []
            for seat in range(len(self.slots)):
                slots = self.slots[seat]
                proven_none = self.proven_none[seat]
                for i in range(slots):
                    allowed = frozenset(
                        r for r in range(1, 14) if not proven_none[r]
                        and (not strict or i >= slots - self.eligible[seat][r]))
                    places.append((len(allowed), seat, allowed))
            places.sort(key=lambda place: place[0])
            self._places[strict] = places
        return places


def card_whereabouts(view: View) -> CardWhereabouts | None:
    """Under ``ask: card``, which cards the table knows a seat holds or lacks (a card asked
    for and handed over is named in public); None under rank asks, where no card is."""
    if view.rules.ask != "card":
        return None
    whereabouts = CardWhereabouts(view.rules.lucky_draw)
    for event in view.history:
        whereabouts.apply(event)
    return whereabouts


def _count_named_cards(known: list[list[int]], whereabouts: CardWhereabouts, me: int) -> None:
    """Raise each seat's known count of a rank to the cards of it the seat is known to hold
    by name: the count alone forgets which went (given 10C, then asked for 10H and 10S, a
    seat has given two tens of its two known, and still holds the 10C)."""
    named = [[0] * 14 for _ in known]
    for card, seat in whereabouts.holder.items():
        if 0 <= seat < len(known) and seat != me:
            named[seat][card.rank] += 1
    for seat, row in enumerate(named):
        for rank, count in enumerate(row):
            known[seat][rank] = max(known[seat][rank], count)


def _theirs_first(cards: list[Card], seat: int, whereabouts: CardWhereabouts) -> list[Card]:
    """``cards`` (of one rank) in the order ``seat``'s known cards of that rank are taken
    from them: the ones it is known to hold, then the ones it may hold, then the ones it
    is known to lack."""
    def order(card: Card) -> int:
        if whereabouts.holder.get(card) == seat:
            return 0
        return 2 if whereabouts.known_absent(seat, card) else 1
    return sorted(cards, key=order)  # stable: the shuffled order stays within each group

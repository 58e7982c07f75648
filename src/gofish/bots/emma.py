"""Emma, the computer opponent of seed 000 (RULES.md, "Emma").

She remembers the ranks her opponents ask for, most recent first, and asks for
the most recent one she holds, forgetting it once she has asked. With nothing
remembered that she holds, she picks uniformly among the distinct ranks in her
hand. With more than two players she asks whoever most recently asked for that
rank, if they still hold cards, otherwise a random opponent holding cards.
Everything she uses comes from her view: her own hand and the public asks.
Under ``ask: card`` she names a suit she lacks at random, never one already laid
face up in a pair (``gofish.knowledge.live_asks``): nobody could hand it over. Nor,
while another suit of the rank could be there, one the table knows the opponent lacks
(``gofish.knowledge.CardWhereabouts``): handed to someone else, shown on a lucky draw,
asked for by that opponent or answered "Go fish!" since its last unseen card. RULES.md
leaves the card open; this only spares her asks that cannot succeed.

``memory`` (default: no limit, as the rules have her) makes her gentler: she
recalls only that many of the most recently asked ranks, and picks at random
when none of those is in her hand (``memory=0``: she never recalls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gofish.bots.common import check_count
from gofish.core import Ask, Asked, Event, Rank, View
from gofish.core.cards import card_of
from gofish.knowledge import CardWhereabouts, live_asks, reads_on


class EmmaMemory:
    """Emma's memory, rebuilt from the public history, extended incrementally."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen = 0  # how many history events have been read
        self.ranks: list[Rank] = []  # most recent first
        self.last_asker: dict[Rank, int] = {}
        self.last: Event | None = None  # the last event read, as an object (see reads_on)
        self.cards: CardWhereabouts | None = None  # read only under ask: card

    def update(self, view: View) -> None:
        history = view.history
        if not reads_on(history, self.seen, self.last):
            # Another game, a copy gone its own way, or a history we did not read: rebuild
            # from the start. Rebuilding always gives the same memory: a false alarm costs time.
            self.__init__(self.seat)  # type: ignore[misc]
        if self.cards is None and view.rules.ask == "card":
            self.cards = CardWhereabouts(view.rules.lucky_draw)
        for event in history[self.seen :]:
            if self.cards is not None:
                self.cards.apply(event)
            if not isinstance(event, Asked):
                continue
            if event.player == self.seat:
                if event.rank in self.ranks:
                    self.ranks.remove(event.rank)  # used up once she asks for it
            else:
                if event.rank in self.ranks:
                    self.ranks.remove(event.rank)
                self.ranks.insert(0, event.rank)
                self.last_asker[event.rank] = event.player
        self.seen = len(history)
        self.last = history[-1] if history else None


class EmmaBot:
    """Emma, the classic game's computer opponent: ``make_bot("emma")``, or
    ``make_bot("emma:memory=2")`` for a gentler one.

    ``memory``: how many of the ranks most recently asked for she recalls, a whole number
    from 0 (she picks at random among her ranks); None, the default, recalls them all, as
    the rules have her. The module's docstring gives her whole rule."""

    name = "emma"

    def __init__(self, memory: int | None = None) -> None:
        # How many of the latest asked ranks she recalls (None: all).
        self.recall = None if memory is None else check_count(
            "memory", memory, at_least=0,
            described="a whole number of ranks, 0 or more (leave memory out for all of them)")
        self._memory: EmmaMemory | None = None

    def memory(self, view: View) -> EmmaMemory:
        assert view.viewer is not None
        if self._memory is None or self._memory.seat != view.viewer:
            self._memory = EmmaMemory(view.viewer)
        self._memory.update(view)
        return self._memory

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        legal = live_asks(view, legal)  # the same ranks and targets: only laid suits go
        memory = self.memory(view)
        # Ranks she may ask for: all she holds, unless the caller offers fewer moves.
        offered = {a.rank for a in legal}
        held = [r for r in view.held_ranks() if r in offered]
        recalled = memory.ranks if self.recall is None else memory.ranks[: self.recall]
        rank = next((r for r in recalled if r in held), None)
        if rank is None:
            rank = held[rng.randrange(len(held))]
        targets = sorted({a.target for a in legal if a.rank == rank})
        target = memory.last_asker.get(rank)
        if target not in targets:
            target = targets[rng.randrange(len(targets))]
        choices = [a for a in legal if a.rank == rank and a.target == target]
        if len(choices) > 1 and memory.cards is not None:
            choices = _might_hold(memory.cards, choices)
        return choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]


def _might_hold(cards: CardWhereabouts, choices: list[Ask]) -> list[Ask]:
    """The asks (one rank, one opponent) for a card the table does not know the opponent
    lacks; all of them if it knows that of every one."""
    open_asks = [a for a in choices if a.suit is None
                 or not cards.known_absent(a.target, card_of(a.rank, a.suit))]
    return open_asks or choices

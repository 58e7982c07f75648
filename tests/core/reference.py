"""A second, deliberately plain Go Fish engine, written from RULES.md for differential tests.

It favours being obviously right over being fast: hands are lists in the order
cards arrived, the pond is a list with its top first, and every ruling is one
short method named after it. ``test_reference.py`` plays the same random games
on this and on ``gofish.core`` and demands identical events and positions, so
that the optimised engine keeps playing by the rules.
"""

from __future__ import annotations

from gofish import (
    RANKS,
    Ask,
    Asked,
    BookLaid,
    Card,
    Dealt,
    Drew,
    Event,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    Rank,
    Refilled,
    Rules,
    TurnPassed,
    WentFishing,
)
from gofish.core.cards import SUITS


class ReferenceGame:
    """One game under resolved ``rules`` (hand size fixed), dealt from ``deck`` (R2)."""

    def __init__(self, rules: Rules, players: int, deck: list[Card], first_player: int) -> None:
        assert rules.hand_size is not None
        self.rules = rules
        self.players = players
        self.hand_size = rules.hand_size
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.books: list[list[Rank]] = [[] for _ in range(players)]
        self.in_play = [True] * players
        self.current: int | None = first_player
        self.winners: tuple[int, ...] | None = None
        self.events: list[Event] = []
        dealt = players * self.hand_size
        for i, card in enumerate(deck[:dealt]):
            self.hands[(first_player + i) % players].append(card)
        self.pond = list(deck[dealt:])  # top first
        self._deal_events(deck, first_player)
        self._start(first_player)

    # ----------------------------------------------------------- the deal (R2, R4)

    def _deal_events(self, deck: list[Card], first: int) -> None:
        dealt = self.players * self.hand_size
        for offset in range(self.players):
            seat = (first + offset) % self.players
            own = tuple(deck[offset:dealt:self.players])
            self.events.append(Dealt(seat, len(own), own))

    def _start(self, first: int) -> None:
        order = [(first + i) % self.players for i in range(self.players)]
        for seat in order:  # R4: dealt books, player by player
            self._lay_books(seat, list(RANKS))
        if self._check_end():
            return
        if self.rules.refill in ("hand", "card"):
            for seat in order:  # R4: then refills, in the same order
                self._refill(seat)
            if self._check_end():
                return
        empty_turn = self.rules.refill == "turn" and not self.hands[first]
        if empty_turn or not self._can_ask(first):
            self._begin_turn_from(first)

    # ------------------------------------------------------------------- asking

    def legal(self) -> set[Ask]:
        if self.current is None:
            return set()
        seat = self.current
        held = {card.rank for card in self.hands[seat]}
        targets = [t for t in range(self.players) if t != seat and self.hands[t]]
        if self.rules.ask == "rank":
            return {Ask.of(t, rank) for t in targets for rank in held}
        return {
            Ask.of(t, rank, suit)
            for t in targets
            for rank in held
            for suit in SUITS
            if Card(rank, suit) not in self.hands[seat]
        }

    def play(self, action: Ask) -> None:
        seat = self.current
        assert seat is not None and action in self.legal()
        self.events.append(Asked(seat, action.target, action.rank, action.suit))
        wanted = [c for c in self.hands[action.target] if c.rank == action.rank]
        if action.suit is not None:
            wanted = [c for c in wanted if c.suit == action.suit]
        if wanted:
            self._hit(seat, action, wanted)
        else:
            self._miss(seat, action)

    def _hit(self, seat: int, action: Ask, taken: list[Card]) -> None:
        for card in taken:  # R6: every card of the rank (one card under ask: card)
            self.hands[action.target].remove(card)
        self.hands[seat].extend(taken)
        self.events.append(HandedOver(action.target, seat, action.rank, len(taken), tuple(taken)))
        self._lay_books(seat, [action.rank])
        if self._check_end():
            return
        if self.rules.refill in ("hand", "card"):
            self._refill(action.target)  # R12: the surrenderer first …
            self._refill(seat)  # … then the asker
            if self._check_end():
                return
        elif self.rules.refill == "turn" and not self.hands[seat]:
            self._replenish(seat)  # R16
            if self._check_end():
                return
        self._go_on_or_pass(seat)  # R7

    def _miss(self, seat: int, action: Ask) -> None:
        self.events.append(WentFishing(seat, action.target, not self.pond))
        if not self.pond:  # R8: nothing to draw, the turn passes
            self._begin_turn_from(seat + 1)
            return
        card = self.pond.pop(0)
        self.hands[seat].append(card)
        self.events.append(Drew(seat, "fish", card))
        lucky = self.rules.lucky_draw and card.rank == action.rank
        if action.suit is not None:
            lucky = lucky and card.suit == action.suit
        if lucky:
            self.events.append(LuckyDraw(seat, card))
        self._lay_books(seat, [card.rank])
        if self._check_end():
            return
        if self.rules.refill in ("hand", "card"):
            self._refill(seat)  # R11
            if self._check_end():
                return
        elif self.rules.refill == "turn" and lucky and not self.hands[seat]:
            self._replenish(seat)  # R16
            if self._check_end():
                return
        if lucky:
            self._go_on_or_pass(seat)
        else:
            self._begin_turn_from(seat + 1)

    # ----------------------------------------------------------------- card moves

    def _lay_books(self, seat: int, ranks: list[Rank]) -> None:
        """R3: lay every complete book among ``ranks``, in rank order."""
        for rank in sorted(ranks):
            while True:
                of_rank = [c for c in self.hands[seat] if c.rank == rank]
                if len(of_rank) < self.rules.book_size:
                    break
                laid = tuple(sorted(of_rank[: self.rules.book_size]))  # the first to arrive
                for card in laid:
                    self.hands[seat].remove(card)
                self.books[seat].append(rank)
                self.events.append(BookLaid(seat, rank, laid))

    def _draw(self, seat: int, count: int) -> list[Card]:
        drawn, self.pond = self.pond[:count], self.pond[count:]
        self.hands[seat].extend(drawn)
        return drawn

    def _refill(self, seat: int) -> None:
        """R11 (or one card under refill: card), repeated while a refill empties the hand."""
        size = self.hand_size if self.rules.refill == "hand" else 1
        while not self.hands[seat] and self.pond and self.winners is None:
            drawn = self._draw(seat, size)
            self.events.append(Refilled(seat, len(drawn), tuple(drawn)))
            self._lay_books(seat, sorted({c.rank for c in drawn}))
            self._check_end()

    def _replenish(self, seat: int) -> None:
        """R16: draw one card, or leave play on a dry pond."""
        if self.pond:
            self.events.append(Drew(seat, "replenish", self._draw(seat, 1)[0]))
        else:
            self._leave(seat)

    def _leave(self, seat: int) -> None:
        self.in_play[seat] = False
        self.events.append(LeftPlay(seat))

    # ------------------------------------------------------------------ turn order

    def _can_ask(self, seat: int) -> bool:
        others = any(self.hands[t] for t in range(self.players) if t != seat)
        return self.in_play[seat] and bool(self.hands[seat]) and others

    def _go_on_or_pass(self, seat: int) -> None:
        if self._can_ask(seat):
            return
        if not self.in_play[seat]:  # R16: the LeftPlay event already told the table
            self._begin_turn_from(seat + 1)
        elif self.hands[seat]:  # R9: every opponent's hand is empty
            self._begin_turn_from(seat + 1, (seat, "nobody_to_ask"))
        else:  # R13: an empty hand at a dry pond
            self._begin_turn_from(seat + 1, (seat, "no_cards"))

    def _begin_turn_from(self, start: int, why: tuple[int, str] | None = None) -> None:
        """R9, R13, R15: the next seat that can ask gets the turn; others are passed over.

        ``why``: the asker who could not go on and the reason, told on the first pass."""
        skipped: list[int] = []
        for step in range(2 * self.players):
            seat = (start + step) % self.players
            if not self.in_play[seat]:
                continue
            if self.rules.refill == "turn" and not self.hands[seat]:
                self.events.append(TurnPassed(seat, tuple(skipped), *(why or (None, None))))
                skipped, why = [], None
                if self.pond:  # R15: draw one card and ask for its rank
                    card = self._draw(seat, 1)[0]
                    self.events.append(Drew(seat, "empty_hand", card))
                    self._lay_books(seat, [card.rank])
                else:
                    self._leave(seat)
                if self._check_end():
                    return
                if self._can_ask(seat):
                    self.current = seat
                    return
                if self.in_play[seat]:
                    skipped.append(seat)
                continue
            if self._can_ask(seat):
                self.current = seat
                self.events.append(TurnPassed(seat, tuple(skipped), *(why or (None, None))))
                return
            skipped.append(seat)
        self._finish()

    # ----------------------------------------------------------------------- end

    def _check_end(self) -> bool:
        """R14/R17: every book is down; R19: any hand or the pond is empty."""
        if self.winners is not None:
            return True
        if self.rules.end == "all-books":
            done = sum(map(len, self.books)) == 52 // self.rules.book_size
        else:
            done = not self.pond or any(not hand for hand in self.hands)
        if done:
            self._finish()
        return done

    def _finish(self) -> None:
        counts = tuple(len(b) for b in self.books)
        self.winners = tuple(p for p, c in enumerate(counts) if c == max(counts))  # R10
        self.current = None
        self.events.append(GameOver(self.winners, counts))

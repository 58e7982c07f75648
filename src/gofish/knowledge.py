"""What the table has revealed: public card counting from one seat's view.

Seed 000 calls counting "the whole strategy of the game". From the public
history alone (asks, hand-overs, go fish answers, shown draws, books) this
tracks, per player and rank, the fewest cards that player is known to hold and
whether they are known to hold none. The coach panels and the ``counter`` bot
use it. It reads only a ``View``, so it cannot know more than the viewer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from gofish.core import (
    RANKS,
    Ask,
    Asked,
    BookLaid,
    Card,
    Dealt,
    Drew,
    Event,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    MalformedInputError,
    Rank,
    Refilled,
    View,
    WentFishing,
)
from gofish.core.cards import cards_of_rank
from gofish.core.events import announced_miss
from gofish.core.rules import MAX_PLAYERS, MIN_PLAYERS

CARDS_PER_RANK = 4
#: ``Tracker.fresh`` value for a rank a seat was never known to lack.
NEVER_DENIED = 99


@dataclass(frozen=True)
class RankRow:
    """One line of the coach panel."""

    rank: Rank
    mine: int
    known: tuple[int, ...]  # per seat: fewest cards known held (the viewer's: exact)
    known_none: tuple[bool, ...]  # per seat: known to hold none right now
    booked: int  # cards of this rank already in books
    unaccounted: int  # in the pond or unknown hands


def reads_on(history: Sequence[Event], seen: int, last_read: object) -> bool:
    """Whether ``history`` goes on from the one read so far, whose ``seen`` events ended in
    ``last_read``: that very object at its place. The views of one game share their event
    objects, but the same deal played again opens with equal ones, and a copy of the game
    shares its first ones, then goes its own way."""
    return len(history) >= seen and (seen == 0 or history[seen - 1] is last_read)


def _whose(viewer: int | None, players: int) -> str:
    """A view's place at its table, in words: "seat 1 of 3", or "a spectator of 3" (viewer
    None), not "seat None of 3"."""
    return f"a spectator of {players}" if viewer is None else f"seat {viewer} of {players}"


class Tracker:
    """Public knowledge, updated event by event (events already redacted for the viewer).

    One Tracker follows one game: ``update`` refuses the view of any other (another deal,
    the same deal played again, a copy of the game that went its own way) with a
    MalformedInputError. A copy that did not (``copy.deepcopy``, a pickle, ``clone``) is
    the same game, and is read on.
    """

    def __init__(self, num_players: int, viewer: int | None, book_size: int = 4) -> None:
        _check_table(num_players, viewer, book_size)
        self.num_players = num_players
        self.viewer = viewer
        self.book_size = book_size
        self.seen = 0
        # known[seat][rank value]: the fewest cards of that rank the seat is known to hold.
        self.known = [[0] * 14 for _ in range(num_players)]
        # none[seat][rank value]: the seat is known to hold no card of that rank.
        self.none = [[False] * 14 for _ in range(num_players)]
        # fresh[seat][rank value]: cards nobody saw that reached the seat since it was last
        # known to hold none of that rank; only those can be of that rank (NEVER_DENIED: never).
        self.fresh = [[NEVER_DENIED] * 14 for _ in range(num_players)]
        self.booked = [0] * 14
        self.asked_last: dict[Rank, int] = {}
        self._rank_mode = True  # False while reading an ask under ask: card
        # The history read (its first ``seen`` events), and the last of them as an object:
        # the next view of the same game holds that very object at its place.
        self._read: Sequence[Event] = ()
        self._last_read: Event | None = None
        self._last_ask_rank: Rank | None = None
        # Under ask: card, the cards named in public (CardWhereabouts), read with the rest;
        # None under rank asks. Read here, event by event, not again from the whole history
        # at each of a bot's decisions.
        self.cards: CardWhereabouts | None = None

    def update(self, view: View) -> Tracker:
        """Read the events of ``view.history`` not read yet."""
        check_view(view, "Tracker.update")
        if (view.num_players, view.viewer) != (self.num_players, self.viewer):
            raise MalformedInputError(
                f"this Tracker counts for {_whose(self.viewer, self.num_players)}, and was "
                f"given the view of {_whose(view.viewer, view.num_players)}")
        if view.rules.book_size != self.book_size:
            # Read with the wrong size, one pair went down as a whole rank: every seat was
            # marked as holding none of it, and an observation said so.
            raise MalformedInputError(
                f"this Tracker counts books of {self.book_size}, and was given the view of a "
                f"game with books of {view.rules.book_size}: make it with "
                f"Tracker(players, seat, {view.rules.book_size}), the view's rules.book_size")
        history = view.history
        self._check_same_game(history)
        cards = self._cards_for(view)
        for event in history[self.seen :]:
            self.apply(event)
            if cards is not None:
                cards.apply(event)
        self.seen = len(history)
        self._read = history
        self._last_read = history[-1] if history else None
        for seat, size in enumerate(view.hand_sizes):
            if size == 0:
                self._clear(seat, known_none=True)
            elif sum(self.known[seat]) >= size:
                # Every card of this hand is accounted for: it holds no other rank.
                self.none[seat] = [count == 0 for count in self.known[seat]]
                self.fresh[seat] = [0] * 14
        return self

    def holds_none(self, seat: int, rank: int) -> bool:
        """Whether ``seat`` is known to hold no card of ``rank``. A rank all in books is in
        no hand (R3), although ``none`` forgets that once the seat draws a card nobody saw
        (the bots' sampling reads ``none`` as it is, so it is not changed there)."""
        return self.none[seat][rank] or self.booked[rank] >= CARDS_PER_RANK

    def _cards_for(self, view: View) -> CardWhereabouts | None:
        """``cards``, made at the first view under ``ask: card`` and caught up with the
        events read before it, if any."""
        if view.rules.ask != "card":
            return None
        if self.cards is None:
            self.cards = CardWhereabouts(view.rules.lucky_draw)
            for event in view.history[: self.seen]:
                self.cards.apply(event)
        return self.cards

    def _check_same_game(self, history: Sequence[Event]) -> None:
        """Refuse the view of another game: a Tracker kept from the last game read a new
        one's shorter history as nothing new and went on with the old game's counts, and
        one kept across a replay of the deal (or a copy of the game gone its own way) read
        on from the wrong game's events."""
        if reads_on(history, self.seen, self._last_read):
            return  # the same game's next view, at the cost of one look
        if len(history) >= self.seen and tuple(history[: self.seen]) == tuple(
                self._read[: self.seen]):
            return  # a copy of the game (deep copy, pickle): equal events, other objects
        raise MalformedInputError(
            "this Tracker has read another game (this view's history does not go on from "
            "the events it read: another deal, the deal played again, or a copy of the game "
            "gone its own way): make a new Tracker for each game")

    def apply(self, event: Event) -> None:
        if isinstance(event, Asked):
            self._last_ask_rank = event.rank
            self._rank_mode = event.suit is None
        handler = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            handler(event)

    # -- event handlers -------------------------------------------------------
    def _on_dealt(self, e: Dealt) -> None:
        self._unknown_cards_arrived(e.player, e.count)

    def _on_asked(self, e: Asked) -> None:
        row = self.known[e.player]
        row[e.rank] = max(row[e.rank], 1)  # R5: the asker holds at least one
        self.none[e.player][e.rank] = False
        self.asked_last[e.rank] = e.player

    def _on_handed_over(self, e: HandedOver) -> None:
        self.known[e.receiver][e.rank] += e.count
        giver = self.known[e.giver]
        giver[e.rank] = max(0, giver[e.rank] - e.count)
        if e.count and self._rank_mode:
            giver[e.rank] = 0
            self._mark_none(e.giver, e.rank)  # R6: surrender is total

    def _on_went_fishing(self, e: WentFishing) -> None:
        rank = self._last_ask_rank
        if rank is not None and self._rank_mode:
            self.known[e.target][rank] = 0
            self._mark_none(e.target, rank)

    def _on_drew(self, e: Drew) -> None:
        self._unknown_cards_arrived(e.player, 1)

    def _on_lucky_draw(self, e: LuckyDraw) -> None:
        self.known[e.player][e.card.rank] += 1
        self.none[e.player][e.card.rank] = False

    def _on_book_laid(self, e: BookLaid) -> None:
        row = self.known[e.player]
        row[e.rank] = max(0, row[e.rank] - self.book_size)
        self.booked[e.rank] += self.book_size
        if self.booked[e.rank] >= CARDS_PER_RANK:
            for seat in range(self.num_players):
                self.known[seat][e.rank] = 0
                self._mark_none(seat, e.rank)

    def _on_refilled(self, e: Refilled) -> None:
        self._unknown_cards_arrived(e.player, e.count)

    def _on_left_play(self, e: LeftPlay) -> None:
        self._clear(e.player, known_none=True)

    # -- helpers ----------------------------------------------------------------
    def _unknown_cards_arrived(self, seat: int, count: int) -> None:
        # A card nobody saw may be of any rank, so "holds none" is no longer certain.
        self.none[seat] = [False] * 14
        self.fresh[seat] = [min(NEVER_DENIED, n + count) for n in self.fresh[seat]]

    def _mark_none(self, seat: int, rank: Rank) -> None:
        self.none[seat][rank] = True
        self.fresh[seat][rank] = 0

    def _clear(self, seat: int, *, known_none: bool) -> None:
        self.known[seat] = [0] * 14
        self.none[seat] = [known_none] * 14
        if known_none:
            self.fresh[seat] = [0] * 14


def _check_table(num_players: object, viewer: object, book_size: object) -> None:
    """MalformedInputError unless a Tracker can count for these (a seat off the table was
    taken, and "2" players failed as a TypeError)."""
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise MalformedInputError(f"a Tracker needs the number of players, not {num_players!r}")
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:  # no game seats 6: a seat 5 never moves
        raise MalformedInputError(f"a Tracker counts for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                  f"players, as every rule set takes, not {num_players}")
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < num_players):
        raise MalformedInputError(f"a Tracker's viewer is a seat from 0 to {num_players - 1} "
                                  f"(or None: a spectator), not {viewer!r}")
    if book_size not in (2, CARDS_PER_RANK) or isinstance(book_size, bool):
        raise MalformedInputError(f"a Tracker's book_size is 2 or 4, not {book_size!r}")


#: ``CardWhereabouts.holder`` value for a card laid face up in a book.
LAID = -1


class CardWhereabouts:
    """Under ``ask: card``, which cards the table knows a seat does not hold.

    From public events only: a card handed over, shown on a lucky draw or laid is known to
    be where it went (a card leaves a hand only in public: handed over or laid); a seat
    that asked for a card (it must not hold it) or said "Go fish!" to one lacks it until
    a card nobody saw reaches it. A fish under the lucky draw that is not shown is not the
    card asked for (R8), so the asker still lacks that one. Read event by event with
    ``apply``; rank asks (``suit`` None) teach it nothing.
    """

    def __init__(self, lucky_draw: bool) -> None:
        self.lucky_draw = lucky_draw
        self.holder: dict[Card, int] = {}  # seat known to hold the card, or LAID
        self.lacks: dict[int, set[Card]] = {}  # per seat, since its last unseen card
        self._asked: Card | None = None  # the card of the ask being played
        self._asker = -1

    def known_absent(self, seat: int, card: Card) -> bool:
        """Whether the table knows ``seat`` does not hold ``card``."""
        holder = self.holder.get(card)
        if holder is not None:  # it moves only in public, so this is where it is
            return holder != seat
        return card in self.lacks.get(seat, ())

    def apply(self, event: Event) -> None:
        if isinstance(event, Asked):
            self._asked = None if event.suit is None else Card(event.rank, event.suit)
            self._asker = event.player
            self._lack(event.player)  # R5 under ask: card: the asker lacks that card
        elif isinstance(event, WentFishing):
            self._lack(event.target)
        elif isinstance(event, HandedOver):
            self._place(self._asked, event.receiver)
        elif isinstance(event, LuckyDraw):
            self._place(event.card, event.player)
        elif isinstance(event, BookLaid):
            for card in event.cards:
                self._place(card, LAID)
        elif isinstance(event, Drew):
            self._drew(event)
        elif isinstance(event, (Dealt, Refilled)):
            self.lacks[event.player] = set()  # cards nobody saw: any could be there

    def _lack(self, seat: int) -> None:
        if self._asked is not None:
            self.lacks.setdefault(seat, set()).add(self._asked)

    def _place(self, card: Card | None, where: int) -> None:
        if card is not None:
            self.holder[card] = where

    def _drew(self, event: Drew) -> None:
        """A card nobody else saw: it may be any card not placed, but a fish under the lucky
        draw that is not shown is not the card asked for (R8)."""
        asked = self._asked
        if (asked is not None and self.lucky_draw and event.reason == "fish"
                and event.player == self._asker):
            self.lacks[event.player] = {asked}
        else:
            self.lacks[event.player] = set()


def check_view(view: object, needed_by: str) -> None:
    """MalformedInputError unless ``view`` is a View, rather than an AttributeError from
    deep inside ``needed_by``."""
    if not isinstance(view, View):
        raise MalformedInputError(
            f"{needed_by} needs a seat's View (game.view(seat)), not {type(view).__name__}")


def check_turn(view: object, legal: object, *, every: bool = False) -> None:
    """MalformedInputError unless ``view`` is a View and ``legal`` the asks of a turn (a
    list or tuple of Ask, not empty): what every bot's ``choose`` is given. Only the
    first ask is looked at unless ``every``: this runs at every turn of every bot, and a
    stray entry further on is caught when a bot picks it (``bot_turn``)."""
    if (not every and isinstance(view, View) and view.viewer is not None
            and view.viewer == view.current_player
            and isinstance(legal, (tuple, list)) and legal and isinstance(legal[0], Ask)):
        return  # the engine's own turn, at a tenth of the cost of the checks below
    check_view(view, "choose")
    assert isinstance(view, View)  # for mypy: check_view refused anything else
    if view.viewer is None or view.viewer != view.current_player:
        # A spectator's view (or another seat's) was a bare AssertionError deep in emma,
        # expert and ismcts, and random and counter answered it without a word.
        whose = "a spectator's view" if view.viewer is None else f"seat {view.viewer}'s view"
        raise MalformedInputError(
            "choose needs the view of the seat to ask (game.view(game.current_player)), "
            f"not {whose}")
    if (not isinstance(legal, Sequence) or isinstance(legal, str) or not legal
            or not isinstance(legal[0], Ask)
            or (every and not all(isinstance(action, Ask) for action in legal))):
        raise MalformedInputError("choose needs the legal asks of a turn, a list of Ask "
                                  f"(game.legal_actions()), not {legal!r:.80}")


def live_asks(view: View, legal: Sequence[Ask]) -> Sequence[Ask]:
    """``legal`` less the asks for a card already laid face up in a book.

    Only pairs under ``ask: card`` leave such an ask legal (R5: the asker holds the
    rank, not that card) while nobody can hand the card over; a book of four is the
    whole rank. Every (opponent, rank) keeps an ask, since the fourth card of a rank
    is never laid while its third is held; if none were left, ``legal`` itself.
    Every bot's ``choose`` begins here, so here they refuse what is not a turn.
    """
    check_turn(view, legal)
    if view.rules.ask == "rank" or view.rules.book_size == CARDS_PER_RANK:
        return legal
    laid = {card for cards in view.laid for card in cards}
    if not laid:
        return legal
    live = [a for a in legal if a.suit is None or Card(a.rank, a.suit) not in laid]
    return live or legal


def on_table(view: View, rank: Rank) -> list[Card]:
    """The cards of ``rank`` laid face up in books, in the order hands are shown (C D H S)."""
    return [card for card in cards_of_rank(rank) if view.laid_by(card) is not None]


def laid_note(view: View, card: Card, names: Sequence[str]) -> str | None:
    """Why asking for ``card`` cannot succeed, if it lies face up in a book; else None.

    Said by the tables for people, which do not send such an ask (docs/rules.md,
    "Asking for a laid card"); it names the cards of the rank still worth asking for.
    """
    seat = view.laid_by(card)
    if seat is None:
        return None
    whose = "your" if seat == view.viewer else f"{names[seat]}'s"
    word = "pair" if view.rules.book_size == 2 else "book"
    mine = set(view.hand or ())
    down = on_table(view, card.rank)
    still = [c.pretty for c in cards_of_rank(card.rank) if c not in mine and c not in down]
    instead = f" Ask for the {' or the '.join(still)} instead." if still else ""
    return (f"The {card.pretty} is already on the table, in {whose} {word} of "
            f"{card.rank.plural}: nobody can hand it over.{instead}")


def track(view: View) -> Tracker:
    """A fresh tracker that has read the whole of ``view``'s history."""
    check_view(view, "track")
    return Tracker(view.num_players, view.viewer, view.rules.book_size).update(view)


def coach_rows(view: View, tracker: Tracker | None = None) -> list[RankRow]:
    """Per rank: my cards, what each opponent is known to hold, booked, unaccounted."""
    check_view(view, "coach_rows")
    tracker = tracker or track(view)
    held, none = _held_as_known(view, tracker)
    rows = []
    for rank in RANKS:
        known = tuple(held[seat][rank] for seat in range(view.num_players))
        booked = tracker.booked[rank]
        rows.append(
            RankRow(
                rank=rank,
                mine=held[view.viewer][rank] if view.viewer is not None else 0,
                known=known,
                known_none=tuple(none[seat][rank] for seat in range(view.num_players)),
                booked=booked,
                unaccounted=max(0, CARDS_PER_RANK - booked - sum(known)),
            )
        )
    return rows


def coach_rows_as_told(view: View, waiting_miss: tuple[int, Ask] | None) -> list[RankRow]:
    """``coach_rows`` of what the table was told. A miss whose draw waits for its player's
    pick from the sea (``waiting_miss``: that player and the ask) has been announced, so its
    target said "Go fish!" and holds none of the rank, though the game has not played it
    yet and the view lags behind."""
    if waiting_miss is not None:
        player, ask = waiting_miss
        told = (*view.history, *announced_miss(player, ask))
        view = dataclasses.replace(view, history=told)
    return coach_rows(view)


def _held_as_known(view: View, tracker: Tracker) -> tuple[list[list[int]], list[list[bool]]]:
    """Per seat and rank value: the fewest cards held as far as the viewer knows, and
    whether none is; the viewer's own counts are exact, and so is every seat's once the
    game is over: its hands are shown then (under nordic most still hold cards, R19)."""
    shown = view.hands_at_end
    held = [list(row) for row in tracker.known]
    none = [[tracker.holds_none(seat, rank) for rank in range(14)]
            for seat in range(view.num_players)]
    for seat in range(view.num_players):
        hand = view.hand if seat == view.viewer else shown[seat] if shown else None
        if hand is None:
            continue
        held[seat] = [0] * 14
        for card in hand:
            held[seat][card.rank] += 1
        if shown:
            none[seat] = [count == 0 for count in held[seat]]
    return held, none

"""The game itself: dealing, asking, fishing, books, refills and the end (R1–R19).

A ``Game`` holds the whole truth, hidden cards included. Players, bots and
clients are given only ``game.view(player)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from gofish.core.actions import RANK_ASKS, Ask
from gofish.core.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    Card,
    Rank,
    card_of,
    cards_of_rank,
    parse_deck,
    sorted_cards,
)
from gofish.core.errors import (
    GoFishError,
    IllegalActionError,
    MalformedInputError,
    short_repr,
    whole_number,
)
from gofish.core.events import (
    Asked,
    BookLaid,
    Dealt,
    Drew,
    Event,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)
from gofish.core.rules import MAX_PLAYERS, Rules, check_players, make_rules

if TYPE_CHECKING:
    from gofish.core.view import View


def new_game(
    rules: object = "classic",
    players: object = 2,
    seed: object = None,
    deck: Sequence[Card | str] | None = None,
    first_player: object = None,
) -> Game:
    """Shuffle (or take a stacked ``deck``), deal and lay dealt books: a game ready to play.

    ``rules`` is a preset name, a rules object or a ``Rules``; ``players`` 2 to 5;
    ``first_player`` a seat. With a ``seed`` (an int or a string) the whole game is
    reproducible; without one the shuffle and the starting player come from the
    operating system's secure random source. Wrong values, of any type, raise
    ``MalformedInputError``: parameters are typed ``object`` and checked here, so the
    mypyc-compiled core refuses them with the same error as the interpreted one.
    """
    seats = check_players(players)
    resolved = make_rules(rules).for_players(seats)
    rng: random.Random = random.SystemRandom() if seed is None else random.Random(_check_seed(seed))
    cards = shuffled_deck(rng) if deck is None else parse_deck(deck)
    if first_player is None:
        first = rng.randrange(seats)
    else:
        first = _check_first_player(first_player, seats)
    # Players, rules, deck and first player are checked by now: skip Game()'s own checks.
    game = Game(resolved, seats, cards, first, deal=False)
    game._events.extend(game._deal())
    return game


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The full deck shuffled exactly as ``rng.shuffle`` would, for the same draws.

    Fisher-Yates with the standard library's way of drawing an index below n
    (the fewest random bits that can hold n, redrawn while too big). Written out
    because it runs once per game and ``shuffle``'s per-card method calls are
    half its cost; it also keeps seeded deals fixed should Python change ``shuffle``.
    """
    cards = list(FULL_DECK)
    getrandbits = rng.getrandbits
    for last in range(len(cards) - 1, 0, -1):
        below = last + 1
        bits = below.bit_length()
        pick = getrandbits(bits)
        while pick >= below:
            pick = getrandbits(bits)
        cards[last], cards[pick] = cards[pick], cards[last]
    return cards


def _check_seed(seed: object) -> int | str:
    """The seed as ``random.Random`` takes it. A negative number is seeded as its text:
    Random seeds with the absolute value, so -5 dealt the game of 5."""
    if isinstance(seed, str):
        return seed
    number = whole_number(seed)
    if number is None:
        raise MalformedInputError(f"a seed must be a whole number or a string, not {seed!r}")
    return number if number >= 0 else str(number)


class Game:
    """One game of Go Fish under fixed rules. Drive it with :meth:`play`."""

    def __init__(
        self,
        rules: object,
        players: object,
        deck: Sequence[Card | str],
        first_player: object,
        *,
        deal: bool = True,
    ) -> None:
        """Deal ``deck`` (52 cards, in dealing order: ``Card`` objects or their text, as
        ``new_game`` takes them) under ``rules`` (anything ``make_rules`` takes) to
        ``players`` seats, ``first_player`` to ask first.

        Arguments are typed ``object`` and checked here, so that wrong ones get the
        same ``MalformedInputError`` whether or not the core is compiled by mypyc.
        """
        if not deal:  # a blank table from inside the core: new_game() deals it,
            # from_position(), clone() or unpickling fill it; every value is checked already
            self._set_up(cast(Rules, rules), cast(int, players), cast(int, first_player),
                         cast(tuple[Card, ...], tuple(deck)))
            return
        seats = check_players(players)
        resolved = make_rules(rules).for_players(seats)
        first = _check_first_player(first_player, seats)
        self._set_up(resolved, seats, first, _checked_deck(deck))
        self._events.extend(self._deal())

    def _set_up(
        self, rules: Rules, players: int, first_player: int, deck: tuple[Card, ...]
    ) -> None:
        """Every attribute of an empty table: no card dealt yet."""
        self.rules = rules
        self.num_players = players
        self.first_player = first_player
        self._deck: tuple[Card, ...] = deck
        # False for a from_position() game: it was never dealt, so no record can rebuild it.
        self._dealt = True
        # Rule flags read on every ask, cached as plain attributes for speed.
        self._book_size = rules.book_size
        self._rank_asks = rules.ask == "rank"
        self._lucky_draw = rules.lucky_draw
        self._refill_mode = rules.refill
        self._refills_at_once = rules.refill in ("hand", "card")
        self._all_books = rules.end == "all-books"
        self._total_books = rules.total_books
        # _hands[player][rank value] is the list of that player's cards of that rank.
        self._hands: list[list[list[Card]]] = [[[] for _ in range(14)] for _ in range(players)]
        self._sizes = [0] * players
        # Bit r of _held[player] is set while that player holds a card of rank r, kept up
        # to date with every card move so legal asks are a cached lookup by these bits.
        self._held = [0] * players
        self._books: list[list[Rank]] = [[] for _ in range(players)]
        # _laid[player]: the cards of that player's books, book by book in the order laid.
        self._laid: list[list[Card]] = [[] for _ in range(players)]
        self._books_laid = 0
        self._in_play = [True] * players
        self._pond: list[Card] = []  # the top of the pond is the END of this list
        self._events: list[Event] = []
        self._actions: list[tuple[int, Ask]] = []
        self._legal: tuple[Ask, ...] | None = None
        self._redacted: dict[int | None, list[Event]] = {}
        self.current_player: int | None = first_player
        self.winners: tuple[int, ...] | None = None

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the most books so far: the winners once the game is over (R10),
        and the ones a game stopped early is scored for."""
        counts = [len(b) for b in self._books]
        best = max(counts)
        return tuple(p for p, c in enumerate(counts) if c == best)

    @property
    def books(self) -> tuple[tuple[Rank, ...], ...]:
        """Each player's books, in the order they were laid."""
        return tuple(tuple(b) for b in self._books)

    @property
    def laid(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's laid cards (public: books go down face up), book by book in the
        order laid, ``book_size`` cards per book of :attr:`books`."""
        return tuple(tuple(cards) for cards in self._laid)

    @property
    def pond_size(self) -> int:
        return len(self._pond)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(self._sizes)

    @property
    def in_play(self) -> tuple[bool, ...]:
        """False for players who left play (bicycle, R15); they keep their books."""
        return tuple(self._in_play)

    @property
    def events(self) -> tuple[Event, ...]:
        """The full, unredacted history. Never hand this to a player: use :meth:`view`."""
        return tuple(self._events)

    @property
    def actions(self) -> tuple[tuple[int, Ask], ...]:
        """Every ask played so far, as ``(player, ask)``."""
        return tuple(self._actions)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck in dealing order (R2), as the game was set up."""
        return self._deck

    @property
    def recordable(self) -> bool:
        """False for a :meth:`from_position` game: never dealt, it has no record."""
        return self._dealt

    def hand(self, player: object) -> list[Card]:
        """A player's hand, sorted. The game knows every hand; players see only views."""
        seat = self._check_seat(player)
        return sorted_cards(card for cards in self._hands[seat] for card in cards)

    def pond(self) -> list[Card]:
        """The pond from the top down (hidden information)."""
        return self._pond[::-1]

    def legal_actions(self) -> tuple[Ask, ...]:
        """Every ask the player to act may make now; empty once the game is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def is_legal(self, action: object) -> bool:
        return action in self.legal_actions()

    def goes_fishing(self, action: object) -> bool:
        """Whether the legal ``action`` misses while the pond has cards, so its asker must
        fish (R8). It reads the target's hidden hand: for tables that stop at "Go fish!"
        and let the player pick the card. An ask that :meth:`play` would refuse is refused
        here in the same words: it has no answer (a seat past the table has no hand)."""
        player = self.current_player
        if player is None or not isinstance(action, Ask):
            raise self._unplayable(action)
        self._check_ask(player, action)
        if not self._pond:
            return False
        held = self._hands[action.target][action.rank]
        if action.suit is None:
            return not held
        return Card(action.rank, action.suit) not in held

    def view(self, player: object) -> View:
        """What seat ``player`` may know (``None``: a spectator). The only thing a bot or
        client gets."""
        from gofish.core.view import build_view  # late: view imports this module

        return build_view(self, None if player is None else self._check_seat(player))

    def to_record(self) -> dict[str, Any]:
        """This game as a portable record (see RULES.md, "Game records").

        A game set up by :meth:`from_position` has no deal to record: ``MalformedInputError``.
        """
        from gofish.core.record import game_to_record

        return game_to_record(self)

    # ----------------------------------------------------------------- playing

    def play(self, action: object) -> list[Event]:
        """Play ``action`` (an ``Ask``) for the player to act; return the events it caused."""
        player = self.current_player
        if player is None or not isinstance(action, Ask):
            raise self._unplayable(action)
        self._check_ask(player, action)
        events: list[Event] = [Asked(player, action.target, action.rank, action.suit)]
        if self._hands[action.target][action.rank] and (taken := self._take(player, action)):
            self._after_hit(player, action, taken, events)
        else:
            self._after_miss(player, action, events)
        self._actions.append((player, action))
        self._events.extend(events)
        self._legal = None
        return events

    def _unplayable(self, action: object) -> GoFishError:
        """Why ``action`` cannot be played, when the game is over or it is no Ask."""
        if self.current_player is None:
            return IllegalActionError("the game is over: no more asks can be made")
        return MalformedInputError(f"an action must be an Ask, not {action!r}")

    def _check_ask(self, player: int, action: Ask) -> None:
        # Ask() and Ask.of() check their values: target is a seat number 0-4, rank a Rank.
        target, rank = action.target, action.rank
        if target == player:
            raise IllegalActionError(f"player {player} cannot ask themselves")
        if target >= self.num_players:
            raise IllegalActionError(
                f"there is no player {target}: seats are 0 to {self.num_players - 1}"
            )
        if not self._sizes[target]:
            raise IllegalActionError(f"player {target} has no cards to ask for")
        held = self._hands[player][rank]
        if not held:
            raise IllegalActionError(f"player {player} does not hold any {rank.symbol}")
        if self._rank_asks:
            if action.suit is not None:
                raise IllegalActionError(
                    "ask for a rank only: suits are named only under ask: card"
                )
            return
        if action.suit is None:
            raise IllegalActionError("under ask: card you must name the suit as well as the rank")
        wanted = card_of(rank, action.suit)
        if wanted in held:
            raise IllegalActionError(
                f"player {player} already holds the {wanted} and cannot ask for it"
            )

    def _take(self, player: int, action: Ask) -> list[Card]:
        """Move the asked cards from target to asker (R6); return them."""
        target_cards = self._hands[action.target][action.rank]
        if self._rank_asks:
            taken = target_cards[:]
            target_cards.clear()
        else:
            wanted = card_of(action.rank, action.suit)  # type: ignore[arg-type]
            if wanted not in target_cards:
                return []
            target_cards.remove(wanted)
            taken = [wanted]
        if not target_cards:
            self._held[action.target] &= ~(1 << action.rank)
        self._sizes[action.target] -= len(taken)
        self._hands[player][action.rank].extend(taken)  # the asker holds this rank already
        self._sizes[player] += len(taken)
        return taken

    def _after_hit(self, player: int, action: Ask, taken: list[Card], events: list[Event]) -> None:
        events.append(HandedOver(action.target, player, action.rank, len(taken), tuple(taken)))
        self._lay_book_of(player, action.rank, events)
        if self._ended(events):
            return
        if self._refills_at_once:
            # R12: the player who surrendered refills first, then the asker.
            sizes = self._sizes
            if not sizes[action.target]:
                self._refill(action.target, events)
            if not sizes[player]:
                self._refill(player, events)
            if self._ended(events):
                return
        elif self._refill_mode == "turn" and not self._sizes[player]:
            self._replenish(player, events)  # R16
            if self._ended(events):
                return
        self._continue_or_pass(player, events)  # R7

    def _after_miss(self, player: int, action: Ask, events: list[Event]) -> None:
        pond = self._pond
        events.append(WentFishing(player, action.target, not pond))
        if not pond:
            self._pass_turn(player, events)  # R8: an empty pond simply passes the turn
            return
        card = pond.pop()
        self._hands[player][card.rank].append(card)
        self._held[player] |= 1 << card.rank
        self._sizes[player] += 1
        events.append(Drew(player, "fish", card))
        # R8: only the very rank (under ask: card, the very card) asked for is lucky.
        lucky = self._lucky_draw and card.rank is action.rank and (
            self._rank_asks or card.suit is action.suit
        )
        if lucky:
            events.append(LuckyDraw(player, card))
        self._lay_book_of(player, card.rank, events)
        if self._ended(events):
            return
        if self._refills_at_once:
            if not self._sizes[player]:
                self._refill(player, events)  # R11: at once, whoever's turn it is
            if self._ended(events):
                return
        elif self._refill_mode == "turn" and lucky and not self._sizes[player]:
            self._replenish(player, events)  # R16: the turn goes on, so draw one
            if self._ended(events):
                return
        if lucky:
            self._continue_or_pass(player, events)
        else:
            self._pass_turn(player, events)

    # ------------------------------------------------------------ card moves

    def _lay_books(self, player: int, ranks: Iterable[Rank], events: list[Event]) -> None:
        """Lay down every complete book among ``ranks`` (R3), in rank order."""
        hand = self._hands[player]
        size = self._book_size
        for rank in ranks:
            cards = hand[rank]
            while len(cards) >= size:
                # Under pairs, the two that arrived first go down, shown in suit order:
                # in arrival order they would tell which card was just drawn or handed over.
                # A whole rank is one tuple made once: laying must stay cheap for simulations.
                laid = (cards_of_rank(rank) if size == len(SUITS)
                        else tuple(sorted_cards(cards[:size])))
                del cards[:size]
                self._sizes[player] -= size
                self._books[player].append(rank)
                self._laid[player].extend(laid)
                self._books_laid += 1
                events.append(BookLaid(player, rank, laid))
            if not cards:
                self._held[player] &= ~(1 << rank)

    def _lay_book_of(self, player: int, rank: Rank, events: list[Event]) -> None:
        """R3 for the one rank that just changed in ``player``'s hand."""
        cards = self._hands[player][rank]
        if len(cards) >= self._book_size:
            self._lay_books(player, (rank,), events)

    def _draw(self, player: int, count: int) -> list[Card]:
        pond = self._pond
        drawn = pond[-count:][::-1]
        del pond[-count:]
        self._receive(player, drawn)
        return drawn

    def _receive(self, player: int, cards: Iterable[Card]) -> None:
        """Put drawn or dealt cards into ``player``'s hand."""
        hand = self._hands[player]
        held = self._held[player]
        count = 0
        for card in cards:
            hand[card.rank].append(card)
            held |= 1 << card.rank
            count += 1
        self._held[player] = held
        self._sizes[player] += count

    def _refill(self, player: int, events: list[Event]) -> None:
        """R11: an empty hand draws a full hand (or one card under refill: card) at once."""
        per_refill = self.rules.hand_size if self.rules.refill == "hand" else 1
        assert per_refill is not None
        while not self._sizes[player] and self._pond and not self.is_over:
            drawn = self._draw(player, per_refill)
            events.append(Refilled(player, len(drawn), tuple(drawn)))
            self._lay_books(player, sorted({card.rank for card in drawn}), events)
            self._ended(events)

    def _replenish(self, player: int, events: list[Event]) -> None:
        """R16: an asker whose book emptied their hand draws one card, or leaves play."""
        if self._pond:
            card = self._draw(player, 1)[0]
            events.append(Drew(player, "replenish", card))
        else:
            self._leave_play(player, events)

    def _leave_play(self, player: int, events: list[Event]) -> None:
        self._in_play[player] = False
        events.append(LeftPlay(player))

    # ------------------------------------------------------------ turn order

    def _can_ask(self, player: int) -> bool:
        """The player holds a card and at least one other player does too."""
        sizes = self._sizes
        return sizes[player] > 0 and len(sizes) - sizes.count(0) >= 2

    def _continue_or_pass(self, player: int, events: list[Event]) -> None:
        """R7: a hit or lucky draw keeps the turn, if the player can still ask."""
        if not self._in_play[player]:
            self._pass_turn(player, events)  # R16: its LeftPlay event says why
        elif not self._can_ask(player):
            # R9, R13: the table is told why a turn that R7 keeps ends all the same.
            reason = "nobody_to_ask" if self._sizes[player] else "no_cards"
            self._pass_turn(player, events, reason)

    def _pass_turn(self, player: int, events: list[Event], reason: str | None = None) -> None:
        """R9: the turn goes to the next seat that can ask; others are passed over."""
        seat = (player + 1) % self.num_players
        asker = None if reason is None else player
        if self._sizes[seat] and self._in_play[seat] and self._can_ask(seat):
            self.current_player = seat  # the usual case: the next seat simply asks
            events.append(TurnPassed(seat, (), asker, reason))
            return
        self._start_turn(seat, events, asker, reason)

    def _start_turn(self, seat: int, events: list[Event], asker: int | None = None,
                    reason: str | None = None) -> None:
        """R9, R13, R15: ``asker`` and ``reason`` go on the first TurnPassed only."""
        n = self.num_players
        skipped: list[int] = []
        for step in range(2 * n):
            candidate = (seat + step) % n
            if not self._in_play[candidate]:
                continue
            if not self._sizes[candidate] and self._refill_mode == "turn":
                events.append(TurnPassed(candidate, tuple(skipped), asker, reason))
                skipped, asker, reason = [], None, None
                self._draw_on_empty_turn(candidate, events)  # R15
                if self._ended(events):
                    return
                if self._in_play[candidate] and self._can_ask(candidate):
                    self.current_player = candidate
                    return
                if self._in_play[candidate]:
                    skipped.append(candidate)
                continue
            if self._can_ask(candidate):
                self.current_player = candidate
                events.append(TurnPassed(candidate, tuple(skipped), asker, reason))
                return
            skipped.append(candidate)  # R9, R13: dead hand or nobody to ask
        # Nobody can ask: only reachable when the game is already decided.
        self._finish(events)

    def _draw_on_empty_turn(self, player: int, events: list[Event]) -> None:
        if self._pond:
            card = self._draw(player, 1)[0]
            events.append(Drew(player, "empty_hand", card))
            self._lay_book_of(player, card.rank, events)
        else:
            self._leave_play(player, events)

    # ------------------------------------------------------------------- end

    def _ended(self, events: list[Event]) -> bool:
        """Check the end condition (R14, R17, R19); finish the game if it is met."""
        if self.winners is not None:
            return True
        if self._all_books:
            done = self._books_laid >= self._total_books
        else:
            done = not self._pond or 0 in self._sizes
        if done:
            self._finish(events)
        return done

    def _finish(self, events: list[Event]) -> None:
        counts = tuple(len(b) for b in self._books)
        self.winners = self.leaders  # R10
        self.current_player = None
        self._legal = ()
        events.append(GameOver(self.winners, counts))

    # ------------------------------------------------------------------ deal

    def _deal(self) -> list[Event]:
        """R2 deal, R4 dealt books then refills, then the first turn."""
        n, size = self.num_players, self.rules.hand_size
        assert size is not None
        dealt_count = n * size
        self._pond = list(self._deck[dealt_count:])[::-1]
        events: list[Event] = []
        order = [(self.first_player + i) % n for i in range(n)]
        for offset, player in enumerate(order):
            dealt = self._deck[offset:dealt_count:n]  # one card each in turn (R2)
            self._receive(player, dealt)
            events.append(Dealt(player, len(dealt), dealt))
        for player in order:
            hand = self._hands[player]
            books = [rank for rank in RANKS if len(hand[rank]) >= self._book_size]
            if books:
                self._lay_books(player, books, events)
        if self._ended(events):
            return events
        if self.rules.refill in ("hand", "card"):
            for player in order:
                self._refill(player, events)
            if self._ended(events):
                return events
        self._begin_first_turn(events)
        return events

    def _begin_first_turn(self, events: list[Event]) -> None:
        first = self.first_player
        needs_draw = not self._sizes[first] and self.rules.refill == "turn"
        if not needs_draw and self._can_ask(first):
            return
        self._start_turn(first, events)

    # --------------------------------------------------------------- helpers

    def _compute_legal(self) -> tuple[Ask, ...]:
        player = self.current_player
        if player is None:
            return ()
        sizes = self._sizes
        if self._rank_asks:
            targets = 0  # bit t: seat t may be asked
            for seat in range(self.num_players):
                if seat != player and sizes[seat]:
                    targets |= 1 << seat
            return _rank_asks_for(targets, self._held[player])
        hand = self._hands[player]
        held = [rank for rank in RANKS if hand[rank]]
        opponents = [t for t in range(self.num_players) if t != player and sizes[t]]
        return tuple(
            Ask.of(t, rank, suit)
            for t in opponents
            for rank in held
            for suit in SUITS
            if card_of(rank, suit) not in hand[rank]
        )

    def _check_seat(self, player: object) -> int:
        return _checked_seat(player, self.num_players)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.current_player} to ask"
        return (
            f"<Game {self.rules.preset} {self.num_players} players, {state}, "
            f"pond {len(self._pond)}, books {[len(b) for b in self._books]}>"
        )

    # ------------------------------------------------------- arbitrary positions

    @classmethod
    def from_position(
        cls,
        rules: object,
        players: object,
        hands: Sequence[Sequence[Card | str]],
        pond: Sequence[Card | str],
        books: Sequence[Sequence[Rank | str | int]],
        current_player: object,
        in_play: Sequence[object] | None = None,
    ) -> Game:
        """A game set up in any position, with no history (for search and analysis).

        ``pond`` is listed from the top down, as :meth:`pond` gives it. Every card
        not in a book must be in exactly one hand or the pond. ``in_play`` is one
        bool per seat (False: left play, R15). The position must be one the game
        goes on from (not over under R19) with ``current_player`` able to ask. Such
        a game was never dealt: its ``deck`` is only the cards of the position, and
        ``to_record`` refuses it. ``rules`` is anything ``make_rules`` takes. Books are
        given by rank, so under pairs the position does not say which two suits each
        pair holds: :attr:`laid` gives each book the rank's cards in no hand nor the
        pond, in the order hands are shown (C D H S), seat by seat. Cards and ranks may be
        written as text (``"10H"``, ``"Q"``), as ``Card.parse`` and ``Rank.parse`` read it.
        """
        seats = check_players(players)
        resolved = make_rules(rules).for_players(seats)
        to_ask = _checked_seat(current_player, seats)
        hands = _lists_per_seat(hands, "hands", "cards")
        books = _lists_per_seat(books, "books", "ranks")
        pond = _listed(pond, "pond must be a list of cards")
        if len(hands) != seats or len(books) != seats:
            raise MalformedInputError(f"a position needs one hand and one book list per player "
                                      f"({seats}), got {len(hands)} and {len(books)}")
        cards = _cards_of_position(hands, pond, books, resolved.book_size)
        seated = _checked_in_play(in_play, seats)
        game = cls(resolved, seats, cards, to_ask, deal=False)
        game._dealt = False
        for seat, hand in enumerate(hands):
            game._receive(seat, [Card.parse(card) for card in hand])
        game._books = [[Rank.parse(rank) for rank in seat_books] for seat_books in books]
        game._laid = _cards_of_books(game._books, cards, resolved.book_size)
        game._books_laid = sum(len(seat_books) for seat_books in books)
        game._in_play = seated
        game._pond = [Card.parse(card) for card in pond][::-1]
        game._check_goes_on(to_ask)
        return game

    def _check_goes_on(self, to_ask: int) -> None:
        """Refuse a set-up position that play could not have reached or cannot go on from."""
        for seat in range(self.num_players):
            if not self._in_play[seat] and self._sizes[seat]:
                raise MalformedInputError(
                    f"player {seat} is out of play but holds cards: "
                    "a player leaves play only with an empty hand (R15, R16)"
                )
            if not self._in_play[seat] and (self.rules.refill != "turn" or self._pond):
                raise MalformedInputError(
                    f"player {seat} is out of play, but a player leaves play only under "
                    "refill: turn, when the pond is empty (R15, R16)"
                )
            if self._refills_at_once and self._pond and not self._sizes[seat]:
                raise MalformedInputError(
                    f"player {seat}'s hand is empty while the pond has cards, and under "
                    f"refill: {self.rules.refill} it would already have drawn (R11)"
                )
        if not self._all_books:  # R19: the first empty pond or hand ends the game
            if not self._pond:
                raise MalformedInputError(
                    "the pond is empty, so under end: first-empty the game is already over (R19)"
                )
            if 0 in self._sizes:
                raise MalformedInputError(
                    f"player {self._sizes.index(0)}'s hand is empty, so under end: first-empty "
                    "the game is already over (R19)"
                )
        if not self._in_play[to_ask] or not self._can_ask(to_ask):
            raise MalformedInputError(f"player {to_ask} cannot ask in this position")

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle (``tournament --jobs``, deep copies) the same way compiled or not.

        The default would rebuild a mypyc-compiled ``Game`` by calling ``__init__``
        with no arguments; this rebuilds it from its rules, deck and position.
        """
        table = (self.rules, self.num_players, self._deck, self.first_player)
        position = (self._hands, self._sizes, self._held, self._books, self._laid,
                    self._books_laid, self._in_play, self._pond, self._events, self._actions,
                    self.current_player, self.winners, self._dealt)
        return (_unpickled_game, (table, position))

    def __copy__(self) -> Game:
        # The default shallow copy (through __reduce__) shared the hands and the pond with
        # this game: playing on the copy changed the original too.
        return self.clone()

    def clone(self) -> Game:
        """An independent copy of this game (history shared: events are never mutated)."""
        game = Game(self.rules, self.num_players, self._deck, self.first_player, deal=False)
        game._hands = [[cards[:] for cards in hand] for hand in self._hands]
        game._sizes = self._sizes[:]
        game._held = self._held[:]
        game._books = [seat_books[:] for seat_books in self._books]
        game._laid = [cards[:] for cards in self._laid]
        game._books_laid = self._books_laid
        game._in_play = self._in_play[:]
        game._pond = self._pond[:]
        game._events = self._events[:]
        game._actions = self._actions[:]
        game._legal = self._legal
        game._dealt = self._dealt
        game.current_player = self.current_player
        game.winners = self.winners
        return game


def _unpickled_game(table: tuple[Any, ...], position: tuple[Any, ...]) -> Game:
    """The game that ``Game.__reduce__`` took apart; caches start empty."""
    game = Game(*table, deal=False)
    (game._hands, game._sizes, game._held, game._books, game._laid, game._books_laid,
     game._in_play, game._pond, game._events, game._actions, game.current_player,
     game.winners, game._dealt) = position
    return game


# Legal rank asks by seats that may be asked and ranks held, both as bits, filled in as met.
# A list, not a dict: the same combinations recur game after game, and indexing 2 MB of
# slots beats hashing into a dict of that many int keys. Rank bits start at 1, hence held >> 1.
_LEGAL_RANK_ASKS: list[tuple[Ask, ...] | None] = [None] * (1 << (MAX_PLAYERS + 13))


def _rank_asks_for(targets: int, held: int) -> tuple[Ask, ...]:
    """Every rank ask of a player holding the ``held`` ranks to the ``targets`` seats, in order."""
    key = targets << 13 | held >> 1
    legal = _LEGAL_RANK_ASKS[key]
    if legal is None:
        legal = _LEGAL_RANK_ASKS[key] = tuple([
            RANK_ASKS[seat][rank]
            for seat in range(MAX_PLAYERS) if targets >> seat & 1
            for rank in RANKS if held >> rank & 1
        ])
    return legal


def _cards_of_books(
    books: list[list[Rank]], elsewhere: Iterable[Card], book_size: int
) -> list[list[Card]]:
    """Laid cards for a set-up position: per seat, per book, ``book_size`` cards of its rank
    from those not ``elsewhere`` (in a hand or the pond), in suit order."""
    held = set(elsewhere)
    left = {rank: sorted_cards(card_of(rank, suit) for suit in SUITS
                               if card_of(rank, suit) not in held)
            for rank in RANKS}
    laid: list[list[Card]] = []
    for seat_books in books:
        cards: list[Card] = []
        for rank in seat_books:
            cards.extend(left[rank][:book_size])
            del left[rank][:book_size]
        laid.append(cards)
    return laid


def _cards_of_position(hands: Sequence[Sequence[Card | str]], pond: Sequence[Card | str],
                      books: Sequence[Sequence[Rank | str | int]],
                      book_size: int) -> list[Card]:
    """The cards in hands and pond, refused unless with the books they make up the deck
    once and no hand holds a complete book."""
    cards = [Card.parse(card) for hand in hands for card in hand]
    cards.extend(Card.parse(card) for card in pond)
    if len(set(cards)) != len(cards):
        raise MalformedInputError("a position holds the same card twice")
    per_rank = [0] * 14
    for card in cards:
        per_rank[card.rank] += 1
    for seat_books in books:
        for rank in seat_books:
            per_rank[Rank.parse(rank)] += book_size
    wrong = [rank.symbol for rank in RANKS if per_rank[rank] != len(SUITS)]
    if wrong:
        raise MalformedInputError(
            f"cards and books do not make up the deck: wrong count of {', '.join(wrong)}"
        )
    for seat, hand in enumerate(hands):
        ranks = [Card.parse(card).rank for card in hand]
        full = sorted({r for r in ranks if ranks.count(r) >= book_size})
        if full:  # R3: a complete book is laid at once, it is never held
            raise MalformedInputError(
                f"player {seat} holds a complete book of {full[0].plural}, "
                "which would already be laid down"
            )
    return cards


def _checked_in_play(in_play: Sequence[object] | None, players: int) -> list[bool]:
    """One bool per seat, all True when not given; "no" or 0 would be a silent guess."""
    if in_play is None:
        return [True] * players
    in_play = _listed(in_play, "in_play must be a list of True or False per seat")
    if len(in_play) != players:
        raise MalformedInputError(
            f"in_play needs one entry per player ({players}), got {len(in_play)}"
        )
    seated: list[bool] = []
    for value in in_play:
        if not isinstance(value, bool):
            raise MalformedInputError(
                f"in_play must hold True or False per seat, not {short_repr(value)}")
        seated.append(value)
    return seated


def _listed(value: object, what: str) -> Sequence[Any]:
    """``value`` if it is a list or tuple; else MalformedInputError saying ``what`` it must be
    (None was a TypeError from deep inside, a string was read card by card)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise MalformedInputError(f"{what}, not {short_repr(value)}")
    return value


def _lists_per_seat(value: object, name: str, items: str) -> list[Sequence[Any]]:
    """``hands`` or ``books`` of a position: a list of one list of ``items`` per seat."""
    per_seat = _listed(value, f"{name} must be a list of one list of {items} per player")
    return [_listed(entry, f"{name}[{seat}] must be a list of {items}")
            for seat, entry in enumerate(per_seat)]


def _check_first_player(first_player: object, players: int) -> int:
    seat = _seat(first_player, players)
    if seat is None:
        raise MalformedInputError(
            f"first_player must be a seat from 0 to {players - 1}, not {short_repr(first_player)}"
        )
    return seat


def _checked_seat(player: object, players: int) -> int:
    seat = _seat(player, players)
    if seat is None:
        raise MalformedInputError(
            f"there is no player {short_repr(player)}: seats are 0 to {players - 1}")
    return seat


def _seat(value: object, players: int) -> int | None:
    """``value`` as a seat number below ``players``, else None: a whole number (numpy's int64
    too; not a bool, which mypyc would turn into 0 or 1)."""
    seat = whole_number(value)
    return seat if seat is not None and 0 <= seat < players else None


def _checked_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    """The deck as a tuple, validated; cheap when it already is 52 distinct cards."""
    if (
        isinstance(deck, (list, tuple))
        and len(deck) == 52
        and all(type(card) is Card for card in deck)
        and len(set(deck)) == 52
    ):
        return tuple(deck)
    return tuple(parse_deck(deck))

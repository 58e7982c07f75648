"""Events as plain sentences, from one seat's point of view.

Every interface (terminal, plain mode, browser log, replays) uses this, so a
game reads the same everywhere. It only ever receives events already redacted
for the viewer, so it cannot leak a card the viewer may not see.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from gofish.core import (
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
    Suit,
    TurnPassed,
    View,
    WentFishing,
)

# Lone surrogates: how Python keeps bytes that were not UTF-8 (in argv, piped input).
_SURROGATES = re.compile("[\ud800-\udfff]")
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def is_control(char: str) -> bool:
    """A control or format character (an escape, a newline, a right-to-left override), which
    a terminal acts on instead of showing; not the zero-width joiner of emoji such as 👩‍💻.
    The web's names follow the same rule."""
    return unicodedata.category(char) in ("Cc", "Cf") and char != "\u200d"


def shown(text: str) -> str:
    """``text`` for the terminal: each control character as U+FFFD (a hand-edited database
    may hold an escape sequence in a name, a bot's command a newline)."""
    return "".join("\ufffd" if is_control(char) else char for char in text)


def printable(text: str) -> str:
    """``text`` with each undecodable byte as U+FFFD, so it can be shown, saved and sent."""
    return _SURROGATES.sub("\ufffd", text)


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an s unless the count is one ("1 book", "2 books")."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def count_word(count: int) -> str:
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)


def listed(names: Sequence[str]) -> str:
    """Names as said aloud: "You", "You and Emma", "You, Emma and Emma 2"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def card_words(card: Card) -> str:
    return card.pretty


def hand_words(hand: Iterable[Card]) -> str:
    """A hand as the tables show it, grouped by rank: "3♣ 3♥, 7♦, Q♠", or "empty"."""
    groups: dict[Rank, list[str]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card.pretty)
    return ", ".join(" ".join(cards) for cards in groups.values()) or "empty"


def in_rank_order(ranks: Iterable[Rank]) -> tuple[Rank, ...]:
    """Ranks A to K, as a hand is read: how every table lists books, whatever the order
    they were laid in (a list in the order laid reads as if it were unsorted)."""
    return tuple(sorted(ranks))


def books_words(view: View, seat: int) -> str:
    """A seat's books by rank, A to K as a hand is read, not in the order laid ("" for
    none); under pairs with ask: card, with the suits laid, as those are the cards nobody
    can ask for any more."""
    ranks = view.books[seat]
    size = view.rules.book_size
    if view.rules.ask != "card" or size == 4:
        return " ".join(rank.symbol for rank in in_rank_order(ranks))
    laid = view.laid[seat]
    books = sorted(((rank, laid[i * size:(i + 1) * size]) for i, rank in enumerate(ranks)),
                   key=lambda book: book[0])  # stable: two pairs of a rank stay as laid
    return ", ".join(f"{rank.symbol} ({' '.join(c.pretty for c in cards)})"
                     for rank, cards in books)


def seat_line(view: View, seat: int, label: str) -> str:
    """What everyone sees of a seat: "Emma (player 1): 6 cards; books: 9 K." """
    books = books_words(view, seat) or "none"
    out = "" if view.in_play[seat] else ", out of play"
    return (f"{label}: {plural(view.hand_sizes[seat], 'card')}{out}; "
            f"{book_word(view.rules.book_size)}s: {books}.")


def pond_line(view: View) -> str:
    """The draw pile's size: "The pond: 28 cards." (the sea, in nordic)."""
    return f"The {pond_word(view.rules)}: {plural(view.pond_size, 'card')}."


def book_word(book_size: int) -> str:
    """What a laid set is called: a "pair" under the pairs house rule, else a "book"."""
    return "pair" if book_size == 2 else "book"


def laid_word(book_size: int) -> str:
    """The coach's word for the cards of a rank laid down: "booked", or "paired"."""
    return book_word(book_size) + "ed"


def pond_word(rules: Rules) -> str:
    """The draw pile's name: the "sea" of Hopp i havet (nordic), else the "pond"."""
    return "sea" if rules.preset == "nordic" else "pond"


class Narrator:
    """Turns events into sentences for ``viewer`` (None: a spectator).

    Give it the game's ``rules`` so that its words are the table's: a "pair" under the
    pairs house rule, and the "sea" of nordic, whatever house rules are added (a sea that
    ran dry passes the turn or puts a player out of play only under ``end: all-books``).
    Without them it speaks of the classic game: books and the "pond"."""

    def __init__(self, names: Sequence[str], viewer: int | None, rules: Rules | None = None
                 ) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.book_word = book_word(rules.book_size if rules is not None else 4)
        self.pond_word = pond_word(rules) if rules is not None else "pond"
        # What a lucky draw matched (R8): the rank asked for, or under ``ask: card`` the card.
        self.wish = "card" if rules is not None and rules.ask == "card" else "rank"

    # -- grammar helpers ---------------------------------------------------
    def who(self, seat: int, *, capital: bool = True) -> str:
        if seat == self.viewer:
            return "You" if capital else "you"
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat}"

    def verb(self, seat: int, plain: str, third: str | None = None) -> str:
        """``ask``/``asks`` depending on whether the subject is the viewer."""
        if seat == self.viewer:
            return plain
        return third if third is not None else plain + "s"

    def turn(self, seat: int) -> str:
        """Whose turn it is: "Your turn.", "Emma's turn."."""
        return "Your turn." if seat == self.viewer else f"{self.who(seat)}'s turn."

    def ending(self, view: View) -> str | None:
        """Why the game ended, as the table saw it (None while it goes on).

        All-books games end with the last book (R14, R17); a first-empty game
        (nordic, R19) ends at the first empty hand or an empty sea, and players
        want to know which it was.
        """
        if not view.is_over:
            return None
        total = view.rules.total_books
        if view.rules.end != "first-empty" or sum(len(b) for b in view.books) >= total:
            return f"All {total} {self.book_word}s are down."
        pond = pond_word(view.rules)
        empty = [self.who(seat, capital=False) for seat, size in enumerate(view.hand_sizes)
                 if size == 0]
        reasons = []
        if empty:
            reasons.append(f"{listed(empty)} ran out of cards")
        if view.pond_size == 0:  # (a deal of the whole deck is refused: Rules.check)
            reasons.append(f"the {pond} ran dry")
        said = " and ".join(reasons) or "the game is over"
        return said[0].upper() + said[1:] + "."

    def held_at_end(self, view: View, *, own_hand: bool = False) -> list[str]:
        """What each opponent still held once the game is over ("Emma held 7♥ K♠."), for
        the seats that held anything: under nordic most do (R19). None of it is secret then.
        ``own_hand``: the viewer's too, where no hand of theirs stays in view (line mode)."""
        hands = view.hands_at_end or ()
        return [f"{self.who(seat)} held {' '.join(card_words(card) for card in hands[seat])}."
                for seat in range(len(hands))
                if (own_hand or seat != self.viewer) and hands[seat]]

    def headline(self, view: View) -> str:
        """Who won, in a few words (R10: every player with the most books wins)."""
        winners = view.winners or ()
        if not winners:
            return "The game is not over yet."
        books = plural(len(view.books[winners[0]]), self.book_word)
        why = self.ending(view)
        if len(winners) == 1:
            return f"{why} {self.who(winners[0])} {self.verb(winners[0], 'win')} with {books}!"
        # Mid-sentence, so "you" stays in lower case.
        who_all = [self.who(seat, capital=False) for seat in winners]
        return f"{why} A shared win for {listed(who_all)}, with {books} each!"

    def tell(self, events: Iterable[Event], view: View, *, own_hand: bool = False
             ) -> list[tuple[Event, str]]:
        """Events already redacted for the viewer, each with its sentence; after the game's
        end, the cards left in the other hands (``view``'s, shown at last), and with
        ``own_hand`` in the viewer's (see :meth:`held_at_end`)."""
        told: list[tuple[Event, str]] = []
        for event in events:
            told.append((event, self.describe(event)))
            if isinstance(event, GameOver):
                told += [(event, line) for line in self.held_at_end(view, own_hand=own_hand)]
        return told

    # -- sentences ----------------------------------------------------------
    def describe(self, event: Event) -> str:
        method = getattr(self, f"_on_{event.kind}", None)
        if method is None:
            return str(event)
        return str(method(event))

    def _on_dealt(self, e: Dealt) -> str:
        dealt = f"{count_word(e.count)} card{'s' if e.count != 1 else ''}"
        if e.cards is not None and e.player == self.viewer:
            shown = " ".join(card_words(c) for c in sorted(e.cards))
            return f"You are dealt {dealt}: {shown}."
        return f"{self.who(e.player)} {self.verb(e.player, 'are', 'is')} dealt {dealt}."

    def _on_asked(self, e: Asked) -> str:
        wanted = _wanted(e.rank, e.suit)
        target = self.who(e.target, capital=False)
        return f"{self.who(e.player)} {self.verb(e.player, 'ask')} {target} for {wanted}."

    def _on_handed_over(self, e: HandedOver) -> str:
        giver = self.who(e.giver)
        what = f"{count_word(e.count)}"
        if e.cards is not None and (self.viewer in (e.giver, e.receiver)):
            # In hand order (as the hand shows them), not the order the giver got them in.
            what += ": " + " ".join(card_words(c) for c in sorted(e.cards))
        return f"{giver} {self.verb(e.giver, 'hand')} over {what}."

    def _on_went_fishing(self, e: WentFishing) -> str:
        target = self.who(e.target)
        said = f'{target} {self.verb(e.target, "say")}: "Go fish!"'
        if e.pond_empty:
            return said + f" The {self.pond_word} is empty, so the turn passes."
        return said

    def _on_drew(self, e: Drew) -> str:
        who = self.who(e.player)
        drawn = "a card" if e.card is None else f"the {card_words(e.card)}"
        if e.reason not in ("empty_hand", "replenish"):  # a fish: from the sea, in nordic
            return f"{who} {self.verb(e.player, 'draw')} {drawn} from the {self.pond_word}."
        if e.player == self.viewer:
            why = "into your" if e.reason == "empty_hand" else "to refill your"
            return f"You draw {drawn} {why} empty hand."
        # Named, not "into their empty hand": as for a refill (R15, R16).
        return f"{who}'s hand was empty: {who} draws {drawn}."

    def _on_lucky_draw(self, e: LuckyDraw) -> str:
        # No "so you go again": the lucky draw may lay the last book, empty the sea (R19)
        # or put its player out of play, and the events that say so come after this one.
        # When the turn does go on, the next line is that player's next ask.
        who = self.who(e.player)
        asked = "you" if e.player == self.viewer else who  # named, not "they"
        shows = self.verb(e.player, "show")
        return (f"{who} {shows} the {card_words(e.card)}: a lucky draw, "
                f"the {self.wish} {asked} asked for.")

    def _on_book_laid(self, e: BookLaid) -> str:
        laid = f"{self.verb(e.player, 'lay')} down a {self.book_word} of {e.rank.plural}"
        if self.book_word == "pair" and e.cards:  # which two of the four: the other pair is live
            laid += ": " + " ".join(card_words(card) for card in sorted(e.cards))
        return f"{self.who(e.player)} {laid}."

    def _on_refilled(self, e: Refilled) -> str:
        who = self.who(e.player)
        fresh = f"{count_word(e.count)} fresh card{'s' if e.count != 1 else ''}"
        if e.cards is not None and e.player == self.viewer:
            shown = " ".join(card_words(c) for c in sorted(e.cards))
            return f"Your hand was empty: you draw {fresh}: {shown}."
        return f"{who}'s hand was empty: {who} {self.verb(e.player, 'draw')} {fresh}."

    def _on_left_play(self, e: LeftPlay) -> str:
        who = self.who(e.player)
        has = self.verb(e.player, "have", "has")
        return f"{who} {has} no cards and the {self.pond_word} is dry: out of play."

    def _on_turn_passed(self, e: TurnPassed) -> str:
        skipped = "".join(
            f"{self.who(s)} {self.verb(s, 'are', 'is')} passed over. " for s in e.skipped
        )
        return self._why_the_turn_passed(e) + skipped + self.turn(e.player)

    def _why_the_turn_passed(self, e: TurnPassed) -> str:
        """Why a hit or a lucky draw did not keep the turn (R7, R8), or "" when it needs no
        word: without it the log would read as if the rules had been broken."""
        if e.asker is None:
            return ""
        if e.reason == "no_cards":  # R13
            has = self.verb(e.asker, "have", "has")
            return (f"{self.who(e.asker)} {has} no cards left and the {self.pond_word} "
                    "is dry, so the turn passes. ")
        if e.reason == "nobody_to_ask":  # R9
            holder = self.who(e.asker, capital=False)
            return f"No one but {holder} holds any cards, so the turn passes. "
        return ""

    def _on_game_over(self, e: GameOver) -> str:
        scores = ", ".join(
            # "Emma 2: 5", not "Emma 2 5": seat names may end in a number.
            f"{self.who(seat)}: {count}" for seat, count in enumerate(e.books)
        )
        tally = f"{self.book_word.capitalize()}s: {scores}."
        if len(e.winners) == 1:
            winner = e.winners[0]
            return f"Game over. {self.who(winner)} {self.verb(winner, 'win')}! {tally}"
        names = listed([self.who(w, capital=False) for w in e.winners])  # mid-sentence
        return f"Game over: a shared win for {names}. {tally}"


def _wanted(rank: Rank, suit: Suit | None) -> str:
    if suit is None:
        return rank.plural
    return f"the {rank.symbol}{suit.symbol}"


def describe(event: Event, viewer: int | None, names: Sequence[str],
             rules: Rules | None = None) -> str:
    """One event as a sentence for ``viewer`` (``rules``: see :class:`Narrator`)."""
    return Narrator(names, viewer, rules).describe(event)

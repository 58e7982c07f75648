"""The rules of a rule set in plain words, for help screens (RULES.md, said briefly)."""

from __future__ import annotations

from gofish.core import Rules
from gofish.core.rules import MIN_PLAYERS
from gofish.narrate import book_word, pond_word


def _introduction(rules: Rules) -> str:
    """The rule set's opening line; the deal and the end are left out where house rules
    change them (the lines below say those)."""
    if rules.preset == "nordic":
        deal = ": 7 cards each" if rules.hand_size is None else ""
        return f'Hopp i havet ("jump in the sea", Norway\'s "Go fish!"), the Nordic game{deal}.'
    if rules.preset == "bicycle":
        book = book_word(rules.book_size)
        end = f", played until every {book} is down" if rules.end == "all-books" else ""
        return f"Go Fish for 2 to 5 players{end}."
    return "Classic Go Fish, the game of the computer opponent Emma."


def _turn(rules: Rules) -> str:
    """How an ask goes (R5-R8), as the house rules have it: no sentence here contradicts
    the house-rule lines that follow it."""
    pond = pond_word(rules)
    if rules.ask == "card":
        # The card, not the suit, must be missing: holding the 5H does not stop an ask
        # for the 9H (R5 under ask: card).
        ask = "Ask an opponent for a card you do not hold, of a rank you hold."
        hit = "If they have it, they hand it over and you ask again."
        wanted = "the very card you asked for"
    else:
        ask = "Ask an opponent for a rank you hold."
        hit = "If they have any, they hand over every one and you ask again."
        wanted = "the rank you asked for"
    ending = (f"; your turn ends unless you drew {wanted}" if rules.lucky_draw
              else " and your turn ends")
    miss = f'If not, they say "Go fish!" and you draw from the {pond}{ending}.'
    if rules.end != "first-empty":  # there, the game is over before a miss meets a dry pond
        miss += f" With the {pond} empty, a miss just passes the turn."  # R8
    if rules.book_size == 2:
        laid = "Two of a rank make a pair, laid down at once."
    else:
        laid = "Four of a rank make a book, laid down at once."
    return " ".join((ask, hit, miss, laid))


def _pile(rules: Rules) -> str:
    """What the pond (nordic: the sea) is, since the turn above sends a newcomer to it (R2)."""
    if rules.preset == "nordic":
        return "The cards left after the deal are spread face down: the sea."
    return "The cards left after the deal lie face down: the pond."


# R13 for a refill at once: with the pond dry an empty hand waits out the game, which goes
# on (no early finish, R14); said here, as the turn refill's text says its dry pond.
_DEAD_HAND = " With the pond dry, an empty hand is passed over until the game ends."

_REFILL_TEXT = {
    "hand": ("When a hand runs empty it is refilled at once with a full hand from the pond."
             + _DEAD_HAND),
    # One card, not a hand built up card by card (docs/rules.md, "Single-card refill").
    "card": "When a hand runs empty it draws a single card from the pond at once." + _DEAD_HAND,
    "turn": (
        "A player whose turn starts with an empty hand draws one card and asks for "
        "that rank; with the pond dry they leave play, keeping their {books}. "
        "If a {book} empties their hand while their turn goes on, they draw one card "
        "and ask on, or leave play if the pond is dry."
    ),
}

_END_TEXT = {
    "all-books": "The game ends when the last book is laid.",
    "first-empty": "The game ends the moment any hand or the pond is empty, even mid-turn.",
}


def empty_hand_rule(rules: Rules) -> str:
    """What happens to an empty hand (R11, R15, R16, R18 and R19), in one place for the
    terminal's and the web page's help."""
    if rules.end == "first-empty":
        # R19 comes first: the empty hand has ended the game, whatever the refill option says.
        return "An empty hand ends the game at once, so nothing is drawn into it."
    if rules.refill not in _REFILL_TEXT:
        # Refill 'none' plays only under first-empty (above): this mix cannot be played,
        # which Rules.check says in its words (it was a KeyError: 'none').
        rules.check(MIN_PLAYERS)
    book = book_word(rules.book_size)
    return _REFILL_TEXT[rules.refill].replace("pond", pond_word(rules)).format(
        books=f"{book}s", book=book)


def ending_rule(rules: Rules) -> str:
    """When the game ends (R14, R17, R19)."""
    return _END_TEXT[rules.end].replace("pond", pond_word(rules)).replace(
        "last book", f"last {book_word(rules.book_size)}")


def winner_rule(rules: Rules, players: int) -> str:
    """Who wins (R10): a tie is told only where one can happen, since two players who
    play every book down split an odd number of them (13, with books of four)."""
    book = book_word(rules.book_size)
    books = rules.total_books
    if players == 2 and rules.end == "all-books" and books % 2:
        return f"Whoever has the most {book}s wins: {books} {book}s cannot split evenly."
    return f"Whoever has the most {book}s wins; a tie is a shared win."


def rules_paragraphs(rules: Rules, players: int) -> list[str]:
    """A few short paragraphs describing ``rules``, house rules included."""
    lines = [f"{_introduction(rules)} {_turn(rules)}"]
    if rules.hand_size is not None:
        cards = "card" if rules.hand_size == 1 else "cards"
        lines.append(f"Each player is dealt {rules.hand_size} {cards}.")
    lines.append(_pile(rules))
    if rules.book_size == 2:
        lines.append("House rule: pairs. Two of a rank make a pair (26 in the deck).")
    if rules.ask == "card":
        lines.append(
            "House rule: ask for a card. Name a card you do not hold, of a rank you hold; "
            "the opponent hands over that one card if they have it."
        )
    if not rules.lucky_draw:
        lines.append("House rule: no lucky draw. Every go fish ends your turn.")
    lines.append(empty_hand_rule(rules))
    lines.append(ending_rule(rules))
    lines.append(winner_rule(rules, players))
    return lines

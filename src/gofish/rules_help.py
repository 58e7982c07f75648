"""The rules of a rule set in plain words, for help screens (RULES.md, said briefly)."""

from __future__ import annotations

from gofish.core import Rules
from gofish.narrate import book_word, pond_word

_PRESET_TEXT = {
    "classic": (
        "Classic Go Fish, the game of the computer opponent Emma. Ask an opponent for a "
        "rank you hold. If they have any, they hand over every one and you ask again. If "
        "not, they say \"Go fish!\" and you draw from the pond; your turn ends unless you "
        "drew the rank you asked for. Four of a rank make a book, laid down at once."
    ),
    "bicycle": (
        "Go Fish for 2 to 5 players, played until every book is down. Ask an "
        "opponent for a rank you hold; a hit lets you ask again, a miss sends you "
        "fishing in the pond. Four of a rank make a book, laid down at once."
    ),
    "nordic": (
        "Hopp i havet, the Nordic game: 7 cards each. Ask an opponent for a rank "
        "you hold; a hit lets you ask again, a miss and you fish a random card "
        "from the sea. Four of a rank make a book, laid down at once."
    ),
}

_REFILL_TEXT = {
    "hand": "When a hand runs empty it is refilled at once with a full hand from the pond.",
    "card": "When a hand runs empty it draws one card at a time from the pond.",
    "turn": (
        "A player whose turn starts with an empty hand draws one card and asks for "
        "that rank; with the pond dry they leave play, keeping their books."
    ),
    "none": "An empty hand is never refilled.",
}

_END_TEXT = {
    "all-books": "The game ends when the last book is laid.",
    "first-empty": "The game ends the moment any hand or the pond is empty.",
}


def rules_paragraphs(rules: Rules) -> list[str]:
    """A few short paragraphs describing ``rules``, house rules included."""
    pond = pond_word(rules)
    book = book_word(rules.book_size).capitalize() + "s"
    preset = _PRESET_TEXT.get(rules.preset, _PRESET_TEXT["classic"])
    if not rules.lucky_draw:  # the house rule below would contradict the preset's text
        preset = preset.replace("; your turn ends unless you drew the rank you asked for",
                                " and your turn ends")
    if rules.hand_size is not None:  # the deal is said below: not "7 cards each" above it
        preset = preset.replace(": 7 cards each.", ".")
    if rules.end != "all-books":  # nor play to the last book, which the end rule stops short of
        preset = preset.replace(", played until every book is down", "")
    if rules.book_size == 2:  # nor the four of a rank the pairs rule replaces
        preset = preset.replace("Four of a rank make a book", "Two of a rank make a pair")
    lines = [preset]
    if rules.hand_size is not None:
        cards = "card" if rules.hand_size == 1 else "cards"
        lines.append(f"Each player is dealt {rules.hand_size} {cards}.")
    if rules.book_size == 2:
        lines.append("House rule: pairs. Two of a rank make a pair (26 in the deck).")
    if rules.ask == "card":
        lines.append(
            "House rule: ask for a card. Name a rank you hold and a suit you do not; "
            "the opponent hands over that one card if they have it."
        )
    if not rules.lucky_draw:
        lines.append("House rule: no lucky draw. Every go fish ends your turn.")
    lines.append(_REFILL_TEXT[rules.refill].replace("pond", pond))
    lines.append(_END_TEXT[rules.end].replace("pond", pond).replace(
        "last book", f"last {book_word(rules.book_size)}"))
    lines.append(f"{book} decide it: whoever has the most wins; a tie is a shared win.")
    return lines

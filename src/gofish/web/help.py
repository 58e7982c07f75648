"""The help page: the rules in force at this table, in plain words (RULES.md R1–R19)."""

from __future__ import annotations

from typing import Any

from gofish.core import Rules
from gofish.narrate import book_word, plural, pond_word
from gofish.rules_help import empty_hand_rule, ending_rule, winner_rule
from gofish.session import house_rule_names, rule_words

_PRESET_NAME = {
    "classic": "Classic Go Fish, as played against Emma.",
    "bicycle": "Go Fish for 2 to 5 players.",
    "nordic": "Hopp i havet (\"jump in the sea\", Norway's \"Go fish!\"), the Nordic game: "
              "the pond is the sea, a loose spread of face-down cards.",
}

#: How the preset refills empty hands and ends: said only where no house rule changes it.
_PRESET_WAY = {
    "classic": "Play until all the {book}s are down. An empty hand is refilled from the pond.",
    "bicycle": (
        "Play until every {book} is down. A player whose turn starts with an empty hand draws "
        "one card; with the pond dry they leave play, keeping their {book}s."
    ),
    "nordic": "The game ends the moment any hand or the sea is empty.",
}


def rules_help(rules: Rules, players: int) -> dict[str, Any]:
    """Sections of the help page for ``rules`` with ``players`` at the table."""
    resolved = rules.for_players(players)
    book = book_word(resolved.book_size)
    dealt = resolved.hand_size
    assert dealt is not None  # for_players fixes the deal for this many players
    pond = pond_word(resolved)  # Hopp i havet's table, log and intro all say "sea"
    by_rank = resolved.ask == "rank"
    asking = [
        "On your turn, ask one opponent who holds cards for a rank you hold at least one of."
        if by_rank
        else "On your turn, ask one opponent who holds cards for one card: name a rank "
        "you hold at least one of, and a suit of it you do not hold.",
        "They hand over every card of that rank, and you ask again."
        if by_rank
        else "If they hold that card they hand it over, and you ask again.",
        # Under ask: card "none" read as none of the rank, where the miss is that one card.
        f"If they hold none they say \"Go fish!\" and you draw from the {pond}."
        if by_rank
        else f"If not, they say \"Go fish!\" and you draw from the {pond}.",
        (
            ("If you draw a card of the rank you asked for" if by_rank
             else "If you draw the very card you asked for")
            + ", show it and ask again; any other card ends your turn."
        )
        if resolved.lucky_draw
        else "Whatever you draw, your turn ends (no lucky draw).",
    ]
    if resolved.end == "all-books":  # else an empty pond has ended the game (R19)
        asking.append(f"With an empty {pond} a miss simply passes the turn.")
    books = [
        f"A {book} is {resolved.book_size} cards of one rank. It is laid down the moment "
        "you hold it, even straight from the deal, and it counts one point.",
        empty_hand_rule(resolved),
    ]
    ending = [ending_rule(resolved), winner_rule(resolved, players)]
    return {
        "title": f"Rules: {resolved.preset}",
        "intro": _intro(resolved, players),
        "sections": [
            {"heading": "The deal", "paragraphs": [
                f"{players} players, {plural(dealt, 'card')} each from a 52-card deck. "
                f"The rest is the {pond}."]},
            {"heading": "Asking", "paragraphs": asking},
            {"heading": f"{book.capitalize()}s and empty hands", "paragraphs": books},
            {"heading": "The end", "paragraphs": ending},
            {"heading": "Playing here", "paragraphs": _playing_here(resolved, players)},
        ],
    }


def _intro(rules: Rules, players: int) -> str:
    """The preset in a line, then its way with empty hands and the end unless house rules
    change them (the intro of bicycle said a hand draws one card under refill: hand),
    then the house rules in words."""
    house = house_rule_names(rules, players)
    intro = _PRESET_NAME[rules.preset]
    if not {"refill", "end"} & set(house):
        intro += " " + _PRESET_WAY[rules.preset].format(book=book_word(rules.book_size))
    if house:
        words = rule_words(rules, players)
        intro += " House rules: " + ", ".join(words[name] for name in house) + "."
    return intro


def _playing_here(rules: Rules, players: int) -> list[str]:
    """The table's controls: only those this game has (no sea to click in a pond game)."""
    # "or tap": on a phone the rules page spoke of a mouse the player does not have.
    ask = "Click or tap a group of cards in your hand to ask for that rank"
    if players > 2:
        ask += " (the opponent too, in either order)"
    ask += "."
    if rules.ask == "card":
        ask += " Then choose the suit you want from the buttons shown."
    paragraphs = [
        ask,
        "Keyboard: Tab to a card group or an opponent and press Enter; or press a "
        "rank's key (A, 2 to 9, 0 or T for 10, J, Q, K). Esc clears a half-made "
        # NVDA and JAWS keep these keys for themselves in browse mode (quick navigation).
        "choice. With a screen reader, switch to focus mode (forms mode) for the letter "
        "and number keys; Tab and the buttons work in either mode.",
    ]
    if rules.preset == "nordic":  # the table spreads the sea out to fish from (session.py)
        paragraphs.append("When you must fish from the sea, click or tap any face-down card of "
                          "the sea (or press F).")
    paragraphs.append("The coach panel lists, per rank, what the table has revealed.")
    return paragraphs

"""The help screens' rules text (``gofish.rules_help``) says what the engine plays.

Each test plays the situation on a stacked deck and checks the sentence the help
shows for it, so a wrong sentence fails beside the behaviour it describes.
"""

from __future__ import annotations

import pytest

import gofish
from gofish import Asked, BookLaid, Drew, GameOver, Refilled, TurnPassed, WentFishing
from gofish.rules_help import rules_paragraphs

from .stacked import ask, card, cards, deal, rank
from .test_classic import DRY_POND_HANDS


def _help(preset: str, **options: object) -> str:
    return " ".join(rules_paragraphs(gofish.make_rules(preset, **options), 2))


@pytest.mark.parametrize("refill", ["hand", "card", "turn"])
def test_r19_under_first_empty_the_help_promises_no_draw_into_an_empty_hand(refill: str) -> None:
    # R19: the empty hand ends the game before any refill (classic with --end first-empty
    # said "When a hand runs empty it is refilled at once with a full hand").
    game = deal("classic", ["9 9 9", "9 K K"], pond="2 3 4", end="first-empty", refill=refill)
    events = ask(game, 1, "9")
    assert events[-2:] == [BookLaid(0, rank("9"), cards("9C 9D 9H 9S")), GameOver((0,), (1, 0))]
    assert not any(isinstance(event, (Refilled, Drew)) for event in events)
    text = _help("classic", end="first-empty", refill=refill)
    assert "An empty hand ends the game at once, so nothing is drawn into it." in text
    assert "refilled at once" not in text and "draws" not in text
    assert "The game ends the moment any hand or the pond is empty, even mid-turn." in text


def test_refill_card_help_says_one_card_once_not_one_card_at_a_time() -> None:
    # R11 with refill: card: the emptied hand draws exactly one card, and play goes on.
    game = deal("classic", ["9 9 9", "9 2 3"], pond="5 6 7", refill="card")
    events = ask(game, 1, "9")
    assert events[-1] == Refilled(0, 1, cards("5S"))
    assert game.hand_sizes[0] == 1 and game.current_player == 0  # one card, and asks on
    text = _help("classic", refill="card")
    assert "one card at a time" not in text
    assert "When a hand runs empty it draws a single card from the pond at once." in text


def test_r16_refill_turn_help_says_an_emptied_asker_draws_and_asks_on() -> None:
    game = deal("bicycle", ["9 9 9", "9 K K"], pond="5 6")
    events = ask(game, 1, "9")
    assert events[-1] == Drew(0, "replenish", card("5S"))
    assert game.current_player == 0  # R16: the turn goes on
    for preset, options in (("bicycle", {}), ("classic", {"refill": "turn"})):
        text = _help(preset, **options)
        assert ("If a book empties their hand while their turn goes on, they draw one card "
                "and ask on, or leave play if the pond is dry.") in text
    assert "If a pair empties their hand" in _help("bicycle", book_size=2)


def test_ask_card_help_says_the_card_not_the_suit_must_be_missing() -> None:
    # "a rank you hold, in a suit you do not" read as if holding any heart forbade asking
    # for the 9H; the engine asks only that you lack that one card (R5 under ask: card).
    game = deal("classic", ["9S 5H", "9H 2S"], ask="card")
    assert gofish.Ask.of(1, "9", "H") in game.legal_actions()
    assert ask(game, 1, "9", "H")[1] == gofish.HandedOver(1, 0, rank("9"), 1, cards("9H"))
    text = _help("classic", ask="card")
    assert "suit you do not" not in text
    assert "Ask an opponent for a card you do not hold, of a rank you hold." in text
    assert "Name a card you do not hold, of a rank you hold;" in text



@pytest.mark.parametrize("refill", ["hand", "card"])
def test_r13_r14_a_refill_at_once_help_says_a_dead_hand_is_passed_over_and_play_goes_on(
    refill: str,
) -> None:
    # The help told the refill and nothing of a dry pond, where an emptied hand draws
    # nothing: its player is passed over and the game goes on to the last book (R13, R14),
    # where nordic's ends at the first empty hand.
    game = deal("classic", DRY_POND_HANDS, refill=refill)  # every card dealt: no pond
    for wanted in ("A", "2", "3", "4"):
        ask(game, 3, wanted)
    assert ask(game, 1, "5")[-1] == TurnPassed(1, (), asker=0, reason="no_cards")
    ask(game, 3, "6")
    ask(game, 3, "6")
    assert ask(game, 2, "10")[-1] == TurnPassed(1, (0,))  # seat 0 is passed over …
    assert game.hand_sizes[0] == 0 and not game.is_over  # … and the game goes on
    text = _help("classic", refill=refill)
    assert "With the pond dry, an empty hand is passed over until the game ends." in text
    nordic = _help("nordic", refill=refill, end="all-books")  # nordic's pond is its sea
    assert "With the sea dry, an empty hand is passed over until the game ends." in nordic
    assert "passed over" not in _help("classic", refill=refill, end="first-empty")  # R19


def test_r8_the_help_says_a_miss_at_a_dry_pond_only_passes_the_turn() -> None:
    # R8: "With an empty pond a miss simply passes the turn." The help said "you draw from
    # the pond" and nothing of the pond being dry, which every long game reaches.
    game = deal("classic", DRY_POND_HANDS)  # every card dealt: no pond
    events = ask(game, 1, "A")
    assert events == [Asked(0, 1, rank("A")), WentFishing(0, 1, True), TurnPassed(1, ())]
    assert game.hand_sizes[0] == 13  # nothing drawn
    assert "With the pond empty, a miss just passes the turn." in _help("classic")
    nordic = _help("nordic", end="all-books", refill="turn")  # nordic's pond is its sea
    assert "With the sea empty, a miss just passes the turn." in nordic
    # Under first-empty the game is over before a miss meets a dry pond (R19).
    assert "a miss just passes" not in _help("classic", end="first-empty")

"""A hit keeps the turn (R7), so a turn that passes after one must say why, or the log
reads as a broken rule: "Emma hands over two: 5♥ 5♦. Emma's turn."

It passes when the asker has nobody left to ask (R9) or no cards left at a dry pond (R13).
"""

from __future__ import annotations

import io

from tests.core.stacked import ask, deal
from tests.core.test_classic import DRY_POND_HANDS

from gofish.core import Game, TurnPassed, make_rules
from gofish.narrate import Narrator
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def plain_lines(game: Game, preset: str, lines: list[str]) -> list[str]:
    """The line mode's transcript of ``lines`` typed at ``game``, seat 0 being "You"."""
    settings = TableSettings(make_rules(preset, hand_size=game.rules.hand_size),
                             players=game.num_players)
    session = TableSession(settings, game, settings.seats())
    out = io.StringIO()
    assert play_plain(session, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_r9_a_hit_that_takes_the_last_cards_of_the_only_opponent_says_why_the_turn_passes() -> None:
    game = deal("bicycle", ["5 K", "5 5"], pond="K 2 3")  # Emma holds only fives
    said = plain_lines(game, "bicycle", ["5", "quit"])
    hit = said.index("Emma hands over two: 5♦ 5♥.")
    assert said[hit + 1] == "No one but you holds any cards, so the turn passes. Emma's turn."
    assert said[hit + 2] == "Emma's hand was empty: Emma draws a card."  # R15


def test_r13_a_book_that_empties_the_hand_at_a_dry_pond_says_why_the_turn_passes() -> None:
    game = deal("classic", DRY_POND_HANDS)  # the whole deck is dealt: the pond is dry
    said = plain_lines(game, "classic", ["A 3", "2 3", "3 3", "4 3", "5 1", "quit"])
    book = said.index("You lay down a book of 5s.")
    assert said[book + 1] == ("You have no cards left and the pond is dry, "
                              "so the turn passes. Emma's turn.")


def test_the_reason_is_told_to_every_seat_and_before_the_seats_passed_over() -> None:
    game = deal("classic", DRY_POND_HANDS)
    for wanted in ("A", "2", "3", "4", "5"):
        events = ask(game, 3 if wanted != "5" else 1, wanted)
    passed = events[-1]
    assert isinstance(passed, TurnPassed) and passed.reason == "no_cards"
    names = ["Ann", "Bob", "Cy", "Di"]
    assert Narrator(names, 2).describe(passed) == (
        "Ann has no cards left and the pond is dry, so the turn passes. Bob's turn.")
    skipped = TurnPassed(2, (1,), asker=0, reason="no_cards")
    assert Narrator(names, None, make_rules("nordic", refill="card")).describe(skipped) == (
        "Ann has no cards left and the sea is dry, so the turn passes. "
        "Bob is passed over. Cy's turn.")
    nobody = TurnPassed(0, (), asker=1, reason="nobody_to_ask")
    assert Narrator(names, 0).describe(nobody) == (
        "No one but Bob holds any cards, so the turn passes. Your turn.")


def test_a_turn_that_passes_as_the_rules_say_gets_no_reason() -> None:
    game = deal("classic", ["5 K", "6 6"], pond="2 3")
    events = ask(game, 1, "5")  # a miss (R8): the reason is the "Go fish!" itself
    assert events[-1] == TurnPassed(1, ())
    assert Narrator(["You", "Emma"], 0).describe(events[-1]) == "Emma's turn."

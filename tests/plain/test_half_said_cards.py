"""A card half said in words ("queen of", "the" alone), as dictation or a slip leaves it:
refused with what is missing, not read as a seat named 'of' or a card "th" (the 10♥)."""

from __future__ import annotations

import pytest
from tests.plain.test_card_and_seat_typing import queens_session, run

HELP = " Type help for the commands."


@pytest.mark.parametrize(("ask", "typed", "said"), [
    *[("card", typed, "A card said in words names its suit after 'of': the Q of clubs, or "
                      "type Qc.")
      for typed in ["queen of", "Q of", "the queen of", "queen of 2", "queen of emma 2"]],
    # Under rank asks the suit is never named, and that is the answer.
    *[("rank", typed, "Ask for a rank only (e.g. Q): suits are named only under the "
                      "ask-for-a-card house rule.") for typed in ["queen of", "queens of 2"]],
])
def test_a_card_said_without_its_suit_is_refused_saying_so(
        ask: str, typed: str, said: str) -> None:
    # This was "There is no opponent 'of'" (or 'of 2').
    session = queens_session(ask)
    lines = run(session, [typed, "quit"])
    assert said + HELP in lines, lines
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["the", "The", "ask for the", "ask 2 for the", "an"])
def test_an_article_alone_is_no_card(typed: str) -> None:
    # "'the' is not a card: the 10♥ is followed by 'e'" read it as T (ten), h, e.
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    article = typed.split()[-1]
    refusal = (f"{article!r} is not a card: name the card after it, or type it alone, rank "
               "then suit letter (the 2 of clubs, or type 2c).")  # "an": "Did you mean hand?"
    assert any(line.startswith(refusal) for line in said), said
    assert not session.game.actions


def test_a_card_run_on_by_one_letter_is_still_answered_as_one() -> None:
    # "Qsx" is a card and a stray letter, as before: only the articles are words.
    said = run(queens_session("card"), ["Qsx", "quit"])
    assert ("'Qsx' is not a card: the Q♠ is followed by 'x'. Type the card alone, rank then "
            f"suit letter (e.g. Qs).{HELP}") in said, said


@pytest.mark.parametrize("ask", ["card", "rank"])
@pytest.mark.parametrize("typed", ["ask for the queen of", "ask for queen of",
                                   "ask 2 for a queen of", "ask for queen of 2"])
def test_a_card_half_said_in_an_ask_says_what_is_missing(ask: str, typed: str) -> None:
    # "I did not understand 'ask for the queen of'": the ask's one word read as 'of'.
    session = queens_session(ask)
    lines = run(session, [typed, "quit"])
    said = ("A card said in words names its suit after 'of': the Q of clubs, or type Qc."
            if ask == "card" else
            "Ask for a rank only (e.g. Q): suits are named only under the ask-for-a-card "
            "house rule.")
    assert said + HELP in lines, lines
    assert not session.game.actions

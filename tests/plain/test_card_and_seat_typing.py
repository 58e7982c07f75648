"""Cards and seats as people type them in the line mode, under ask: card and with several
opponents: each is read, or refused with words that say what to type."""

from __future__ import annotations

import io

import pytest
from tests.core.stacked import deal

from gofish.core import Rank, Suit, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def queens_session(ask: str) -> TableSession:
    """You hold the Q♦; Emma (player 1) the Q♣, Emma 2 (player 2) the Q♠ (R6)."""
    game = deal("classic", ["QD 2 3", "QC 5 6", "QS 7 8"], ask=ask)
    settings = TableSettings(make_rules("classic", ask=ask, hand_size=3), players=3)
    return TableSession(settings, game, settings.seats())


def run(session: TableSession, lines: list[str]) -> list[str]:
    out = io.StringIO()
    assert play_plain(session, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue().splitlines()


def first_ask(session: TableSession) -> tuple[int, Rank, Suit | None]:
    player, ask = session.game.actions[0]
    assert player == 0
    return ask.target, ask.rank, ask.suit


@pytest.mark.parametrize("typed", ["Qs2", "QS2", "Q♠2"])
def test_a_card_and_a_seat_run_together_are_answered_with_what_to_type(typed: str) -> None:
    # "'Qs2' is not a card: … Type the card alone" did not say how to name the seat too:
    # the help's form is the card, a space, the seat ("10h 2").
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    assert (f"{typed!r} is not a card: the Q♠ is followed by '2'. Put a space between the "
            "card and the seat: 'Qs 2' (or 'ask 2 for Qs'). Type help for the commands."
            ) in said, said
    assert not session.game.actions
    session = queens_session("card")
    run(session, ["Qs 2", "quit"])  # as the answer says: read
    assert first_ask(session) == (2, Rank.QUEEN, Suit.SPADES)


@pytest.mark.parametrize("typed", ["Queen♠ 2", "queen♠ 2", "QUEEN♠ 2", "queens♠ 2",
                                   "ask 2 for Queen♠"])
def test_a_rank_in_words_with_a_suit_symbol_is_that_card(typed: str) -> None:
    # "Queen♠", as a screen reader or a copy gives it, was read as "queens" (the ♠ taken
    # for a plural s), and the table then asked which queen.
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "which Q" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, Suit.SPADES)


def test_a_rank_in_words_with_a_suit_symbol_under_rank_asks_says_to_name_the_rank() -> None:
    # As "Q♠" is answered: under rank asks a suit is no part of an ask.
    session = queens_session("rank")
    said = run(session, ["Queen♠ 2", "quit"])
    assert ("Ask for a rank only (e.g. Q): suits are named only under the ask-for-a-card "
            "house rule. Type help for the commands.") in said
    assert not session.game.actions

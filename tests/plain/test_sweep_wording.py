"""The line mode's answers to a half-said move under ask: card, found by playing it."""

from __future__ import annotations

import io

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def play(lines: str, players: int) -> str:
    settings = TableSettings(rules=make_rules("classic", ask="card"), players=players, seed=8)
    session = TableSession.deal(settings)
    out = io.StringIO()
    play_plain(session, io.StringIO(lines), out)
    return out.getvalue()


def test_a_rank_without_its_suit_is_answered_with_how_to_type_the_card() -> None:
    """Seed 8 deals the person 3♦ 5♥ 6♥ 8♠ 9♥. The answer was only "which 9 do you want?",
    and the natural reply "s" is no move; it now shows the form and the cards askable."""
    out = play("9 1\ns\n", players=3)
    assert ("Name the suit too: which 9 do you want? Type it with its suit letter, "
            "e.g. '9c 1' (you may ask for 9♣ 9♦ 9♠).") in out
    assert "You ask" not in out  # nothing was asked for the person


def test_whom_to_ask_shows_a_move_that_can_be_played_under_ask_card() -> None:
    """The example was '9 1', itself refused under ask: card for want of a suit."""
    out = play("9\n", players=3)
    assert "Say whom to ask, e.g. '9c 1' or 'ask 1 for 9c'" in out


def test_with_one_opponent_the_example_names_no_seat() -> None:
    out = play("3\n", players=2)
    assert "e.g. '3c' (you may ask for 3♣ 3♥ 3♠)." in out


def test_play_help_says_what_each_refill_and_end_does(capsys: pytest.CaptureFixture[str]) -> None:
    """'--refill: hand, card, turn or none' and '--end: all-books or first-empty' named the
    choices without what they do (RULES.md, house rules: R11, R15-R16, R18; R14, R19)."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "hand (draws a full hand at once)" in said
    assert "card (draws a single card at once)" in said  # docs/rules.md: not one at a time
    assert "turn (one card, only on its own turn; bicycle)" in said
    assert "none (nordic; needs --end first-empty)" in said
    assert "first-empty (at the first empty hand or pond; nordic)" in said


def test_the_help_of_a_nordic_table_speaks_of_the_sea() -> None:
    """'table: show everyone's cards, books and the pond', at a table whose log and
    'table' itself say 'the sea' (seed 004, Hopp i havet)."""
    session = TableSession.deal(TableSettings(rules=make_rules("nordic"), seed=4))
    out = io.StringIO()
    play_plain(session, io.StringIO("help\n"), out)
    assert ("  table: show your hand, how many cards each player holds, books and the sea"
            in out.getvalue())
    assert "pond" not in out.getvalue()

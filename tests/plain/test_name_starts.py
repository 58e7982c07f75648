"""An opponent named by the start of their name in the line mode: one opponent is asked,
the start of several names (or your own whole name) is refused, since an ask cannot be
taken back (R5: the asker names the opponent)."""

from __future__ import annotations

import io

import pytest
from tests.core.stacked import deal

from gofish.core import Rank, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def table(names: list[str]) -> TableSession:
    """Rank asks with seats called ``names`` (you first): you hold the Q♦, player 1 the Q♣
    and player 2 the Q♠."""
    game = deal("classic", ["QD 2 3", "QC 5 6", "QS 7 8"][:len(names)])
    settings = TableSettings(make_rules("classic", hand_size=3), players=len(names))
    seats = settings.seats()
    for seat, name in zip(seats, names, strict=True):
        seat["name"] = name
    return TableSession(settings, game, seats)


def said_to(session: TableSession, lines: list[str]) -> list[str]:
    out = io.StringIO()
    assert play_plain(session, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_the_start_of_two_names_is_refused_naming_both() -> None:
    # "q em" asked Emma, the first of Emma and Emma 2 whose names start so.
    session = table(["You", "Emma", "Emma 2"])
    said = said_to(session, ["q em", "quit"])
    assert ("'em' is the start of more than one name: Emma (player 1) and Emma 2 (player 2); "
            "type the whole name or the seat number. Type help for the commands.") in said, said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["q osc", "ask os for q", "Q O"])
def test_the_start_of_one_name_asks_that_opponent(typed: str) -> None:
    session = table(["You", "Emma", "Oscar"])
    said_to(session, [typed, "quit"])
    player, ask = session.game.actions[0]
    assert (player, ask.target, ask.rank) == (0, 2, Rank.QUEEN)


@pytest.mark.parametrize("names", [["Emma", "Emma 2"], ["Emma", "Emma 2", "Emma 3"],
                                   ["Emma", "Emmanuel", "Oscar"]])
def test_your_own_name_that_starts_an_opponents_says_you_cannot_ask_yourself(
        names: list[str]) -> None:
    # Typed by Emma, "emma" asked Emma 2 (or Emmanuel), whose name it starts.
    session = table(names)
    said = said_to(session, ["ask emma for q", "quit"])
    assert [line for line in said if line.startswith(
        f"You cannot ask yourself: ask an opponent, {names[1]} (player 1")], said
    assert not session.game.actions

"""The line mode reads back what it writes, and writes only what a terminal shows.

Cards typed as the table prints them (``7♣``), mistakes echoed as typed, the game-over
question read like the in-game commands, and stored names that hold control characters.
"""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest
from tests.core.stacked import deal

from gofish.cli import main
from gofish.core import Rank, Suit, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def sevens_session(ask: str) -> TableSession:
    """You hold 7♦, Emma holds 7♣: she hands it over when asked (R6)."""
    game = deal("classic", ["7D 2 3", "7C 5 6"], ask=ask)
    settings = TableSettings(make_rules("classic", ask=ask, hand_size=3))
    return TableSession(settings, game, settings.seats())


def run(session: TableSession, lines: list[str]) -> list[str]:
    out = io.StringIO()
    assert play_plain(session, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue().splitlines()


@pytest.mark.parametrize("typed", ["7♣", "7♧", "7♣\ufe0f", "ask emma for 7♣"])
def test_a_card_typed_as_the_table_prints_it_is_asked_for(typed: str) -> None:
    # Under ask: card the table said "(you may ask for 7♣ 7♥ 7♠)", then refused "7♣"
    # as "'7♣' is not a rank".
    session = sevens_session("card")
    said = run(session, ["7", typed, "quit"])
    assert any(line.endswith("(you may ask for 7♣ 7♥ 7♠).") for line in said)
    assert not [line for line in said if "is not a rank" in line]
    [(player, ask)] = session.game.actions
    assert (player, ask.target, ask.rank, ask.suit) == (0, 1, Rank.SEVEN, Suit.CLUBS)
    assert "Emma hands over one: 7♣." in said


def test_a_card_with_its_suit_symbol_under_rank_asks_says_to_name_the_rank() -> None:
    said = run(sevens_session("rank"), ["7♣", "quit"])
    assert ("Ask for a rank only (e.g. 7): suits are named only under the ask-for-a-card "
            "house rule. Type help for the commands.") in said


@pytest.mark.parametrize("typed", ["00", "07c", "0x"])
def test_a_mistake_starting_with_zero_is_echoed_as_typed(typed: str) -> None:
    # 0 is the key for the 10, so "00" was read as "100" and answered "'100' is not a rank".
    said = run(sevens_session("card"), [typed, "quit"])
    # "is not a card" for "0x": the 10 was read, its suit letter was not
    assert any(line.startswith((f"{typed!r} is not a rank", f"{typed!r} is not a card"))
               for line in said), said


def finished_game(lines: list[str]) -> list[str]:
    """What the table answers to ``lines`` once its game is over (played out here, R14)."""
    session = TableSession.deal(TableSettings(rules=make_rules("classic"), seed=5))
    game = session.game
    while not game.is_over:
        game.play(game.legal_actions()[0])
    said = run(session, lines)
    return said[said.index("Type new to play again with the same settings, or quit.") + 1:]


def test_after_the_end_a_command_with_more_words_is_still_the_command() -> None:
    # In a game "help me" and "quit now" are help and quit; once it was over they were
    # "not a move now", and so was "new game", the answer to "Type new to play again".
    said = finished_game(["help me", "new game", "quit now"])
    assert not [line for line in said if "not a move now" in line]
    assert "Commands:" in said
    assert sum(line.startswith("Go Fish, classic rules") for line in said) == 1  # dealt again
    assert said[-1] == "Goodbye."  # "quit now" left the new game (no database: not saved)


def test_after_the_end_a_letter_followed_by_more_is_not_a_command() -> None:
    # "q" alone quits here, but "q 1" is a move typed late: it must not end the session.
    said = finished_game(["q 1", "quit"])
    assert said[0] == ("The game is over, so 'q 1' is not a move now. Type new to play "
                       "again, or quit.")
    assert said[-1] == "Goodbye."


def test_a_stored_name_with_control_characters_is_not_written_to_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # play --name refuses them, but a hand-edited database may hold them: gofish show
    # wrote them as U+FFFD, while resume --plain wrote the escape (ESC [2J cleared the
    # screen) and the newline (which broke every line naming the opponent).
    database = tmp_path / "games.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--seed", "3", "--database", str(database)]) == 0
    with sqlite3.connect(database) as db:
        db.execute("UPDATE seats SET name = ? WHERE seat = 1", ("Em\x1b[2J\nma",))
    db.close()
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("table\ncoach\nquit\n"))
    assert main(["resume", "--plain", "--database", str(database)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Em\n" not in out
    assert "against Em\ufffd[2J\ufffdma (player 1)." in out
    assert "Em\ufffd[2J\ufffdma (player 1): " in out  # the table command

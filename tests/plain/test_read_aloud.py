"""The line mode's prompts as a screen reader reads them out."""

from __future__ import annotations

import io

from gofish.core import make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def first_prompt(**options: object) -> str:
    settings = TableSettings(rules=make_rules("bicycle", **options), players=3, seed=8)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("quit\n"), out)
    return next(line for line in out.getvalue().splitlines() if line.startswith("Your hand:"))


def test_opponents_are_listed_as_the_introduction_names_them() -> None:
    # "Opponents: 1 Emma (6 cards, 0 books), 2 Emma 2 (...)": read aloud, "two Emma two".
    prompt = first_prompt()
    assert prompt.endswith("Opponents: Emma (player 1, 5 cards, 0 books), "
                           "Emma 2 (player 2, 10 cards, 0 books).")


def test_the_example_card_is_one_the_person_may_ask_for() -> None:
    # Under ask: card the prompt said "e.g. 10h" to a hand of A 3 5 6 8 9: no ask to make.
    prompt = first_prompt(ask="card")
    assert "a rank you hold and a suit you don't, e.g. Ad (A 3 5 6 8 9)." in prompt


def test_the_commands_name_the_tables_sets_and_pile() -> None:
    # Under pairs in nordic, help said "table: show everyone's cards, books and the pond".
    settings = TableSettings(rules=make_rules("nordic", book_size=2), players=2, seed=3)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("help\nquit\n"), out)
    assert ("  table: show your hand, how many cards each player holds, pairs and the sea"
            in out.getvalue().splitlines())


def test_an_opponent_out_of_play_is_said_to_be_in_the_list_of_opponents() -> None:
    # Bicycle, five players: Emma 4 left play for good (R15), Emma 3's hand was emptied by
    # a surrender and draws on her turn (R15). The prompt read "0 cards" for both, so only
    # the table command told a listener who was gone.
    session = TableSession.deal(TableSettings(make_rules("bicycle"), players=5, seed=0))
    while session.bot_to_act or all(session.view().in_play):
        if session.bot_to_act:
            session.bot_move()
        else:
            session.ask(session.askable_opponents()[0], session.held_ranks()[0], None)
    assert session.view().in_play == (True, True, True, True, False)
    assert session.view().hand_sizes[3:] == (0, 0)
    out = io.StringIO()
    play_plain(session, io.StringIO("quit\n"), out)
    prompt = [line for line in out.getvalue().splitlines() if line.startswith("Your hand:")][-1]
    assert "Emma 3 (player 3, 0 cards, 2 books)" in prompt
    assert "Emma 4 (player 4, out of play, 4 books)" in prompt


def test_the_only_opponent_left_to_ask_is_named_at_a_bigger_table() -> None:
    # Bicycle, five players, three of them gone or empty-handed: the prompt said "Ask for a
    # rank (K)." and no name, where the table names whom a rank key asks.
    session = TableSession.deal(TableSettings(make_rules("bicycle"), players=5, seed=2))
    while session.bot_to_act or len(session.askable_opponents()) > 1:
        if session.bot_to_act:
            session.bot_move()
        else:
            session.ask(session.askable_opponents()[0], session.held_ranks()[0], None)
    assert session.askable_opponents() == [1] and not session.is_over
    out = io.StringIO()
    play_plain(session, io.StringIO("quit\n"), out)
    prompt = [line for line in out.getvalue().splitlines() if line.startswith("Your hand:")][-1]
    assert prompt.endswith("Ask for a rank (K). Only Emma (player 1) holds cards, so you ask "
                           "Emma.")


def test_the_table_after_the_game_does_not_promise_books_to_come() -> None:
    # Once the game is over (R14: all 13 books laid), "table" said "Your books: none yet."
    session = TableSession.deal(TableSettings(make_rules("classic"), players=2, seed=2))
    while not session.is_over:
        if session.bot_to_act:
            session.bot_move()
        else:
            session.ask(session.askable_opponents()[0], session.held_ranks()[0], None)
    assert session.view().books[session.human] == ()
    out = io.StringIO()
    play_plain(session, io.StringIO("table\nquit\n"), out)
    lines = out.getvalue().splitlines()
    assert "Your books: none." in lines
    assert not any("none yet" in line for line in lines)

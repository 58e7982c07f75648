"""Wrong input in the line mode gets an answer that says what to type instead."""

from __future__ import annotations

import io

import pytest

from gofish.core import RANKS, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def play(lines: list[str], **options: object) -> list[str]:
    settings = TableSettings(rules=make_rules("classic", **options), players=2, seed=5)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("\n".join(lines) + "\n"), out)
    return out.getvalue().splitlines()


def test_q_typed_to_quit_is_told_how_to_quit() -> None:
    # "q" quits the full-screen table and the line mode's game-over question, but in a
    # game it is the queen: without queens the answer only said "You have no queens".
    said = play(["q", "quit"])  # seed 5 deals the person no queen
    refusal = next(line for line in said if line.startswith("You have no queens"))
    assert refusal.endswith("To stop, type quit: q asks for queens.")


def test_a_move_typed_after_the_game_is_over_is_answered_as_such() -> None:
    # Every rank, over and over, plays the game to its end (R14); the line after it was
    # answered "Type new to play again, or quit." as if the word had been misspelt.
    ranks = ["queens" if rank.symbol == "Q" else rank.symbol for rank in RANKS]  # q: quit
    said = play(ranks * 60 + ["", "quit"], hand_size=1)
    over = said.index("Type new to play again with the same settings, or quit.")
    answer = said[over + 1]
    assert answer.startswith("The game is over, so '") and answer.endswith(
        "' is not a move now. Type new to play again, or quit.")
    assert said[-2] == "The game is over. Type new to play again, or quit."  # an empty line
    assert said[-1] == "Goodbye."  # the quit


@pytest.mark.parametrize("word", ["q", "Q", "no", "exit", "quit"])
def test_a_word_that_quits_after_the_end_says_the_session_ended(word: str) -> None:
    # Once the game is over (R14) these leave; "q", the queen in a game, typed out of habit
    # left without a word, like a hang or a crash. No new game is dealt.
    ranks = ["queens" if rank.symbol == "Q" else rank.symbol for rank in RANKS]
    said = play(ranks * 60 + [word, "new"], hand_size=1)
    assert said[-2].endswith("Type new to play again, or quit.") and said[-1] == "Goodbye."
    assert sum(line.startswith("Go Fish,") for line in said) == 1


def test_the_end_of_input_after_the_end_says_the_session_ended() -> None:
    # Ctrl-D at the game-over question (R14) left without a word, where quit says
    # Goodbye and the end of input in a game says the game was saved: it looked like a
    # hang or a crash to someone listening.
    ranks = ["queens" if rank.symbol == "Q" else rank.symbol for rank in RANKS]
    said = play(ranks * 60, hand_size=1)  # the game ends before the lines run out
    assert said[-1] == "Goodbye."
    over = said.index("Type new to play again with the same settings, or quit.")
    assert all(line.endswith("is not a move now. Type new to play again, or quit.")
               for line in said[over + 1:-1])


def test_ranks_may_be_typed_in_words() -> None:
    # "jack" and "ace" were read, but "nine", "nines" and "ten" were "not a rank": the log
    # read aloud says "9s", and dictation types words.
    said = play(["nines", "ten", "sixes", "quit"])
    refused = [line for line in said if "is not a rank" in line]
    assert not refused, refused
    for rank in ("9s", "10s", "6s"):  # each read as its rank: asked for, or not held
        assert f"You ask Emma for {rank}." in said or any(
            line.startswith(f"You have no {rank}") for line in said), rank


def test_a_command_with_more_words_is_still_the_command() -> None:
    # "help me" was read as a move: "'help' is not a rank".
    said = play(["help me", "quit now"])
    assert "Commands:" in said and not [line for line in said if "not a rank" in line]
    assert said[-1] == "Goodbye."  # "quit now" quit (no database here: nothing saved)


def test_after_the_end_the_final_table_can_still_be_read() -> None:
    # Four nordic players dealt a pair each (pairs, two cards each, seed 13802) lay them at
    # once, so the game is over at the deal (R3, R19), and "table" was answered "The game
    # is over, so 'table' is not a move now".
    rules = make_rules("nordic", hand_size=2, book_size=2)
    settings = TableSettings(rules=rules, players=4, seed=13802)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("table\nhelp\nquit\n"), out)
    said = out.getvalue().splitlines()
    assert "The sea: 44 cards." in said and "Emma (player 1): 0 cards; pairs: 7." in said
    assert "  new: once a game is over, deal a new one with the same settings" in said
    assert not [line for line in said if "not a move" in line]


def test_new_during_a_game_says_when_it_works() -> None:
    said = play(["new", "quit"])
    # It was "'new' is not a rank".
    assert "A new game is dealt once this one is over; to stop here, type quit." in said


def test_a_card_typed_in_two_words_is_answered_with_how_to_type_it() -> None:
    # Under ask: card, "5 h" read its suit as an opponent and answered "There is no
    # opponent 'h'", which did not say what to type (the card is one word: 5h).
    said = play(["5 h", "K ♠ 1", "quit"], ask="card")
    told = [line for line in said if line.startswith("Type the card as one word")]
    assert told == [f"Type the card as one word, rank then suit letter: {card}. Type help for "
                    "the commands." for card in ("'5h'", "'Ks 1'")]
    assert not [line for line in said if "There is no opponent" in line]


def test_a_card_with_a_wrong_suit_letter_says_the_suit_is_wrong() -> None:
    # Under ask: card, "5x" and "10x" were answered "'5x' is not a rank", though 5 is one:
    # the letter after it is what was wrong.
    said = play(["5x", "10x 1", "quit"], ask="card")
    assert "'5x' is not a card: after the rank comes a suit letter, c d h or s (e.g. 5h). " \
        "Type help for the commands." in said
    assert "'10x' is not a card: after the rank comes a suit letter, c d h or s (e.g. 10h). " \
        "Type help for the commands." in said
    assert not [line for line in said if "is not a rank" in line]


def test_the_help_says_ranks_may_be_typed_in_words() -> None:
    # The line mode read "nines" and "ten", but its help listed only A 2-10 J Q K.
    said = play(["help", "quit"])
    assert any("or in words: nines, ten, queen" in line for line in said), said


@pytest.mark.parametrize("word", ["Aces", "seven", "tens", "QUEEN"])
def test_the_line_mode_reads_every_rank_name_rank_parse_reads(word: str) -> None:
    # One reading of rank words, the core's: the line mode had a list of its own.
    said = play([word, "quit"])
    assert not [line for line in said if "is not a rank" in line], said


@pytest.mark.parametrize(("typed", "card", "extra", "example"), [
    ("5♦x", "5♦", "x", "5d"), ("5hx", "5♥", "x", "5h"), ("10♣♣", "10♣", "♣", "10c"),
])
def test_a_card_with_more_after_its_suit_names_what_follows(
        typed: str, card: str, extra: str, example: str) -> None:
    # Under ask: card, "5♦x" was answered "'5♦x' is not a rank", though the 5♦ was read
    # whole: the "x" after it is what was wrong, and "5x" already blamed its suit letter.
    said = play([typed, "quit"], ask="card")
    assert f"{typed!r} is not a card: the {card} is followed by {extra!r}. Type the card " \
        f"alone, rank then suit letter (e.g. {example}). Type help for the commands." in said
    assert not [line for line in said if "is not a rank" in line]


def test_a_seat_in_other_digits_is_refused_as_the_web_and_commands_refuse_it() -> None:
    # '٢' (Arabic-Indic two) asked player 2, where '٣' was no rank and the web's routes
    # and the commands' numbers take 0-9 only: one rule for every number typed.
    settings = TableSettings(rules=make_rules("classic"), players=3, seed=5)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("7 \u0662\nask \u0662 for 7\nquit\n"),
               out)
    said = out.getvalue().splitlines()
    refused = [line for line in said if line.startswith("'\u0662' is not a seat number")]
    assert len(refused) == 2 and all(
        line.startswith("'\u0662' is not a seat number: seat numbers take the digits 0-9 only. "
                        "Opponents: Emma (player 1, ") for line in refused)
    assert not [line for line in said if line.startswith("You ask")]  # no ask was made


def test_a_rank_in_other_digits_says_the_digits_to_use() -> None:
    said = play(["\u0663", "quit"])
    assert "'\u0663' is not a rank: use A 2 3 4 5 6 7 8 9 10 (or 0) J Q K (in the digits " \
        "0-9). Type help for the commands." in said


@pytest.mark.parametrize(("typed", "example"), [("kingd", "Kd"), ("tenh", "10h")])
def test_a_card_with_its_rank_in_words_is_told_how_to_type_it(typed: str, example: str) -> None:
    # Under ask: card "kingd" was answered "'kingd' is not a rank", though "king" is one:
    # a card is typed with the rank as on the card ("Kd"), as the help says. (A rank in
    # words and a suit symbol, "Ace♥" as a screen reader gives it, is the card:
    # test_card_and_seat_typing.)
    said = play([typed, "quit"], ask="card")
    assert f"{typed!r} is not a card: type the rank as on the card, then the suit letter " \
        f"(e.g. {example}). Type help for the commands." in said
    assert not [line for line in said if "is not a rank" in line]


@pytest.mark.parametrize(("typed", "meant"), [("qiut", "quit"), ("hlep", "help"),
                                              ("tabel", "table"), ("hands", "hand"),
                                              ("Coch.", "coach")])
def test_a_command_typed_a_letter_wrong_is_answered_with_the_command(
        typed: str, meant: str) -> None:
    # "'qiut' is not a rank: use A 2 …" said what it was not, not what was meant; nothing
    # is done on a guess: the game goes on.
    said = play([typed, "quit"])
    assert any(line.startswith(f"{typed.rstrip('.')!r} is not a rank: ") and line.endswith(
        f" Did you mean {meant}? Type help for the commands.") for line in said), said


def test_a_word_near_no_command_gets_no_guess() -> None:
    said = play(["stop", "quit"])
    assert not [line for line in said if "Did you mean" in line], said

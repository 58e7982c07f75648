"""Cards and seats as people type them in the line mode, under ask: card and with several
opponents: each is read, or refused with words that say what to type."""

from __future__ import annotations

import io

import pytest
from tests.core.stacked import deal

from gofish.core import Ask, Rank, Suit, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def queens_session(ask: str) -> TableSession:
    """You hold the Q♦; Emma (player 1) the Q♣, Emma 2 (player 2) the Q♠ (R6)."""
    game = deal("classic", ["QD 2 3", "QC 5 6", "QS 7 8"], ask=ask)
    settings = TableSettings(make_rules("classic", ask=ask, hand_size=3), players=3)
    return TableSession(settings, game, settings.seats())


def person_named(name: str, players: int = 2) -> TableSession:
    """A table of rank asks where you, holding the Q♦, are called ``name``; the bots after
    you hold the Q♣ (player 1) and the Q♠ (player 2)."""
    game = deal("classic", ["QD 2 3", "QC 5 6", "QS 7 8"][:players])
    settings = TableSettings(make_rules("classic", hand_size=3), players=players, name=name)
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


@pytest.mark.parametrize("typed", [
    "queen of spades 2", "Queen of Spades 2", "queen spades 2", "ask emma 2 for queen of spades",
    "ask 2 for the queen of spades", "queen of spade 2", "  queen   of  spades   2 "])
def test_a_card_in_words_is_that_card(typed: str) -> None:
    # As dictation and a screen reader say a card: "queen of spades 2" was answered "There is
    # no opponent 'of spades 2'", which said nothing of how to type the card.
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "no opponent" in line or "understand" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, Suit.SPADES)


def test_a_card_in_words_under_rank_asks_says_to_name_the_rank() -> None:
    session = queens_session("rank")
    said = run(session, ["queen of spades 2", "quit"])
    assert ("Ask for a rank only (e.g. Q): suits are named only under the ask-for-a-card "
            "house rule. Type help for the commands.") in said
    assert not session.game.actions


@pytest.mark.parametrize(("ask", "typed", "wanted"), [
    ("card", "Qs 2.", Suit.SPADES), ("card", "ask 2 for Qs.", Suit.SPADES),
    ("card", "queen of spades 2.", Suit.SPADES), ("rank", "Q 2.", None),
    ("rank", "ask emma 2 for queens.", None)])
def test_a_trailing_full_stop_is_no_part_of_the_move(
        ask: str, typed: str, wanted: Suit | None) -> None:
    # Dictation ends a sentence with a full stop: "Qs 2." was answered "There is no
    # opponent '2.'", "Q." "'Q.' is not a rank".
    session = queens_session(ask)
    run(session, [typed, "quit"])
    assert first_ask(session) == (2, Rank.QUEEN, wanted)


def test_a_command_with_a_full_stop_is_the_command() -> None:
    session = queens_session("card")
    said = run(session, ["hand.", "quit.", "Qs 2"])  # the ask after quit is never read
    assert "Your books: none yet." in said
    assert not [line for line in said if "is not a" in line], said
    assert not session.game.actions and said[-1] == "Goodbye."


@pytest.mark.parametrize(("ask", "typed", "wanted"), [
    ("card", "Qs player 2", Suit.SPADES), ("card", "ask player 2 for Qs", Suit.SPADES),
    ("rank", "Q player 2", None), ("rank", "ask Player 2 for Q", None)])
def test_a_seat_named_as_the_table_names_it_is_that_seat(
        ask: str, typed: str, wanted: Suit | None) -> None:
    # The table says "Emma 2 (player 2, 3 cards, 0 books)" and the help "ask player 2";
    # "ask player 2 for Qs" was answered "There is no opponent 'player 2'".
    session = queens_session(ask)
    run(session, [typed, "quit"])
    assert first_ask(session) == (2, Rank.QUEEN, wanted)


@pytest.mark.parametrize("typed", ["q s 2", "Q ♠ 2", "queen of spades, 2", "Qs, 2"])
def test_a_card_in_two_words_under_rank_asks_says_to_name_the_rank(typed: str) -> None:
    # "q s 2" was answered "There is no opponent 's 2'": the suit was read as a name.
    session = queens_session("rank")
    said = run(session, [typed, "quit"])
    assert ("Ask for a rank only (e.g. Q): suits are named only under the ask-for-a-card "
            "house rule. Type help for the commands.") in said, said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["queen of spades, 2", "Qs, 2", "ask emma 2, for Qs"])
def test_a_comma_between_the_card_and_the_seat_is_read_as_a_space(typed: str) -> None:
    # Dictation puts a comma where one pauses: "There is no opponent 'of spades, 2'".
    session = queens_session("card")
    run(session, [typed, "quit"])
    assert first_ask(session) == (2, Rank.QUEEN, Suit.SPADES)


@pytest.mark.parametrize(("ask", "typed", "example"), [
    ("card", "2 Qs", "'Qs 2' (or 'ask 2 for Qs')"),
    ("card", "EMMA 2 qs", "'Qs 2' (or 'ask 2 for Qs')"),
    ("card", "ask 2 Qs", "'Qs 2' (or 'ask 2 for Qs')"),
    ("card", "ask emma 2 queen of spades", "'Qs 2' (or 'ask 2 for Qs')"),
    ("rank", "emma 2 queens", "'Q 2' (or 'ask 2 for Q')"),
    ("rank", "ask emma Q", "'Q 1' (or 'ask 1 for Q')")])
def test_whom_before_what_is_answered_with_the_order_to_type(
        ask: str, typed: str, example: str) -> None:
    # "2 Qs" was answered "There is no opponent 'Qs'", "EMMA 2 qs" "'EMMA' is not a rank"
    # and "ask 2 Qs" "I did not understand": each named a seat and a card, in an order
    # the mode does not read.
    session = queens_session(ask)
    said = run(session, [typed, "quit"])
    assert (f"Type what you ask for first, then whom: {example}. Type help for the "
            "commands.") in said, said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["ask emma 2", "emma 2"])
def test_a_seat_alone_is_still_asked_what_for(typed: str) -> None:
    # "emma 2" is Emma 2, not Emma and the 2s: it is answered as before.
    said = run(queens_session("rank"), [typed, "quit"])
    assert not [line for line in said if "first, then whom" in line], said


def test_a_line_read_as_a_card_in_words_is_echoed_as_typed() -> None:
    said = run(queens_session("card"), ["ask emma 2 for queen of spades please", "quit"])
    assert not [line for line in said if "Qs" in line and "please" in line], said


@pytest.mark.parametrize(("ask", "typed", "wanted"), [
    ("card", "ask emma 2 for the Qs", Suit.SPADES), ("card", "ask 2 for a Q♠", Suit.SPADES),
    ("rank", "ask emma 2 for a queen", None), ("rank", "ask 2 for any queens", None),
    ("rank", "ask player 2 for the queens.", None)])
def test_an_article_before_what_is_asked_for_is_no_part_of_it(
        ask: str, typed: str, wanted: Suit | None) -> None:
    # "ask emma 2 for the Qs" was answered "I did not understand".
    session = queens_session(ask)
    run(session, [typed, "quit"])
    assert first_ask(session) == (2, Rank.QUEEN, wanted)


@pytest.mark.parametrize(("ask", "typed", "wanted"), [
    ("card", "qs 2 please", Suit.SPADES), ("card", "please qs 2", Suit.SPADES),
    ("card", "qs to emma 2", Suit.SPADES), ("card", "qs from 2", Suit.SPADES),
    ("card", "qs seat 2", Suit.SPADES), ("card", "ask seat 2 for qs", Suit.SPADES),
    ("card", "qs p2", Suit.SPADES), ("card", "qs #2", Suit.SPADES),
    ("rank", "q 2 please", None), ("rank", "q to 2", None), ("rank", "q P 2", None)])
def test_a_seat_said_as_people_say_it_is_that_seat(
        ask: str, typed: str, wanted: Suit | None) -> None:
    # "qs 2 please", "qs to emma 2", "qs seat 2" and "qs p2" were answered "There is no
    # opponent '2 please'" (and so on), which listed the opponents, not what to type.
    session = queens_session(ask)
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "no opponent" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, wanted)


@pytest.mark.parametrize(("typed", "echoed"), [
    ("please", "please"), ("please.", "please"), ("thank you", "thank")])
def test_politeness_alone_is_no_move(typed: str, echoed: str) -> None:
    # Read without its polite words, it is no words at all: still answered, as before.
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    assert (f"{echoed!r} is not a rank: use A 2 3 4 5 6 7 8 9 10 (or 0) J Q K with a suit "
            "letter, e.g. 10h. Type help for the commands.") in said, said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["0 of hearts 2", "ask 2 for the 0 of hearts", "0 hearts 2"])
def test_the_0_key_of_the_10_is_read_in_a_card_in_words(typed: str) -> None:
    # "0h" is the 10♥, as the terminal table's 0 key is the 10; "0 of hearts" was answered
    # "There is no opponent 'of hearts'". You hold no 10, so the session refuses the ask.
    session = queens_session("card")
    said = run(session, [typed, "quit"])
    assert "You have no 10s: you may only ask for a rank you hold (2 3 Q)." in said, said


def test_an_unknown_opponent_is_answered_with_the_form_to_type() -> None:
    # The answer listed the opponents but not how to name one.
    said = run(queens_session("card"), ["qs bob", "quit"])
    assert ("There is no opponent 'bob': Emma (player 1, 3 cards, 0 books), Emma 2 (player 2, "
            "3 cards, 0 books). Name one by seat number or name after what you ask for, e.g. "
            "'Qs 1' or 'ask 1 for Qs'. Type help for the commands.") in said, said


@pytest.mark.parametrize(("typed", "example"), [
    ("2 qs", "'Q 2' (or 'ask 2 for Q')"), ("emma 2 Q♠", "'Q 2' (or 'ask 2 for Q')")])
def test_whom_before_a_card_under_rank_asks_is_answered_with_the_rank_to_type(
        typed: str, example: str) -> None:
    # "2 qs" was answered "There is no opponent 'qs'": under rank asks the Q♠ is read as no
    # rank, so the seat first was not seen.
    session = queens_session("rank")
    said = run(session, [typed, "quit"])
    assert (f"Type what you ask for first, then whom: {example}. Type help for the "
            "commands.") in said, said
    assert not session.game.actions


@pytest.mark.parametrize(("ask", "typed", "wanted"), [
    ("rank", "Emma 2, do you have any queens?", None),
    ("rank", "emma 2 do you have any queens", None), ("rank", "Emma 2, got any queens?", None),
    ("rank", "do you have any queens, emma 2?", None),
    ("rank", "have you got any queens emma 2", None), ("rank", "any queens 2?", None),
    ("rank", "Emma 2, any queens?", None),
    ("rank", "Q 2?", None), ("card", "Emma 2, do you have the queen of spades?", Suit.SPADES),
    ("card", "player 2, have you got the Qs?", Suit.SPADES)])
def test_the_question_of_the_game_is_an_ask(ask: str, typed: str, wanted: Suit | None) -> None:
    # "Do you have any queens?" is how the game is played aloud: it was answered "'do' is
    # not a rank", and "Q?" "'Q?' is not a rank".
    session = queens_session(ask)
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "is not a" in line or "no opponent" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, wanted)


def test_a_question_mark_alone_is_still_help() -> None:
    said = run(queens_session("rank"), ["?", "quit"])
    assert "Commands:" in said


@pytest.mark.parametrize("typed", ["q\u200b 2", "\u200bq 2", "q \u20602", "q 2\ufeff"])
def test_an_invisible_space_pasted_in_is_no_part_of_the_move(typed: str) -> None:
    # A zero-width space (U+200B), word joiner (U+2060) or byte order mark (U+FEFF) comes
    # with text copied from a web page or a chat: "'q\u200b' is not a rank" named a
    # character the player cannot see.
    session = queens_session("rank")
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "is not a" in line or "no opponent" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, None)


def test_a_leading_a_is_the_ace_not_an_article() -> None:
    # "the", "any" and "an" before what is asked for are left out; "a" is the ace: "a emma 3"
    # was read as "emma 3" and answered "Type what you ask for first, then whom: '3 1'".
    said = run(queens_session("rank"), ["a emma 3", "quit"])
    assert [line for line in said if line.startswith("There is no opponent 'emma 3'")], said


def named_session(name: str) -> TableSession:
    """As queens_session (rank asks), with player 2, who holds the Q♠, called ``name``."""
    game = deal("classic", ["QD 2 3", "QC 5 6", "QS 7 8"])
    settings = TableSettings(make_rules("classic", hand_size=3), players=3)
    seats = settings.seats()
    seats[2]["name"] = name
    return TableSession(settings, game, seats)


@pytest.mark.parametrize(("name", "typed"), [
    ("Please", "please, do you have any queens?"), ("Please", "Please, any queens?"),
    ("Please", "queens to please"), ("Thanks", "thanks, got any queens"),
    ("Thank You", "thank you, do you have any queens?")])
def test_an_opponent_named_as_a_polite_word_is_still_asked(name: str, typed: str) -> None:
    # "please" is left out of a move said politely, but here it names whom: Emma was asked
    # (the last one asked) or the table asked whom, though Please was named.
    session = named_session(name)
    said = run(session, ["q 1", typed, "quit"])  # Emma gives her Q♣: you ask again
    asks = [(ask.target, ask.rank) for _, ask in session.game.actions]
    assert asks[:2] == [(1, Rank.QUEEN), (2, Rank.QUEEN)], said


@pytest.mark.parametrize("typed", ["please q 2", "please, q 2", "q 2 please", "q to 2 please"])
def test_please_said_around_a_seat_is_still_politeness_with_an_opponent_named_please(
        typed: str) -> None:
    # Kept as a name, "please q 2" was no move at all; here it can only be politeness.
    session = named_session("Please")
    said = run(session, ["q 1", typed, "quit"])
    asks = [(ask.target, ask.rank) for _, ask in session.game.actions]
    assert asks[:2] == [(1, Rank.QUEEN), (2, Rank.QUEEN)], said


@pytest.mark.parametrize(("name", "typed"), [("Hans", "hans"), ("Tabea", "tabea"),
                                             ("Quinn", "quin")])
def test_an_opponents_name_alone_is_not_taken_for_a_command_mistyped(
        name: str, typed: str) -> None:
    # "hans" named the opponent Hans, yet the answer guessed "Did you mean hand?", as if
    # a command had been typed a letter wrong.
    said = run(named_session(name), [typed, "quit"])
    refusal = [line for line in said if line.startswith(f"{typed!r} is not a rank")]
    assert refusal and "Did you mean" not in refusal[0], said


def test_a_command_typed_a_letter_wrong_is_still_answered_with_the_command() -> None:
    said = run(named_session("Hans"), ["hnad", "quit"])
    assert [line for line in said if "Did you mean hand?" in line], said


@pytest.mark.parametrize("whom", ["seat 0", "player 0", "p0", "#0", "zero", "seat zero"])
def test_your_own_seat_by_its_label_or_in_words_says_you_cannot_ask_yourself(
        whom: str) -> None:
    # R5: an ask goes to another player. "qs seat 0" was answered "There is no opponent
    # 'seat 0'", as if seat 0 did not exist, while "qs 0" said you cannot ask yourself.
    session = queens_session("rank")
    said = run(session, [f"q {whom}", "quit"])
    assert [line for line in said if line.startswith("You cannot ask yourself: ask an "
                                                     "opponent, Emma (player 1")], said
    assert not [line for line in said if "There is no opponent" in line], said
    assert not session.game.actions


@pytest.mark.parametrize("typed, seat", [("q two", 2), ("Q One", 1), ("ask two for q", 2),
                                         ("q seat two", 2), ("q player one", 1)])
def test_a_seat_number_in_words_names_that_opponent(typed: str, seat: int) -> None:
    # "q two", as said aloud and as dictation types it, was "There is no opponent 'two'";
    # ranks in words ("ten") were read, seats in words were not.
    session = queens_session("rank")
    run(session, [typed, "quit"])
    assert first_ask(session) == (seat, Rank.QUEEN, None)


def test_a_seat_in_words_that_is_no_seat_is_refused_by_name() -> None:
    session = queens_session("rank")
    said = run(session, ["q five", "quit"])
    assert [line for line in said if line.startswith("There is no opponent 'five': Emma "
                                                     "(player 1")], said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["2,1", "2, 1", "2 , 1"])
def test_a_rank_and_a_seat_with_a_comma_between_ask_that_seat(typed: str) -> None:
    # "2 1" asks player 1 for 2s; with the comma a pause leaves, "2,1" was refused as
    # whom first ("Type what you ask for first, then whom: 'A 2'"): player 2, the aces.
    session = queens_session("rank")
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "first, then whom" in line], said
    assert first_ask(session) == (1, Rank.TWO, None)


def test_whom_before_what_with_a_comma_is_still_answered_with_the_order() -> None:
    session = queens_session("rank")
    said = run(session, ["2, Qs", "quit"])
    assert [line for line in said if line.startswith(
        "Type what you ask for first, then whom: 'Q 2' (or 'ask 2 for Q').")], said
    assert not session.game.actions


@pytest.mark.parametrize("name", ["Two", "Seven", "nine"])
def test_your_own_name_that_is_a_number_word_says_you_cannot_ask_yourself(name: str) -> None:
    # R5: an ask goes to another player. Once seats were read in words, your own name
    # "Two" at a table of two was answered "There is no opponent 'two'", as if it named
    # nobody, where any other name of yours says you cannot ask yourself.
    session = person_named(name)
    said = run(session, [f"q {name.lower()}", "quit"])
    assert [line for line in said if line.startswith("You cannot ask yourself: ask an "
                                                     "opponent, Emma (player 1")], said
    assert not [line for line in said if "There is no opponent" in line], said
    assert not session.game.actions


@pytest.mark.parametrize("typed", ["q emma two", "Q Emma Two", "ask emma two for queens",
                                   "Emma two, do you have any queens?"])
def test_an_opponents_name_with_its_number_in_words_names_that_opponent(typed: str) -> None:
    # The table names her "Emma 2", which a screen reader reads out and dictation types
    # as "Emma two": "q two" asked her, "q emma two" was "There is no opponent".
    session = queens_session("rank")
    said = run(session, [typed, "quit"])
    assert not [line for line in said if "no opponent" in line], said
    assert first_ask(session) == (2, Rank.QUEEN, None)


def test_your_own_name_that_counts_an_opponents_seat_is_refused_naming_both() -> None:
    # R5: an ask goes to another player. A person named One typing "q one" at a table of
    # two was sent to seat 1 (Emma), though "one" is their own name as well: which they
    # meant cannot be told, so the answer names both readings and what to type.
    session = person_named("One")
    said = run(session, ["q one", "quit"])
    assert ("'one' is both your own name and the number of player 1 (Emma): type 1 to ask "
            "Emma. Type help for the commands.") in said, said
    assert not session.game.actions
    run(session, ["q 1", "quit"])  # as the answer says: read
    assert first_ask(session) == (1, Rank.QUEEN, None)


def test_an_opponents_name_that_counts_another_opponents_seat_is_refused_naming_both() -> None:
    # An opponent named Two at seat 1 (a resumed game's seats), Emma 2 at seat 2: "q two"
    # asked seat 1 by name where the player may have meant seat 2 by number.
    session = queens_session("rank")
    session.seats[1]["name"] = "Two"
    said = run(session, ["q two", "quit"])
    assert ("'two' is both the name of Two (player 1) and the number of player 2 (Emma 2): "
            "type 1 or 2 for the one you mean. Type help for the commands.") in said, said
    assert not session.game.actions


def emptied_by_a_book(name: str) -> TableSession:
    """Bicycle for three: you (called ``name``) take Emma's three queens at once and book
    them (R3); Emma (player 1), her hand empty, is passed over until her turn (R15), and
    your hit keeps the turn (R7), so only Emma 2 (player 2) can be asked."""
    game = deal("bicycle", ["QD 2 3", "QC QH QS", "2 7 8"])
    settings = TableSettings(make_rules("bicycle", hand_size=3), players=3, name=name)
    session = TableSession(settings, game, settings.seats())
    session.game.play(Ask.of(1, Rank.QUEEN))
    assert session.askable_opponents() == [2] and session.game.current_player == 0
    return session


def test_a_name_that_counts_an_empty_seat_points_at_one_that_can_be_asked() -> None:
    # "type 1 to ask Emma" sent a person named One to a seat with no cards, which R15
    # passes over: the answer says so and names the seat that can be asked.
    session = emptied_by_a_book("One")
    said = run(session, ["2 one", "quit"])
    assert ("'one' is both your own name and the number of player 1 (Emma, who has no cards "
            "to ask for): type 2 to ask Emma 2. Type help for the commands.") in said, said
    assert len(session.game.actions) == 1
    run(session, ["2 2", "quit"])  # as the answer says: read
    assert session.game.actions[1] == (0, Ask.of(2, Rank.TWO))


def test_an_opponents_name_beside_an_empty_seat_points_at_the_named_one() -> None:
    # Emma 2 renamed One (a resumed game's seats): "2 one" is her name, or the number of
    # Emma, whose hand is empty (R15): only one reading can be asked, so it says that one.
    session = emptied_by_a_book("You")
    session.seats[2]["name"] = "One"
    said = run(session, ["2 one", "quit"])
    assert ("'one' is both the name of One (player 2) and the number of player 1 (Emma, who "
            "has no cards to ask for): type 2 to ask One. Type help for the commands."
            ) in said, said
    assert len(session.game.actions) == 1


@pytest.mark.parametrize("typed", ["q emma two", "Q Emma Two", "ask emma two for queens"])
def test_your_own_name_with_its_number_in_words_says_you_cannot_ask_yourself(
        typed: str) -> None:
    # R5: an ask goes to another player. A person named "Emma 2" (the bots then Emma, Emma
    # 3) typing their name as dictation writes it, "emma two", was told "There is no
    # opponent 'emma two'", where "q emma 2" said they cannot ask themselves.
    session = person_named("Emma 2", players=3)
    said = run(session, [typed, "quit"])
    assert [line for line in said if line.startswith("You cannot ask yourself: ask an "
                                                     "opponent, Emma (player 1")], said
    assert not [line for line in said if "There is no opponent" in line], said
    assert not session.game.actions

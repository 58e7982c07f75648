"""The end-of-game summary both front ends show: figures per player and who won."""

from __future__ import annotations

import io
import random

import pytest
from tests.core.stacked import deal

from gofish.bots import make_bot, play_out
from gofish.core import Ask, GoFishError, Rank, Suit, make_rules, new_game
from gofish.narrate import books_words
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings
from gofish.tally import tally


def test_asks_hits_go_fish_lucky_draws_and_the_streak_are_counted() -> None:
    game = deal("classic", ["9S 9H 5S", "9D 5H KS"], pond="9C")
    game.play(Ask.of(1, Rank.NINE))  # hit (R6): streak 1
    game.play(Ask.of(1, Rank.FIVE))  # hit: streak 2
    game.play(Ask.of(1, Rank.NINE))  # go fish, draws the 9C: lucky (R8), streak 3, a book
    game.play(Ask.of(1, Rank.FIVE))  # go fish, draws the A♠: the turn passes
    assert game.current_player == 1
    me, emma = tally(game.view(0).history, 2)
    assert (me.asks, me.hits, me.go_fish, me.lucky_draws) == (4, 2, 2, 1)
    assert me.longest_streak == 3 and me.books == 1
    assert (emma.asks, emma.hits, emma.books) == (0, 0, 0)


def test_a_streak_ends_when_the_turn_passes() -> None:
    game = deal("classic", ["9S 5S 7S", "9D 5H KS"], pond="AS AH")
    game.play(Ask.of(1, Rank.NINE))  # hit: 1
    game.play(Ask.of(1, Rank.SEVEN))  # go fish, draws the A♠: turn over
    game.play(Ask.of(0, Rank.KING))  # Emma: go fish (A♥), turn over
    game.play(Ask.of(1, Rank.FIVE))  # hit again: a new streak of 1
    me, _ = tally(game.view(0).history, 2)
    assert me.hits == 2 and me.longest_streak == 1


def test_the_headline_names_the_winner_or_the_shared_winners() -> None:
    settings = TableSettings(make_rules("classic"), seed=1)
    session = TableSession.deal(settings)
    play_out(session.game, [make_bot("random"), make_bot("emma")],
             [random.Random(1), random.Random(2)])
    (winner,) = session.game.winners or ()
    books = len(session.game.books[winner])
    expected = "You win" if winner == 0 else "Emma wins"
    # R14: a classic game ends with the 13th book, and the headline says so.
    assert session.headline() == f"All 13 books are down. {expected} with {books} books!"
    lines = session.end_lines()
    assert lines[0] == session.headline() and lines[1].startswith("You: ")

    pairs = make_rules("classic", book_size=2)  # pairs: ties become possible (R10)
    for seed in range(200):
        game = new_game(pairs, 2, seed=seed)
        play_out(game, [make_bot("random"), make_bot("random")],
                 [random.Random(seed), random.Random(seed + 1)])
        if game.winners == (0, 1):
            break
    else:
        raise AssertionError("no tied game in 200 seeds")
    tied = TableSession(TableSettings(pairs), game, TableSettings(pairs).seats())
    each = len(game.books[0])
    assert tied.headline() == (f"All 26 pairs are down. A shared win for you and Emma, "
                               f"with {each} pairs each!")


def test_the_summary_lines_count_in_the_singular_for_one() -> None:
    # "1 lucky draws" read badly: a count of one takes the singular.
    game = deal("classic", ["9S 9H 5S", "9D 5H KS"], pond="9C")
    game.play(Ask.of(1, Rank.NINE))  # a hit
    game.play(Ask.of(1, Rank.NINE))  # go fish, draws the 9C: one lucky draw (R8)
    settings = TableSettings(make_rules("classic"))
    session = TableSession(settings, game, settings.seats())
    mine = session.end_lines()[1]
    assert "1 lucky draw," in mine and "lucky draws" not in mine
    assert "1 hit," in mine and "2 asks," in mine and "1 book;" in mine


def test_table_settings_give_every_opponent_seat_a_bot() -> None:
    # A library caller naming too few opponents left a seat with neither a bot nor a
    # person, and the table waited on it for ever; the last one named now repeats.
    settings = TableSettings(make_rules("bicycle"), players=4, opponents=("counter", "random"))
    assert settings.opponents == ("counter", "random", "random")
    assert [seat["bot"] for seat in settings.seats()] == [None, "counter", "random", "random"]
    session = TableSession.deal(settings, None)
    for _ in range(400):
        if session.is_over:
            break
        if session.human_to_act:
            session.ask(session.view().legal_actions[0].target, session.held_ranks()[0])
        else:
            assert session.bot_move(), "a bot seat made no move"
    assert session.is_over
    with pytest.raises(GoFishError, match="2 opponents were named but a 2-player game has 1"):
        TableSettings(make_rules("classic"), opponents=("emma", "counter"))


def _nordic_session_played_out(seed: int) -> TableSession:
    settings = TableSettings(make_rules("nordic"), players=3, opponents=("emma", "emma"), seed=seed)
    session = TableSession.deal(settings)
    play_out(session.game, [make_bot("random"), make_bot("emma"), make_bot("emma")],
             [random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)])
    return session


def test_the_log_ends_with_what_each_opponent_still_held() -> None:
    # R19: a nordic game ends at the first empty hand or an empty sea, with cards still in
    # hand. Once it is over nothing is secret: the log says what the others held.
    session = _nordic_session_played_out(seed=3)
    game = session.game
    told = [text for _, text in session.history()]
    over = next(i for i, text in enumerate(told) if text.startswith("Game over"))
    expected = [f"{session.names[seat]} held {' '.join(c.pretty for c in game.hand(seat))}."
                for seat in (1, 2) if game.hand(seat)]
    assert expected and told[over + 1:] == expected
    assert not any(text.startswith("You held") for text in told)  # your own hand is in view


def test_nothing_is_said_of_the_other_hands_before_the_end() -> None:
    settings = TableSettings(make_rules("nordic"), players=3, opponents=("emma", "emma"), seed=3)
    session = TableSession.deal(settings)
    assert session.narrator.held_at_end(session.view()) == []
    assert not any(" held " in text for _, text in session.history())


def test_line_mode_ends_with_your_hand_and_books_a_to_k() -> None:
    # R19 (nordic): the game ends as Emma's hand empties, yours still holding the 2s. Line
    # mode shows no hand: the end said what the bots held but not what you did. Your books
    # were listed as laid ("K 7"), not as a hand is read.
    game = deal("nordic", ["KS KH KD 7S 2C", "KC 7H 7D 7C 2D"])
    settings = TableSettings(make_rules("nordic", hand_size=5), players=2)
    session = TableSession(settings, game, settings.seats())
    out = io.StringIO()
    assert play_plain(session, io.StringIO("2\nK\n7\nhand\ntable\nquit\n"), out) == 0
    said = out.getvalue().splitlines()
    assert session.game.is_over and session.game.books[0] == (Rank.KING, Rank.SEVEN)
    over = next(i for i, line in enumerate(said) if line.startswith("Game over"))
    assert said[over + 1] == "You held 2♣ 2♦.", said
    assert said.count("Your books: 7 K.") == 2, said  # hand, then table


def test_books_are_listed_by_rank_with_their_pairs_cards() -> None:
    # Pairs with card asks list each pair's suits (the cards nobody can ask for any more):
    # sorted by rank, each pair keeps its own cards.
    game = deal("classic", ["KS 5S", "KH 5H"], book_size=2, ask="card", refill="turn",
                end="all-books")
    game.play(Ask.of(1, Rank.KING, Suit.HEARTS))
    game.play(Ask.of(1, Rank.FIVE, Suit.HEARTS))
    assert books_words(game.view(0), 0) == "5 (5♥ 5♠), K (K♥ K♠)"

"""Plain mode under pairs (``book_size: 2``) with ``ask: card``: a typed ask for a card laid
face up (R3) is legal (R5) but nobody can answer it, so the table says where the card is
and reads another move instead of sending it (docs/rules.md, "Asking for a laid card")."""

from __future__ import annotations

import io

from tests.core.stacked import deal

from gofish.core import Rank, Suit, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings


def sevens_session(hands: list[str]) -> TableSession:
    game = deal("classic", hands, book_size=2, ask="card")
    settings = TableSettings(make_rules("classic", book_size=2, ask="card",
                                        hand_size=len(hands[0].split())),
                             players=len(hands), opponents=("emma",) * (len(hands) - 1))
    return TableSession(settings, game, settings.seats())


def run(session: TableSession, lines: str) -> str:
    out = io.StringIO()
    assert play_plain(session, io.StringIO(lines), out) == 0
    return out.getvalue()


def test_a_typed_laid_card_is_refused_with_where_it_is_and_what_to_ask_instead() -> None:
    # You were dealt 7♠ 7♥ 7♦: 7♠ 7♥ went down as a pair (R3, R4), 7♦ is in your hand.
    session = sevens_session(["7S 7H 7D 2", "7C 3 4 5"])
    out = run(session, "7s\nask for 7h\nquit\n")
    assert out.count("The 7♠ is already on the table, in your pair of 7s: nobody can hand "
                     "it over. Ask for the 7♣ instead.") == 1
    assert "The 7♥ is already on the table, in your pair of 7s" in out
    assert not session.game.actions  # neither was sent
    assert "On the table, so not to ask for: 7♥ 7♠." in out  # said with the prompt


def test_the_card_still_in_play_is_asked_for_and_the_hand_shows_the_pair() -> None:
    session = sevens_session(["7S 7H 7D 2", "7C 3 4 5"])
    out = run(session, "hand\n7c\nquit\n")
    assert "Your pairs: 7 (7♥ 7♠)." in out
    player, ask = session.game.actions[0]
    assert (player, ask.rank, ask.suit) == (0, Rank.SEVEN, Suit.CLUBS)


def test_a_card_in_an_opponents_pair_names_the_opponent() -> None:
    session = sevens_session(["7D 2 3", "7S 7H 4", "7C 5 6"])  # Emma laid 7♠ 7♥
    out = run(session, "7h 1\ntable\nquit\n")
    assert "The 7♥ is already on the table, in Emma's pair of 7s" in out
    assert "Ask for the 7♣ instead." in out and not session.game.actions
    assert "pairs: 7 (7♥ 7♠)." in out  # the table command shows which suits are down


def test_the_coach_says_paired_under_pairs_and_booked_otherwise() -> None:
    # Under pairs its lines said "booked 2" where the rest of the table says pairs.
    out = run(sevens_session(["7S 7H 7D 2", "7C 3 4 5"]), "coach\nquit\n")
    sevens = next(line for line in out.splitlines() if line.startswith("7: you 1;"))
    assert "; paired 2;" in sevens and "booked" not in out
    settings = TableSettings(make_rules("classic"), players=2, opponents=("emma",), seed=3)
    classic = run(TableSession.deal(settings, None), "coach\nquit\n")
    assert "; booked 0;" in classic and "paired" not in classic

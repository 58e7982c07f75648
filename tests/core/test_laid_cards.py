"""Books go down face up (R3): ``BookLaid`` names the cards, and every view shows them.

Under the house rules ``book_size: 2`` and ``ask: card`` a rank goes down as two
pairs, so which two suits a pair holds is news: the other two are still in play,
while an ask for a laid card is legal (R5: you hold the rank, not that card) and
can never be answered.
"""

from __future__ import annotations

import json
import pickle

import gofish
from gofish import Ask, BookLaid, Card, Game, WentFishing, redact

from .stacked import ask, card, cards, deal, hand, rank


def _sevens_pair_down() -> Game:
    """Seat 0 is dealt 7♠ 7♥ 7♦: the first two to arrive make a pair (R3, R4), 7♦ stays."""
    return deal("classic", ["7S 7H 7D 2", "7C 3 4 5"], book_size=2, ask="card")


def test_r3_r4_a_dealt_pair_is_the_first_two_to_arrive_shown_in_suit_order() -> None:
    game = _sevens_pair_down()
    laid = [e for e in game.events if isinstance(e, BookLaid)]
    assert laid == [BookLaid(0, rank("7"), cards("7H 7S"))]
    assert hand(game, 0) == "2S 7D"
    assert game.laid == (cards("7H 7S"), ())


def test_r5_asking_for_a_laid_card_stays_legal_and_is_a_sure_miss() -> None:
    game = _sevens_pair_down()
    legal = game.legal_actions()
    # The house rule asks only for a rank you hold and a card you do not (R5):
    assert Ask.of(1, "7", "S") in legal and Ask.of(1, "7", "H") in legal
    assert Ask.of(1, "7", "D") not in legal  # held
    assert game.goes_fishing(Ask.of(1, "7", "S"))
    events = ask(game, 1, "7", "S")
    assert events[1] == WentFishing(0, 1, False)


def test_every_view_shows_the_laid_cards_and_who_laid_them() -> None:
    game = _sevens_pair_down()
    for viewer in (0, 1, None):  # public: the owner, an opponent and a spectator alike
        view = game.view(viewer)
        assert view.laid == (cards("7H 7S"), ())
        assert view.laid_by(card("7S")) == 0 and view.laid_by(card("7H")) == 0
        assert view.laid_by(card("7D")) is None and view.laid_by(card("7C")) is None
        event = next(e for e in view.history if isinstance(e, BookLaid))
        assert event.cards == cards("7H 7S")
    book = next(e for e in game.events if isinstance(e, BookLaid))
    assert redact(book, 1) is book and redact(book, None) is book  # nothing secret in it


def test_to_dict_of_the_event_and_the_view_carry_the_cards_as_text() -> None:
    game = _sevens_pair_down()
    book = next(e for e in game.events if isinstance(e, BookLaid))
    assert book.to_dict() == {"type": "book_laid", "player": 0, "rank": "7",
                              "cards": ["7H", "7S"]}
    data = json.loads(json.dumps(game.view(1).to_dict()))
    assert data["laid"] == [["7H", "7S"], []]
    assert data["books"] == [["7"], []]
    assert {"type": "book_laid", "player": 0, "rank": "7", "cards": ["7H", "7S"]} in data["history"]


def test_r3_the_second_pair_of_a_rank_names_the_other_two_suits() -> None:
    game = _sevens_pair_down()
    ask(game, 1, "7", "C")  # seat 1 hands over 7♣: 7♦ 7♣ make the second pair
    assert game.laid == (cards("7H 7S 7C 7D"), ())  # pair by pair, each in suit order
    assert game.books == ((rank("7"), rank("7")), ())
    assert game.view(1).laid_by(card("7C")) == 0


def test_r3_a_book_of_four_lays_the_whole_rank_in_suit_order() -> None:
    game = deal("classic", ["9H 9S 9D 5", "9C 2 3 4"])
    events = ask(game, 1, "9")
    assert events[2] == BookLaid(0, rank("9"), cards("9C 9D 9H 9S"))
    assert game.view(1).laid == (cards("9C 9D 9H 9S"), ())


def test_laid_cards_do_not_tell_which_card_was_handed_over_or_drawn() -> None:
    # In arrival order the pair's last card was the one just handed over (or drawn),
    # which the hand-over hides from the third seat: these two deals looked different.
    seen = []
    for dealt in (["7S 2 3", "7D 4 5", "6 8 9"], ["7D 2 3", "7S 4 5", "6 8 9"]):
        game = deal("classic", dealt, book_size=2)
        ask(game, 1, "7")
        view = game.view(2)
        seen.append((view.laid, view.history[-3:]))
    assert seen[0] == seen[1]


def test_laid_cards_survive_a_record_round_trip_clone_and_pickle() -> None:
    game = _sevens_pair_down()
    ask(game, 1, "7", "C")
    rebuilt = gofish.game_from_record(json.loads(json.dumps(game.to_record())))
    assert rebuilt.laid == game.laid
    assert game.clone().laid == game.laid
    assert pickle.loads(pickle.dumps(game)).laid == game.laid
    twin = game.clone()
    assert twin._laid is not game._laid and twin._laid[0] is not game._laid[0]


def test_a_set_up_position_gives_its_books_the_cards_in_no_hand_nor_the_pond() -> None:
    # Books are given by rank: the pair of 7s holds the two 7s not in play, in suit order.
    rest = [c for c in gofish.FULL_DECK if c.rank != rank("7") and c not in cards("2S 3S")]
    game = Game.from_position({"preset": "classic", "book_size": 2, "ask": "card"}, 2,
                              [cards("7D 2S"), cards("7S 3S")], rest, [[], ["7"]], 0)
    assert game.laid == ((), cards("7C 7H"))
    assert game.view(0).laid_by(Card.parse("7H")) == 1

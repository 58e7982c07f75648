"""Arguments of the wrong kind from Python: any whole number counts as one (numpy's int64
was refused as "must be a whole number"), bools still do not, and None where a list or a
game belongs is refused as MalformedInputError naming the argument, not a TypeError or an
AttributeError from deep inside."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

from gofish.core import (
    Ask,
    Game,
    IllegalActionError,
    MalformedInputError,
    Rank,
    check_whole,
    game_to_record,
    make_rules,
    new_game,
    redact,
    replay_line,
    snapshot,
    sorted_cards,
)


def test_numpy_whole_numbers_count_players_and_seats() -> None:
    game = new_game("classic", players=np.int64(3), seed=np.int64(5),
                    first_player=np.int32(2))
    same = new_game("classic", players=3, seed=5, first_player=2)
    assert game.num_players == 3 and type(game.num_players) is int
    assert game.first_player == 2 and type(game.first_player) is int
    assert game.hand(np.int64(1)) == same.hand(1)  # the same deal: the seed is 5 either way
    assert game.view(np.int64(1)).viewer == 1
    assert game.to_record() == same.to_record()


def test_numpy_whole_numbers_in_house_rules_and_asks() -> None:
    rules = make_rules("classic", hand_size=np.int64(5), book_size=np.int64(2))
    assert (rules.hand_size, rules.book_size) == (5, 2)
    ask = Ask.of(np.int64(1), np.int64(12))
    assert ask == Ask.of(1, "Q") and type(ask.target) is int
    assert Rank.parse(np.int8(1)) is Rank.ACE
    assert check_whole("games", np.int64(7), 1) == 7


@pytest.mark.parametrize("flag", [True, np.True_])
def test_a_bool_is_still_not_a_count_or_a_seat(flag: object) -> None:
    with pytest.raises(MalformedInputError, match="number of players must be a whole number"):
        new_game(players=flag)
    with pytest.raises(MalformedInputError, match="first_player must be a seat from 0 to 1"):
        new_game(players=2, seed=1, first_player=flag)
    with pytest.raises(MalformedInputError, match="there is no player"):
        new_game(seed=1).view(flag)
    with pytest.raises(MalformedInputError, match="hand_size must be a whole number"):
        make_rules("classic", hand_size=flag)


def test_numpy_numbers_out_of_range_are_refused_as_out_of_range() -> None:
    with pytest.raises(MalformedInputError, match="6 players cannot play"):
        new_game(players=np.int64(6))
    with pytest.raises(MalformedInputError, match=re.escape("there is no player np.int64(2)")):
        new_game(seed=1).view(np.int64(2))


def _position_arguments() -> dict[str, object]:
    game = new_game("nordic", players=2, seed=4)
    return {"rules": "nordic", "players": 2, "hands": [game.hand(0), game.hand(1)],
            "pond": game.pond(), "books": game.books, "current_player": game.current_player}


@pytest.mark.parametrize(("name", "bad", "complaint"), [
    ("hands", None, "hands must be a list of one list of cards per player, not None"),
    ("hands", [None, []], "hands[0] must be a list of cards, not None"),
    ("pond", None, "pond must be a list of cards, not None"),
    ("pond", "AS KH", "pond must be a list of cards, not 'AS KH'"),
    ("books", None, "books must be a list of one list of ranks per player, not None"),
    ("books", [[], None], "books[1] must be a list of ranks, not None"),
    ("in_play", 5, "in_play must be a list of True or False per seat, not 5"),
])
def test_a_position_names_the_argument_that_is_not_a_list(
        name: str, bad: object, complaint: str) -> None:
    arguments = _position_arguments()
    assert Game.from_position(**arguments).current_player is not None  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError, match=re.escape(complaint)):
        Game.from_position(**{**arguments, name: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, {"rules": "classic"}])
def test_record_functions_refuse_what_is_not_a_game(bad: object) -> None:
    with pytest.raises(MalformedInputError, match=re.escape(f"snapshot needs a Game, not {bad!r}")):
        snapshot(bad)
    with pytest.raises(MalformedInputError,
                       match=re.escape(f"game_to_record needs a Game, not {bad!r}")):
        game_to_record(bad)


@pytest.mark.parametrize("bad", [None, 5, ["{}"]])
def test_replay_line_refuses_what_is_not_a_line(bad: object) -> None:
    with pytest.raises(MalformedInputError,
                       match=re.escape(f"replay_line takes one line of text, not {bad!r}")):
        replay_line(bad)


def test_replay_line_still_reads_text_and_bytes() -> None:
    game = new_game(seed=3)
    line = json.dumps(game.to_record())
    assert replay_line(line) == snapshot(game)
    assert replay_line(line.encode()) == snapshot(game)  # as json.loads reads it


def test_redact_refuses_what_is_not_an_event_or_a_seat() -> None:
    dealt = new_game(seed=1).events[0]
    assert redact(dealt, np.int64(0)) == redact(dealt, 0)
    with pytest.raises(MalformedInputError, match="redact needs an event, not None"):
        redact(None, 0)
    with pytest.raises(MalformedInputError,
                       match="viewer must be a seat number, or None for a spectator, not 'me'"):
        redact(dealt, "me")


@pytest.mark.parametrize("bad", [None, ["AS"], [None]])
def test_sorted_cards_refuses_what_are_not_cards(bad: object) -> None:
    with pytest.raises(MalformedInputError,
                       match=re.escape(f"sorted_cards takes Card objects, not {bad!r}")):
        sorted_cards(bad)  # type: ignore[arg-type]


def test_goes_fishing_refuses_what_play_would_refuse_in_its_words() -> None:
    # A text was an AttributeError ('str' object has no attribute 'target'), a seat past the
    # table an IndexError, and asking yourself or a finished game answered a bool regardless.
    game = new_game("classic", 2, seed=1)
    asker = game.current_player
    assert asker is not None
    with pytest.raises(MalformedInputError,
                       match=r"^an action must be an Ask, not 'ask 1 for 9'$"):
        game.goes_fishing("ask 1 for 9")
    with pytest.raises(IllegalActionError, match=r"^there is no player 4: seats are 0 to 1$"):
        game.goes_fishing(Ask.of(4, "A"))
    with pytest.raises(IllegalActionError, match=f"^player {asker} cannot ask themselves$"):
        game.goes_fishing(Ask.of(asker, game.hand(asker)[0].rank))
    assert [game.goes_fishing(a) for a in game.legal_actions()].count(True) > 0  # still answers
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    with pytest.raises(IllegalActionError,
                       match=r"^the game is over: no more asks can be made$"):
        game.goes_fishing(Ask.of(1, "A"))


def test_a_view_counts_and_finds_cards_written_as_text() -> None:
    # count_of("K") was 0 and laid_by("7S") None, whatever the hand and the books held.
    game = new_game({"preset": "classic", "book_size": 2}, 2, seed=4)
    view = game.view(0)
    rank = view.hand[0].rank if view.hand else Rank.ACE
    assert view.count_of(rank.symbol) == view.count_of(rank) > 0
    assert view.count_of(rank.symbol.lower()) == view.count_of(int(rank)) == view.count_of(rank)
    laid = next(card for cards in game.laid for card in cards)
    assert view.laid_by(str(laid)) == view.laid_by(laid) is not None
    with pytest.raises(MalformedInputError, match=r"^unknown rank None"):
        view.count_of(None)
    with pytest.raises(MalformedInputError, match=r"^unknown card 'ZZ'"):
        view.laid_by("ZZ")
